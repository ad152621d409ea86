import { test } from 'node:test';
import assert from 'node:assert/strict';
import React from 'react';
import { render } from 'ink-testing-library';
import { ConsoleStore } from '../../src/store/store.js';
import { App } from '../../src/ui/app.js';
import type { FieldSpec } from '../../src/protocol/types.js';
import { FakeClient } from '../support/fake-client.js';
import { event, requested } from '../support/events.js';

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

const goldenFields: FieldSpec[] = [
  { id: 'name', type: 'string', label: 'Service name', required: true },
  { id: 'staged', type: 'boolean', label: 'Deploy to staging first?' },
  {
    id: 'regions',
    type: 'select',
    label: 'Regions',
    multi: true,
    choices: [
      { id: '1', label: 'us-east' },
      { id: '2', label: 'eu-west' },
      { id: '3', label: 'ap-south' },
    ],
  },
  {
    id: 'db',
    type: 'select',
    label: 'Database',
    other: true,
    choices: [
      { id: '1', label: 'PostgreSQL' },
      { id: '2', label: 'SQLite' },
    ],
  },
];

const KEYS = { enter: '\r', down: '\u001b[B', up: '\u001b[A', tab: '\t', space: ' ' };

function setup(fields: FieldSpec[], options: { capture?: string; columns?: number; rows?: number } = {}) {
  const store = new ConsoleStore({ now: () => NOW });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const request = requested(
    { kind: 'form', prompt: 'Configure the new service deployment', fields, respond_via: ['control'] },
    { session: 's_form', capture: (options.capture ?? 'redacted') as never },
  );
  store.applyEvent(RELAY, request);
  const size = { columns: options.columns ?? 80, rows: options.rows ?? 40 };
  const app = render(
    <App
      store={store}
      clients={[client]}
      size={size}
      tickMs={0}
      now={() => NOW}
      write={() => {}}
      env={{ NO_COLOR: '1', LANG: 'C.UTF-8' }}
    />,
  );
  const frame = () => app.lastFrame() ?? '';
  /** Writes one key and waits until Ink has rendered (or nothing changed after a few turns). */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      await settle();
    }
    if (keys.length === 0) await settle();
  };
  const type = async (text: string) => press(text);
  return { store, client, app, frame, press, type, request };
}

test('the golden form answered through keys sends exactly the corpus values', async () => {
  const { client, press, type, app } = setup(goldenFields);
  await press(KEYS.enter);
  await type('billing-api');
  await press(
    KEYS.enter,
    KEYS.space,
    KEYS.enter,
    KEYS.space,
    KEYS.down,
    KEYS.down,
    KEYS.space,
    KEYS.enter,
    KEYS.down,
    KEYS.down,
  );
  await type('MariaDB');
  await press(KEYS.enter, KEYS.enter);
  assert.equal(client.sent.length, 1);
  assert.deepEqual(client.sent[0].data, {
    answer: { values: { name: 'billing-api', staged: true, regions: ['1', '3'], db: 'MariaDB' } },
  });
  assert.equal(client.sent[0].capture, 'redacted', 'string and other values make the command redacted');
  app.unmount();
});

test('a structural-only form answer declares capture metadata', async () => {
  const { client, press, app } = setup([goldenFields[1], goldenFields[2]]);
  await press(KEYS.enter, 'y', KEYS.enter, KEYS.space, KEYS.enter, KEYS.enter);
  assert.deepEqual(client.sent[0].data, { answer: { values: { staged: true, regions: ['1'] } } });
  assert.equal(client.sent[0].capture, 'metadata');
  app.unmount();
});

