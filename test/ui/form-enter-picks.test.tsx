// Hostile input V, "forms never pick for the operator" and Keys (changed
// 2026-12-07): Enter in a single select picks only what the operator picked
// or moved the highlight to; with nothing picked and the highlight never
// moved it picks nothing, says how to pick, and moves on; Submit refuses a
// required unpicked field and goes back to it with `✗ required`. A field's
// default is shown beside it and taken only with form.takeDefault.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldSpec } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import { KEY, flat, lines, renderApp } from '../support/ui.js';

const CTRL_T = '\u0014';
const form = (fields: FieldSpec[]) =>
  requested({ kind: 'form', prompt: 'Configure the deploy', fields, respond_via: ['control'] });
const active = (frame: string) => lines(frame).find((l) => /^▸ \S/.test(l) && !l.startsWith('▸ [ Submit'));

const REGION: FieldSpec = {
  id: 'region',
  type: 'select',
  label: 'Region',
  required: true,
  choices: [
    { id: 'us-east-1', label: 'us-east-1' },
    { id: 'eu-west-1', label: 'eu-west-1' },
  ],
};
const ENV: FieldSpec = {
  id: 'env',
  type: 'select',
  label: 'Env',
  choices: [
    { id: 'stg', label: 'Staging' },
    { id: 'prd', label: 'Prod' },
  ],
};

test('Enter on an unpicked pick-one picks nothing, says how to pick, and moves on; Submit refuses it (✗ required)', async (t) => {
  const h = await renderApp({ events: [form([REGION])], size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(active(h.frame()) ?? '', /^▸ Region\* \(pick one\)/);
  await h.press(KEY.enter);
  assert.match(h.frame(), /^▸ \[ Submit \]/m, 'Enter moved on to Submit');
  assert.match(flat(h.frame()), /Region\*.*: — {2}✗ nothing picked: ↑\/↓ and Enter, Space, 1-2 picks/);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0, 'nothing sent');
  assert.match(active(h.frame()) ?? '', /^▸ Region/, 'back to the field');
  assert.match(h.frame(), /✗ required/);
  await h.press(KEY.enter, KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0, 'Enters alone never send a pick-one');
});

test('Enter, Enter on an optional pick-one sends no choice; a digit then Enter, Enter sends the digit’s', async (t) => {
  const h = await renderApp({ events: [form([ENV])] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.enter, KEY.enter);
  // The optional field is left out: the values hold no env (never "stg", the highlighted first choice).
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: {} });
  const g = await renderApp({ events: [form([ENV])] });
  t.after(g.unmount);
  await g.press(KEY.enter, '2', KEY.enter, KEY.enter);
  assert.deepEqual(g.client.sent[0]?.data?.answer, { values: { env: 'prd' } });
});

test('a digit on a required pick-one, then Enter, Enter: the digit’s choice is sent', async (t) => {
  const h = await renderApp({ events: [form([REGION])] });
  t.after(h.unmount);
  await h.press(KEY.enter, '2', KEY.enter, KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: { region: 'eu-west-1' } });
});

test('the choice the operator moved the highlight to is what Enter picks (↓ then ↑ included)', async (t) => {
  const h = await renderApp({ events: [form([REGION])] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.down, KEY.up, KEY.enter, KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: { region: 'us-east-1' } });
});

test('a default is shown beside its field and taken only with form.takeDefault (Ctrl-T, in the footer)', async (t) => {
  const fields: FieldSpec[] = [
    { ...REGION, default: 'eu-west-1' },
    { id: 'name', type: 'string', label: 'Name', default: 'billing' },
  ];
  const h = await renderApp({ events: [form(fields)], size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(active(h.frame()) ?? '', /^▸ Region\* \(pick one; default: eu-west-1\)/);
  assert.match(h.frame(), /Ctrl-T default/, 'the footer names the key, at 80 columns');
  // Enter does not take it.
  await h.press(KEY.enter);
  assert.match(flat(h.frame()), /Region\*.*: — {2}✗ nothing picked/);
  // On the text field, Ctrl-T takes its default (a printable key would be text).
  await h.press(CTRL_T, KEY.enter);
  await h.press(KEY.enter);
  assert.equal(h.client.sent.length, 0, 'the region is still unpicked: Submit refuses');
  assert.match(h.frame(), /✗ required/);
  await h.press(CTRL_T);
  assert.match(flat(h.frame()), /\(•\) eu-west-1/, 'the default is picked on screen');
  await h.press(KEY.enter, KEY.enter, KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: { region: 'eu-west-1', name: 'billing' } });
});

test('form.takeDefault on a field without a default says so and changes nothing', async (t) => {
  const h = await renderApp({ events: [form([ENV])] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.ok(!h.frame().includes('Ctrl-T'), 'not offered where there is no default');
  await h.press(CTRL_T);
  assert.match(h.frame(), /✗ this field has no default/);
  await h.press(KEY.enter, KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { values: {} });
});
