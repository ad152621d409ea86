import { test } from 'node:test';
import assert from 'node:assert/strict';
import React from 'react';
import { render } from 'ink';
import { App } from '../../src/ui/app.js';
import { spokenStream } from '../../src/ui/screen-reader/stream.js';
import { ConsoleStore } from '../../src/store/store.js';
import { FakeClient } from '../support/fake-client.js';
import { permissionFrom } from '../support/ui-events.js';
import { SizedStdout, TestStdin } from '../support/ui.js';

// The clock ticks every second in the screen-reader surface too (deadlines
// are its business), but nothing it shows counts down: an idle minute
// writes no byte, and a deadline nearing is one line, added once.

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await settle();
}
const RELAY = 'http://relay.test';
const T0 = Date.parse('2026-07-03T10:00:05Z');

/** The App as the CLI runs it with --screen-reader: Ink's screen-reader output, unthrottled, through the stream that is no TTY to Ink. */
function mount(expiresInS: number, timers: { tick: (ms: number) => void }) {
  const clock = { wall: T0 };
  const store = new ConsoleStore({ now: () => clock.wall });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const prompt = 'Run rm -rf build/';
  const data = {
    kind: 'permission',
    prompt,
    options: [{ id: 'allow', label: 'Allow' }],
    respond_via: ['control'],
    expires_at: new Date(T0 + expiresInS * 1000).toISOString(),
  };
  store.applyEvent(RELAY, permissionFrom('codex-5', 's1', prompt, { data, severity: 'warning' }), { replayed: true });
  const terminal = new SizedStdout(80, 24);
  const app = render(
    <App
      store={store}
      clients={[client]}
      now={() => clock.wall}
      tickMs={1000}
      size={{ columns: 80, rows: 24 }}
      env={{}}
      write={() => {}}
      screenReader
    />,
    {
      stdout: spokenStream(terminal as unknown as NodeJS.WriteStream),
      stdin: new TestStdin() as unknown as NodeJS.ReadStream,
      isScreenReaderEnabled: true,
      exitOnCtrlC: false,
      patchConsole: false,
    },
  );
  const bytes = () => terminal.frames.join('').length;
  /** Moves the wall clock and the timers one second at a time, as the terminal would live them. */
  const idle = async (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      clock.wall += 1000;
      // A mocked timer fires only on tick(); the App's clock is one.
      timers.tick(1000);
      await flush();
    }
  };
  return { app, terminal, bytes, idle };
}

test('an idle minute with the clock ticking every second writes nothing: the time left read stays as read', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const { app, terminal, bytes, idle } = mount(200, t.mock.timers);
  t.after(() => app.unmount());
  await flush();
  const first = terminal.frames.join('');
  assert.match(first, /1 of 1: codex-5 asks permission, warning, 3 minutes left: Run rm -rf build\//);
  assert.doesNotMatch(first, /\u001b\[\?2026/, 'no synchronized-output marks');
  const before = bytes();
  const writes = terminal.frames.length;
  await idle(60);
  assert.equal(terminal.frames.length, writes, 'no write in a minute');
  assert.equal(bytes(), before, 'no byte in a minute');
});

test('30 s, the last call at 15 s, and 10 s before the deadline: one appended line each, and nothing else moves', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const { app, terminal, idle } = mount(45, t.mock.timers);
  t.after(() => app.unmount());
  await flush();
  assert.match(terminal.frames.join(''), /45 seconds left: Run rm/);
  const start = terminal.frames.length;
  await idle(14);
  assert.equal(terminal.frames.length, start, 'nothing at 31 s left');
  await idle(1);
  const at30 = terminal.frames.slice(start).join('');
  assert.equal(at30.match(/codex-5: 30 seconds left to answer\./g)?.length, 1);
  const after30 = terminal.frames.length;
  await idle(14);
  assert.equal(terminal.frames.length, after30, 'nothing between 30 s and the last call');
  await idle(1);
  // The last call (15 s left): said once, with the request's words.
  const call = terminal.frames.slice(after30).join('');
  assert.equal(call.match(/Last call: codex-5, 15 seconds left to answer: Run rm -rf build\//g)?.length, 1, call);
  const afterCall = terminal.frames.length;
  await idle(4);
  assert.equal(terminal.frames.length, afterCall, 'nothing between the last call and 10 s');
  await idle(1);
  assert.equal(
    terminal.frames
      .slice(afterCall)
      .join('')
      .match(/codex-5: 10 seconds left to answer\./g)?.length,
    1,
  );
  assert.equal(terminal.frames.join('').match(/Last call/g)?.length, 1, 'the last call is said once');
  assert.doesNotMatch(
    terminal.frames.join(''),
    /[0-9]+ seconds left: Run rm.*\n[\s\S]*4[0-4] seconds left: Run rm/,
    'the region never counts down',
  );
});
