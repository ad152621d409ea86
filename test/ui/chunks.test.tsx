import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permission } from '../support/events.js';
import { KEY, manyRequests, renderApp, selectedRow } from '../support/ui.js';

// Keys typed faster than the console reads them (SSH, tmux send-keys, a
// script) reach Ink as one chunk. Each `press` argument below is ONE write.

test('one chunk: typed text then Enter sends the text', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging\r');
  assert.equal(h.client.sent.length, 1);
  assert.deepEqual(h.client.sent[0].data?.answer, { text: 'use staging' });
});

test('one chunk: arrows and Enter (browse, then answer) act in order', async (t) => {
  const h = await renderApp({ events: manyRequests(3) });
  t.after(h.unmount);
  await h.press(`${KEY.down}${KEY.down}${KEY.up}\r`);
  assert.match(h.frame(), /^agent agent-01$/m, 'opened the second request');
  await h.press(`${KEY.up}\r`);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { option: 'deny' });
});

test('one chunk: text then Backspace (0x7F and 0x08) then Enter', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'denyy\u007fx\b\r');
  assert.deepEqual(h.client.sent[0]?.data?.answer, { text: 'deny' });
});

test('one chunk: a draft typed then Ctrl-C still asks before quitting', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, 'not sent yet\u0003');
  assert.equal(h.quits(), 0, 'the draft typed in the same chunk counts as unsent');
  assert.match(h.frame(), /Quit\?/);
});

test('one chunk: an answer sent then q in the list asks while it is in flight', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, `${KEY.up}\r`, `${KEY.esc}`, 'q');
  assert.equal(h.client.sent.length, 1);
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /Quit\?/);
});

test('separate writes of the same keys behave the same as one chunk', async (t) => {
  const h = await renderApp({ events: manyRequests(3) });
  t.after(h.unmount);
  await h.press(KEY.down, KEY.down, KEY.up);
  assert.match(selectedRow(h.frame()) ?? '', /agent-01/);
});

test('one chunk: j j Enter while browsing moves twice, then opens that request', async (t) => {
  const h = await renderApp({ events: manyRequests(4) });
  t.after(h.unmount);
  await h.press('jj\r');
  assert.match(h.frame(), /^agent agent-02$/m, 'Enter must not open the first row');
});

test('one chunk: k j on the option rows move the highlight, they are not typed as a reply', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, 'kj');
  assert.match(h.frame(), /^▸ 2 Deny/m);
  await h.press(KEY.enter);
  assert.deepEqual(h.client.sent[0]?.data?.answer, { option: 'deny' });
});

test('one chunk: typing on an option moves to the Reply row and keeps the whole text', async (t) => {
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, 'use jq here\r');
  assert.deepEqual(h.client.sent[0]?.data?.answer, { text: 'use jq here' });
});

test('one chunk: ? then another key opens help and closes it again', async (t) => {
  const h = await renderApp({ events: manyRequests(2) });
  t.after(h.unmount);
  await h.press('?x');
  assert.doesNotMatch(h.frame(), /any other key closes/);
  await h.press('/agent-01\r');
  assert.match(h.frame(), /filter "agent-01"/);
  assert.match(selectedRow(h.frame()) ?? '', /agent-01/);
});

test('a lone LF (Ctrl-J, or a driver that sends \\n) is Enter, as it is inside a chunk', async (t) => {
  const h = await renderApp({ events: manyRequests(2) });
  t.after(h.unmount);
  await h.press('\n');
  assert.match(h.frame(), /^agent agent-00$/m);
  await h.press('ok', '\n');
  assert.deepEqual(h.client.sent[0]?.data?.answer, { text: 'ok' });
});

test('one chunk: Esc then a key (which Ink reports as Alt+key) is Esc, then the key', async (t) => {
  const h = await renderApp({ events: manyRequests(3) });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, `${KEY.esc}j`);
  assert.match(selectedRow(h.frame()) ?? '', /agent-01/, 'back on the list and moved down');
  await h.press('\r');
  assert.equal(h.client.sent.length, 0, 'the Enter opened a request, it did not answer the old one');
  assert.match(h.frame(), /^agent agent-01$/m);
  await h.press(KEY.up, `${KEY.esc}\r`);
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /^agent agent-01$/m, 'Esc, then Enter re-opened the selected request');
  await h.press(`${KEY.esc}${KEY.down}`);
  assert.match(selectedRow(h.frame()) ?? '', /agent-02/);
});
