// A request the relay did not bring back after a reconnect: its row carries
// `?` beside the state mark, its detail says why, and both go once the relay
// speaks of it again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY, RELAY, lines, permissionFrom, renderApp } from '../support/ui.js';

const rowOf = (frame: string, agent: string) => lines(frame).find((l) => /^.[●◐○✓⊘✗]/.test(l) && l.includes(agent));

test('a request the replay after a reconnect did not include is marked in the list and explained in the detail', async (t) => {
  const gone = permissionFrom('alpha', 'sa', 'alpha prompt');
  const kept = permissionFrom('bravo', 'sb', 'bravo prompt');
  const h = await renderApp({ events: [gone, kept] });
  t.after(h.unmount);
  assert.match(rowOf(h.frame(), 'alpha') ?? '', /^▸● /, 'no mark before any reconnect');

  h.store.replayBegins(RELAY);
  await h.apply(kept); // the relay re-delivers only this one
  h.store.replayCompleted(RELAY);
  await h.settle();
  assert.match(rowOf(h.frame(), 'alpha') ?? '', /^▸●\?/, 'marked beside the state mark');
  assert.match(rowOf(h.frame(), 'bravo') ?? '', /^ ● /, 'the re-delivered one is not');
  assert.match(h.frame(), /Pending \(2\)/, 'still listed as pending');

  await h.press(KEY.enter);
  const detail = h.frame().replace(/\s+/g, ' ');
  assert.match(detail, /\? not re-confirmed by the relay since it reconnected/);
  assert.match(detail, /Reply:/, 'it can still be answered');

  await h.press(KEY.esc);
  await h.apply(gone); // its emitter re-announces it: the relay vouches for it again
  assert.match(rowOf(h.frame(), 'alpha') ?? '', /^▸● /, 'the mark goes');
});

test('the help overlay explains the mark', async (t) => {
  const h = await renderApp({ events: [permissionFrom('alpha', 'sa', 'p')], stdout: { columns: 100, rows: 40 } });
  t.after(h.unmount);
  await h.press('?');
  assert.match(h.frame(), /\? after a mark: not re-confirmed by the relay since it reconnected/);
});
