// The console's App driven through a fixed scenario, every frame Ink writes
// kept: run once as the sources run under the tests (Ink as published) and
// once bundled with the shipped bundle's Ink patches, by
// ink-patches-app.test.ts, which compares the two frame by frame. Not a test
// file itself: both runs import it.
import React from 'react';
import chalk from 'chalk';
import { render } from 'ink';
import { App } from '../../src/ui/app.js';
import { ConsoleStore } from '../../src/store/store.js';
import { FakeClient } from '../support/fake-client.js';
import { requested } from '../support/events.js';
import { manyRequests, permissionFrom } from '../support/ui-events.js';
import { KEY, NOW, RELAY, SizedStdout, TestStdin } from '../support/ui.js';

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** Keys an operator might press: scroll past the window both ways, open, mark, filter, help, timeline, back. */
const KEYS = [
  ...Array.from({ length: 30 }, () => KEY.down),
  ...Array.from({ length: 8 }, () => KEY.up),
  KEY.pageDown,
  'G',
  'g',
  ' ',
  KEY.down,
  ' ',
  KEY.enter,
  KEY.down,
  KEY.tab,
  'x',
  KEY.esc,
  '/',
  'a',
  'g',
  'e',
  'n',
  't',
  '-',
  '1',
  KEY.enter,
  KEY.esc,
  '?',
  KEY.down,
  KEY.esc,
  't',
  KEY.esc,
  ...Array.from({ length: 12 }, () => 'j'),
];

export async function appFrames(columns: number, rows: number): Promise<string[]> {
  // Both runs styled alike: chalk finds no color support in a test process.
  chalk.level = 3;
  const store = new ConsoleStore({ now: () => NOW });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const form = requested(
    {
      kind: 'form',
      prompt: 'Configure the deploy',
      fields: [
        { id: 'name', type: 'string', label: 'Service name', required: true },
        { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 9 },
      ],
      respond_via: ['control'],
    },
    { severity: 'warning' },
  );
  const wide = permissionFrom(
    'codex-漢字',
    's-wide',
    'Permission requested: Bash — echo 漢字 👍🏽 and a prompt long enough to be cut at the edge of the list',
    { severity: 'critical' },
  );
  store.batch(() => [...manyRequests(45), form, wide].forEach((e) => store.applyEvent(RELAY, e, { replayed: true })));
  const stdout = new SizedStdout(columns, rows);
  const stdin = new TestStdin();
  const instance = render(
    <App
      store={store}
      clients={[client]}
      now={() => NOW}
      tickMs={3_600_000}
      size={{ columns, rows }}
      env={{}}
      write={() => {}}
    />,
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      debug: true,
      patchConsole: false,
      exitOnCtrlC: false,
    },
  );
  await settle();
  for (const key of KEYS) {
    stdin.write(key);
    await settle();
  }
  instance.unmount();
  return stdout.frames;
}
