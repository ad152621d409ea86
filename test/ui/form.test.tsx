import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldSpec } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import { replicasField, selectField, serviceNameField, stagedField } from '../support/requests.js';
import { KEY, flat, lines, renderApp } from '../support/ui.js';

const FIELDS: FieldSpec[] = [
  serviceNameField(),
  replicasField(),
  stagedField('Staged rollout'),
  selectField(
    'regions',
    'Regions',
    [
      ['us-east', 'US East'],
      ['eu-west', 'EU West'],
      ['ap-south', 'AP South'],
    ],
    { multi: true },
  ),
  selectField(
    'db',
    'Database',
    [
      ['pg', 'Postgres'],
      ['my', 'MySQL'],
    ],
    { other: true },
  ),
];

const form = (fields: FieldSpec[] = FIELDS) =>
  requested({ kind: 'form', prompt: 'Configure the deploy', fields, respond_via: ['control'] });
const active = (frame: string) => lines(frame).find((l) => /^▸ \S/.test(l) && !l.startsWith('▸ [ Submit'));

test('a form opens on its first field; each field shows its label, * when required and its constraint', async (t) => {
  const h = await renderApp({ events: [form()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(active(h.frame()) ?? '', /^▸ Service name\* \(text\)/);
  for (const label of ['Replicas', 'Staged rollout', 'Regions', 'Database'])
    assert.match(h.frame(), new RegExp(`^  ${label}`, 'm'), `${label} listed in order`);
  assert.match(h.frame(), /\[ Submit \]/);
  // The constraint of each field, as the field becomes active.
  for (const constraint of [
    /^▸ Replicas \(1–10\)/,
    /^▸ Staged rollout \(yes \/ no \/ unset\)/,
    /^▸ Regions \(pick any\)/,
    /^▸ Database \(pick one, or type your own\)/,
  ]) {
    await h.press(KEY.enter);
    assert.match(active(h.frame()) ?? '', constraint);
  }
  assert.equal(h.client.sent.length, 0, 'Enter on fields confirms and moves, never sends');
});

test('filling every field type with the keys from the contract sends {values}', async (t) => {
  const h = await renderApp({ events: [form()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  // string: printable keys are text (q, j, k, ?, y, n too)
  await h.press('billingq?yn', KEY.backspace, KEY.ctrlH, KEY.backspace, KEY.backspace, KEY.tab);
  assert.match(active(h.frame()) ?? '', /^▸ Replicas/);
  assert.match(h.frame(), /Service name\*(?: \(text\))?: billing$/m);
  // number: range checked as you type; both Backspaces erase
  await h.press('42');
  assert.match(h.frame(), /✗ must be at most 10/);
  await h.press(KEY.backspace, KEY.ctrlH, '3', KEY.enter);
  // boolean: Space toggles, y / n set
  assert.match(active(h.frame()) ?? '', /^▸ Staged rollout/);
  await h.press(KEY.space);
  assert.match(h.frame(), /\[x\] yes/);
  await h.press('n');
  assert.match(h.frame(), /\[ \] no/);
  await h.press('y', KEY.tab);
  // multi select: Space toggles the highlighted choice, Enter keeps the set
  assert.match(active(h.frame()) ?? '', /^▸ Regions/);
  await h.press(KEY.space, KEY.down, KEY.down, KEY.space, KEY.enter);
  assert.match(h.frame(), /Regions(?: \(pick any\))?: US East, AP South/);
  // single select with other: Other… is the last row and takes text
  assert.match(active(h.frame()) ?? '', /^▸ Database/);
  const rows = lines(h.frame());
  const other = rows.findIndex((l) => l.includes('Other…'));
  assert.ok(other > rows.findIndex((l) => l.includes('MySQL')), 'Other… after the choices');
  await h.press(KEY.down, KEY.down, 'Mariaq', KEY.backspace, 'DB', KEY.enter);
  assert.match(active(h.frame()) ?? '', /^$/, 'no field active: on Submit');
  assert.match(h.frame(), /^▸ \[ Submit \]/m);
  assert.equal(h.client.sent.length, 0);
  // Shift-Tab goes back, Tab returns to Submit
  await h.press(KEY.shiftTab);
  assert.match(active(h.frame()) ?? '', /^▸ Database/);
  await h.press(KEY.tab, KEY.enter);
  assert.equal(h.client.sent.length, 1, flat(h.frame()));
  assert.deepEqual(h.client.sent[0].data?.answer, {
    values: { name: 'billing', replicas: 3, staged: true, regions: ['us-east', 'ap-south'], db: 'MariaDB' },
  });
  assert.equal(h.client.sent[0].capture, 'redacted');
});

test('Submit validates first: a missing required field and an out-of-range number are reported, nothing is sent', async (t) => {
  const h = await renderApp({ events: [form()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.tab, '0', KEY.shiftTab, KEY.shiftTab);
  assert.match(h.frame(), /^▸ \[ Submit \]/m, 'Shift-Tab from the first field wraps to Submit');
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(active(h.frame()) ?? '', /^▸ Service name/, 'focus moves to the first field in error');
  assert.match(h.frame(), /✗ required/);
  assert.match(h.frame(), /Replicas(?: \(1–10\))?: 0 {2}✗ (must be at least 1|below the minimum 1)/);
});

test('choice ids and numbers only: the form answer declares capture metadata', async (t) => {
  const fields: FieldSpec[] = [
    {
      id: 'env',
      type: 'select',
      label: 'Env',
      required: true,
      choices: [
        { id: 'stg', label: 'Staging' },
        { id: 'prd', label: 'Prod' },
      ],
    },
    { id: 'n', type: 'number', label: 'Count' },
  ];
  const h = await renderApp({ events: [form(fields)] });
  t.after(h.unmount);
  // The select is picked (its digit); a stray Enter would pick nothing (form-enter-picks.test.tsx).
  await h.press(KEY.enter, '1', KEY.enter, '2', KEY.enter, KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: { env: 'stg', n: 2 } });
  assert.equal(h.client.sent[0].capture, 'metadata');
});

test('q and ? act on a non-text form stop but are text in a text field', async (t) => {
  const fields: FieldSpec[] = [
    { id: 'why', type: 'string', label: 'Why' },
    { id: 'ok', type: 'boolean', label: 'OK' },
  ];
  const h = await renderApp({ events: [form(fields)] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'q?');
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /\[q\?/);
  await h.press(KEY.tab, '?');
  assert.match(h.frame(), /any other key closes/);
  await h.press('x', 'q');
  assert.match(h.frame(), /Quit\?/, 'the draft is dirty, so quitting asks');
});

test("the emitter's rejection comes back on the form: values kept, focus on the named field, reason beside it", async (t) => {
  const h = await renderApp({ events: [form()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'billing', KEY.tab, '4', KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.enter);
  assert.equal(h.client.sent.length, 1);
  h.store.commandSettled(h.client.sent[0].id, {
    state: 'rejected',
    reason: 'invalid',
    detail: 'replicas: must be odd',
  });
  await h.settle();
  // The rejection marks the row (it never takes the focus); Enter reopens the form.
  assert.match(h.frame(), /^▸● .*✗ rejected/m);
  await h.press(KEY.enter);
  const frame = h.frame();
  assert.match(flat(frame), /✗ the agent rejected the answer: replicas: must be odd/);
  assert.match(active(frame) ?? '', /^▸ Replicas/);
  assert.match(frame, /✗ must be odd/);
  assert.match(frame, /Service name\*(?: \(text\))?: billing/);
  await h.press(KEY.backspace, '5', KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.enter);
  assert.equal(h.client.sent.length, 2);
  assert.deepEqual(h.client.sent[1].data?.answer, { values: { name: 'billing', replicas: 5 } });
});

test('a form draft survives Esc and reopening', async (t) => {
  const h = await renderApp({ events: [form()], size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'billing', KEY.tab, '7', KEY.esc);
  assert.match(h.frame(), /Pending \(1\)/);
  await h.press(KEY.enter);
  assert.match(h.frame(), /Service name\*(?: \(text\))?: billing/);
  assert.match(active(h.frame()) ?? '', /^▸ Replicas/);
  assert.match(h.frame(), /\[7/);
});