test('required marks, constraints and a submit that fails validation focus the field with its reason', async () => {
  const { client, press, frame, app } = setup([
    ...goldenFields,
    { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
  ]);
  await press(KEYS.enter);
  assert.match(frame(), /Service name\* \(text\)/);
  await press(KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab);
  assert.match(frame(), /Replicas \(1–10\)/);
  await press('4', '2');
  assert.match(frame(), /must be at most 10/);
  await press(KEYS.tab, KEYS.enter);
  assert.equal(client.sent.length, 0, 'nothing is sent');
  assert.match(frame(), /▸ Service name\*/);
  assert.match(frame(), /✗ required/);
  app.unmount();
});

test("the emitter's rejection returns to the form with values kept and the detail shown", async () => {
  const { client, store, press, type, frame, app } = setup(goldenFields);
  await press(KEYS.enter);
  await type('billing-api');
  await press(KEYS.tab, KEYS.tab, KEYS.tab, KEYS.tab, KEYS.enter);
  assert.equal(client.sent.length, 1);
  store.commandSettled(client.sent[0].id, {
    state: 'rejected',
    reason: 'invalid',
    detail: 'db: required by this agent',
  });
  await press();
  assert.match(frame(), /✗ rejected/, 'the row says so; the focus stays on the list');
  await press(KEYS.enter);
  assert.match(frame(), /rejected the answer: db: required by this agent/);
  assert.match(frame(), /▸ Database/);
  assert.match(frame(), /Service name\* \(text\): billing-api/, 'values kept');
  await press(KEYS.space, KEYS.enter, KEYS.enter);
  assert.equal(client.sent.length, 2, 'a corrected submit goes out as a new command');
  assert.deepEqual(client.sent[1].data, { answer: { values: { name: 'billing-api', db: '1' } } });
  app.unmount();
});

test('capture metadata: labels are shown as withheld placeholders and answering still works', async () => {
  const fields: FieldSpec[] = [
    { id: 'f1', type: 'boolean', label: '1' },
    {
      id: 'f2',
      type: 'select',
      label: '2',
      choices: [
        { id: '1', label: '1' },
        { id: '2', label: '2' },
      ],
    },
  ];
  const { client, press, frame, app } = setup(fields, { capture: 'metadata' });
  await press(KEYS.enter);
  assert.match(frame(), /field 1 \(label withheld\)/);
  assert.match(frame(), /content withheld at capture metadata/);
  await press(KEYS.tab);
  assert.match(frame(), /choice 1/);
  assert.match(frame(), /choice 2/);
  await press(KEYS.down, KEYS.enter, KEYS.enter);
  assert.deepEqual(client.sent[0].data, { answer: { values: { f2: '2' } } });
  app.unmount();
});

test('malformed fields render as such and block submit with a reason', async () => {
  const fields = [
    { id: 'a', type: 'select', label: 'Pick', choices: [] },
    { id: 'b', type: 'colour', label: 'Paint' },
  ] as unknown as FieldSpec[];
  const { client, press, frame, app } = setup(fields);
  await press(KEYS.enter);
  assert.match(frame(), /Pick: malformed field/);
  assert.match(frame(), /Paint: malformed field/);
  await press(KEYS.tab, KEYS.tab, KEYS.enter);
  assert.equal(client.sent.length, 0);
  app.unmount();
});

test('a 30-field form with a 50-choice select at 80x24 never exceeds the terminal and keeps the active field visible', async () => {
  const fields: FieldSpec[] = Array.from({ length: 30 }, (_, i) =>
    i === 10
      ? {
          id: `f${i}`,
          type: 'select',
          label: `Big select ${i}`,
          choices: Array.from({ length: 50 }, (_, c) => ({ id: `c${c}`, label: `choice-label-${c}` })),
        }
      : { id: `f${i}`, type: 'string', label: `Field number ${i}` },
  );
  const { press, frame, app } = setup(fields, { columns: 80, rows: 24 });
  await press(KEYS.enter);
  for (let i = 0; i < 31; i++) {
    const lines = frame().split('\n');
    assert.ok(lines.length <= 23, `frame has ${lines.length} lines at stop ${i}`);
    if (i < 30) assert.match(frame(), new RegExp(`▸ (Field number|Big select) ${i}\\b`), `field ${i} visible`);
    else assert.match(frame(), /▸ \[ Submit \]/);
    if (i === 10) {
      for (let c = 0; c < 45; c++) await press(KEYS.down);
      assert.match(frame(), /▸ \( \) choice-label-45/);
      assert.ok(frame().split('\n').length <= 23);
    }
    await press(KEYS.tab);
  }
  app.unmount();
});

test('the recorded outcome maps choice ids back to labels, other text included', async () => {
  const { store, client, press, type, frame, app, request } = setup(goldenFields, { columns: 80 });
  await press(KEYS.enter);
  await type('billing-api');
  await press(
    KEYS.tab,
    KEYS.space,
    KEYS.tab,
    KEYS.space,
    KEYS.down,
    KEYS.down,
    KEYS.space,
    KEYS.tab,
    KEYS.down,
    KEYS.down,
  );
  await type('MariaDB');
  await press(KEYS.enter, KEYS.enter);
  const command = client.sent[0];
  store.commandSettled(command.id, { state: 'accepted' });
  const source = request.source;
  store.applyEvent(
    RELAY,
    event({
      type: 'attention.answered',
      session: 's_form',
      source,
      subject: request.id,
      cause: command.id,
      data: { answer: command.data!.answer, by: 'aep-console', via: 'control' },
    }),
  );
  store.applyEvent(
    RELAY,
    event({
      type: 'attention.resolved',
      session: 's_form',
      source,
      subject: request.id,
      data: { resolution: 'answered', latency_ms: 5000 },
    }),
  );
  await press();
  // Back on the list after the answer; the request is in Recent now: open it.
  await press(KEYS.down, KEYS.enter);
  const text = frame().replace(/\s+/g, ' ');
  assert.match(
    text,
    /answered by you via control: Service name: "billing-api"; Deploy to staging first\?: yes; Regions: us-east, ap-south; Database: "MariaDB" \(other\) · after 5s/,
  );
  app.unmount();
});

test('a form with no fields never lands a stray Enter on Submit: it is answered in words', async () => {
  const { client, press, type, frame, app } = setup([]);
  await press(KEYS.enter, KEYS.enter, KEYS.enter);
  assert.equal(client.sent.length, 0, 'stray Enters send nothing');
  assert.match(frame(), /answer it in words/);
  await type('not now');
  await press(KEYS.enter);
  assert.deepEqual(client.sent[0].data, { answer: { text: 'not now' } });
  app.unmount();
});

test('a malformed form is shown read-only and can still be refused in words', async () => {
  const fields = [
    { id: 'a', type: 'string', label: 'Same id' },
    { id: 'a', type: 'number', label: 'Same id again' },
  ] as FieldSpec[];
  const { client, press, type, frame, app } = setup(fields);
  await press(KEYS.enter);
  assert.match(frame(), /Same id \(text\): — {2}✗ duplicate field id/);
  await type('please fix the form');
  await press(KEYS.enter);
  assert.deepEqual(client.sent[0].data, { answer: { text: 'please fix the form' } });
  app.unmount();
});
