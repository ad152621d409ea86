// Keys rebound as config.json's {"keys": {"request.resend": "R",
// "list.hide": "e", "list.timeline": "T"}} would: the footer, `?` help and
// the screen reader say R, e and T; r, d and t do nothing there; R, e and T
// do what r, d and t did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permission } from '../support/events.js';
import { KEY, flat, lines, permissionFrom, renderApp } from '../support/ui.js';
import { keymapFrom } from '../../src/ui/places/keymap.js';
import { applyBindings } from '../../src/ui/key-table.js';

function rebound(): () => void {
  const map = keymapFrom({ 'request.resend': 'R', 'list.hide': 'e', 'list.timeline': 'T' });
  if (!('bindings' in map)) throw new Error(map.error);
  return applyBindings(map.bindings);
}
const footer = (frame: string) => lines(frame).filter(Boolean).at(-1) ?? '';

test('request.resend on R: the footer and the state line say R; r does nothing; R resends the same id', async (t) => {
  t.after(rebound());
  const h = await renderApp({ events: [permission()] });
  t.after(h.unmount);
  await h.press(KEY.enter, KEY.up, KEY.enter, KEY.enter);
  const id = h.client.sent[0].id;
  h.store.commandSettled(id, { state: 'timeout' });
  await h.settle();
  assert.match(flat(h.frame()), /press R to resend the same command/);
  assert.match(footer(h.frame()), /^R resend \(same id\)/);
  assert.doesNotMatch(h.frame(), /\br resend/);
  await h.press('r');
  assert.deepEqual(h.client.resent, [], 'r is not bound there any more');
  await h.press('R');
  assert.deepEqual(h.client.resent, [id]);
});

test('list.hide on e and list.timeline on T: d and t do nothing, e asks to hide, T opens the timeline; help says e and T', async (t) => {
  t.after(rebound());
  const h = await renderApp({
    events: [permissionFrom('alpha', 'sa', 'Drop the table?')],
    size: { columns: 100, rows: 400 },
  });
  t.after(h.unmount);
  const before = h.frame();
  await h.press('d');
  await h.press('t');
  assert.equal(h.frame(), before, 'd and t change nothing');
  await h.press('e');
  assert.match(footer(h.frame()), /Hide this request/i);
  await h.press('n');
  await h.press('T');
  assert.match(h.frame(), /timeline/i);
  await h.press(KEY.esc);
  await h.press('?');
  const help = h.frame();
  assert.match(help, /^ {2}e {16}hide the selected request/m);
  assert.match(help, /^ {2}T {16}the selected request's session timeline/m);
  assert.match(help, /^ {2}R {16}resend a command/m);
  assert.doesNotMatch(help, /^ {2}d {16}hide/m);
});

test('the screen reader says the rebound keys', async (t) => {
  t.after(rebound());
  const h = await renderApp({ events: [permissionFrom('alpha', 'sa', 'Drop the table?')], screenReader: true });
  t.after(h.unmount);
  await h.press('?');
  const said = flat(h.frame());
  assert.match(said, /In the list, e: hide the selected request/);
  assert.match(said, /In the list, T: the selected request's session timeline/);
  assert.match(said, /In a request that takes no answer now, R: resend/);
  assert.doesNotMatch(said, /In the list, d: hide/);
});
