import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY, permissionFrom, renderApp, selectedRow } from '../support/ui.js';

// The attacks of the answer-path review, through Ink itself: each string is
// one write to the console's stdin, as a terminal delivers a paste or keys
// that arrived together.

const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;
const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the production database?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
];

test('a bracketed paste into Reply is text on the row: no answer, no cancel of the next run', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  await h.press(KEY.enter, PASTE('use staging\nxy'));
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Reply: use staging xy/);
  await h.press(KEY.enter);
  assert.deepEqual(
    h.client.sent.map((e) => [e.type, (e.data as { answer: unknown }).answer]),
    [['control.attention.respond', { text: 'use staging xy' }]],
    'only Enter typed by hand sends, and what it sends is the pasted text',
  );
});

test('the same paste from a terminal without bracketed paste: one read with a newline and more after it', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging\rxy');
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Reply: use staging xy/);
});

test('a paste in the list does nothing but say so', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  await h.press(PASTE('1\rxyq'));
  assert.equal(h.client.sent.length, 0);
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /Paste ignored: open a request first\./);
  assert.match(selectedRow(h.frame()) ?? '', /alpha/);
});

test('"1 oxy" in one read types " oxy" into Reply, as typing it would; "1ok" keeps its text', async (t) => {
  const h = await renderApp({ events: fleet() });
  t.after(h.unmount);
  await h.press('1 oxy');
  assert.equal(h.client.sent.length, 0);
  assert.match(h.frame(), /Reply: {2}oxy/);
  await h.press(KEY.esc, KEY.down, '1ok');
  assert.match(h.frame(), /git push --force/);
  assert.match(h.frame(), /Reply: ok/);
  assert.equal(h.client.sent.length, 0);
});
