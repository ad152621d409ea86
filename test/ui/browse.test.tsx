import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { permission } from '../support/events.js';
import {
  KEY,
  NOW,
  answered,
  lines,
  manyRequests,
  permissionFrom,
  renderApp,
  resolved,
  selectedRow,
  type Harness,
} from '../support/ui.js';

function selectedAgent(h: Harness): string | undefined {
  return selectedRow(h.frame())?.match(/agent-\d\d|alpha|bravo|charlie|delta|echo/)?.[0];
}

test('the selection starts on the first row and ↓/↑ and j/k move it', async (t) => {
  const h = await renderApp({ events: manyRequests(4) });
  t.after(h.unmount);
  assert.equal(selectedAgent(h), 'agent-00');
  assert.equal(lines(h.frame()).filter((l) => l.startsWith('▸')).length, 1, 'exactly one highlighted row');
  await h.press(KEY.down);
  assert.equal(selectedAgent(h), 'agent-01');
  await h.press('j');
  assert.equal(selectedAgent(h), 'agent-02');
  await h.press(KEY.up);
  assert.equal(selectedAgent(h), 'agent-01');
  await h.press('k');
  assert.equal(selectedAgent(h), 'agent-00');
  await h.press('k', KEY.up);
  assert.equal(selectedAgent(h), 'agent-00', 'clamped at the top');
  await h.press('j', 'j', 'j', 'j', KEY.down);
  assert.equal(selectedAgent(h), 'agent-03', 'clamped at the bottom');
  assert.equal(h.client.sent.length, 0, 'browsing never answers');
});

test('the selection stays on the same request when a more urgent one arrives above it and when the list grows', async (t) => {
  const alpha = permissionFrom('alpha', 'sa', 'alpha prompt');
  const bravo = permissionFrom('bravo', 'sb', 'bravo prompt');
  const h = await renderApp({ events: [alpha, bravo] });
  t.after(h.unmount);
  await h.press('j');
  assert.equal(selectedAgent(h), 'bravo');

  await h.apply(permissionFrom('charlie', 'sc', 'urgent', { severity: 'critical' }));
  const rows = lines(h.frame()).filter((l) => /^.[●]/.test(l));
  assert.deepEqual(
    rows.map((r) => r.match(/alpha|bravo|charlie/)?.[0]),
    ['charlie', 'alpha', 'bravo'],
    'critical sorts first',
  );
  assert.equal(selectedAgent(h), 'bravo', 'reordering does not move the selection');

  await h.apply([
    permissionFrom('delta', 'sd', 'later', { severity: 'info' }),
    permissionFrom('echo', 'se', 'urgent too', { severity: 'error' }),
  ]);
  assert.equal(selectedAgent(h), 'bravo', 'growth does not move the selection');

  // Movement is relative to where the pinned request now is.
  await h.press('k');
  assert.equal(selectedAgent(h), 'alpha');
  await h.press('j', KEY.enter);
  assert.match(h.frame(), /^agent bravo$/m, 'Enter opens the request the highlight is on');
});

test('a list that starts empty selects its first request and then stays pinned to it', async (t) => {
  const h = await renderApp();
  t.after(h.unmount);
  assert.match(h.frame(), /nothing waiting for you/);
  await h.apply(permissionFrom('alpha', 'sa', 'first'));
  assert.equal(selectedAgent(h), 'alpha');
  await h.apply(permissionFrom('charlie', 'sc', 'urgent', { severity: 'critical' }));
  assert.equal(selectedAgent(h), 'alpha');
  await h.press(KEY.enter);
  assert.match(h.frame(), /^agent alpha$/m);
});

test('during the start-up replay the selection stays on the first row; once live it is pinned', async (t) => {
  const h = await renderApp();
  t.after(h.unmount);
  h.store.updateRelay(h.client.relay, { replaying: true });
  await h.apply(permissionFrom('alpha', 'sa', 'old', { severity: 'info' }), { replayed: true });
  assert.equal(selectedAgent(h), 'alpha');
  await h.apply(permissionFrom('bravo', 'sb', 'more urgent', { severity: 'warning' }), { replayed: true });
  assert.equal(selectedAgent(h), 'bravo', 'still the first row while the replay arrives');
  h.store.updateRelay(h.client.relay, { replaying: false });
  await h.settle();
  await h.apply(permissionFrom('charlie', 'sc', 'live and urgent', { severity: 'critical' }));
  assert.equal(selectedAgent(h), 'bravo', 'pinned once the replay is over');
});

test('moving during the replay pins the selection at once', async (t) => {
  const h = await renderApp({ events: [permissionFrom('alpha', 'sa', 'a'), permissionFrom('bravo', 'sb', 'b')] });
  t.after(h.unmount);
  h.store.updateRelay(h.client.relay, { replaying: true });
  await h.press('j');
  await h.apply(permissionFrom('charlie', 'sc', 'urgent', { severity: 'critical' }), { replayed: true });
  assert.equal(selectedAgent(h), 'bravo');
});

test('Enter opens the selected request for answering, Esc returns to the list', async (t) => {
  const h = await renderApp({ events: manyRequests(3) });
  t.after(h.unmount);
  await h.press('j', KEY.enter);
  const open = h.frame();
  assert.match(open, /^agent agent-01$/m);
  assert.match(open, /^┃ prompt number 1$/m);
  assert.match(open, /▸ Reply:/);
  assert.doesNotMatch(open, /Pending \(/, 'narrow: the detail replaces the list');
  await h.press(KEY.esc);
  assert.match(h.frame(), /Pending \(3\)/);
  assert.equal(selectedAgent(h), 'agent-01', 'the selection is where it was');
  assert.equal(h.client.sent.length, 0);
});

test('PgDn / PgUp move the selection a page at a time and the list scrolls to keep it visible', async (t) => {
  const h = await renderApp({ events: manyRequests(40), size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  // 23 frame rows: status, 21 body rows, footer; a page is the body less two.
  await h.press(KEY.pageDown);
  assert.equal(selectedAgent(h), 'agent-19');
  assert.match(h.frame(), /↑\d+ ↓\d+ more/);
  await h.press(KEY.pageDown);
  assert.equal(selectedAgent(h), 'agent-38');
  await h.press(KEY.pageDown);
  assert.equal(selectedAgent(h), 'agent-39', 'clamped at the end');
  assert.doesNotMatch(h.frame(), /Pending \(40\)/, 'the header scrolled away');
  await h.press(KEY.pageUp);
  assert.equal(selectedAgent(h), 'agent-20');
  await h.press(KEY.pageUp, KEY.pageUp);
  assert.equal(selectedAgent(h), 'agent-00');
  assert.match(h.frame(), /Pending \(40\)/);
});

test('keys typed while browsing never answer a request', async (t) => {
  const h = await renderApp({ events: manyRequests(2) });
  t.after(h.unmount);
  await h.press('a', 'y', 'n', KEY.space, KEY.tab, KEY.backspace, 'd', 'e', 'n', 'y');
  assert.equal(h.client.sent.length, 0);
  assert.equal(h.quits(), 0);
  assert.match(h.frame(), /Pending \(2\)/);
  // A digit opens the request with that option highlighted, and still sends nothing.
  await h.press('1');
  assert.match(h.frame(), /^▸ 1 Allow/m);
  await h.press('2', 'y', 'n');
  assert.equal(h.client.sent.length, 0, 'digits and letters never send');
});

// ── status line ───────────────────────────────────────────────────────────

test('status line: relay state, pending and recent counts', async (t) => {
  const done = permissionFrom('bravo', 'sb', 'b');
  const h = await renderApp({ events: [permission(), done, answered(done, { option: 'allow' }), resolved(done)] });
  t.after(h.unmount);
  assert.match(lines(h.frame())[0], /^aep-console 1 pending · 1 recent · http:\/\/relay\.test live$/);
  for (const [connection, text] of [
    [{ kind: 'connecting' }, /connecting/],
    [{ kind: 'reconnecting', retryAt: NOW + 4_000, reason: 'closed 1006' }, /reconnecting in 4s \(closed 1006\)/],
    [{ kind: 'unauthorized' }, /unauthorized: check the token/],
    // One pair of brackets: the detail brings its own.
    [
      { kind: 'unauthorized', detail: 'relay refused the token (HTTP 401)' },
      /unauthorized: relay refused the token \(HTTP 401\)$/,
    ],
  ] as const) {
    h.store.updateRelay(h.client.relay, { connection });
    await h.settle();
    assert.match(lines(h.frame())[0], text);
  }
  h.store.updateRelay(h.client.relay, {
    connection: { kind: 'live' },
    watchOnly: true,
    watchOnlyReason: 'relay has no token',
  });
  await h.settle();
  assert.match(lines(h.frame())[0], /1 pending · 1 recent · (http:\/\/relay\.test )?live · watch-only/);
});

test('several relays: one status row each, rows labelled by relay, the frame still fits 80x24', async (t) => {
  const relays = ['http://one.test', 'http://two.test', 'http://three.test', 'http://four.test', 'http://five.test'];
  const h = await renderApp({ relays });
  t.after(h.unmount);
  for (const relay of relays.slice(1)) h.store.warnRelay(relay, 'replay gap: some history is gone '.repeat(4));
  h.store.applyEvent(relays[1], permissionFrom('alpha', 'sa', 'from two'));
  h.store.applyEvent(relays[0], permissionFrom('bravo', 'sb', 'from one'));
  await h.settle();
  const frame = lines(h.frame());
  assert.ok(frame.length <= 23, `${frame.length} rows`);
  for (const row of frame) assert.ok(stringWidth(row) <= 80, `too wide: ${row}`);
  assert.match(frame[0], /^aep-console .*pending.* · \[1\] http:\/\/one\.test live$/);
  // A long warning: the relay's URL gives way first, its number and state stay.
  assert.match(frame[1], /^ +\[2\] connecting · ⚠ replay gap/);
  assert.ok(frame.some((l) => /^ +\+2 more relays$/.test(l)));
  assert.ok(
    frame.some((l) => /● .*\[2\] alpha/.test(l)),
    'list rows name their relay',
  );
  await h.press(KEY.enter);
  assert.match(h.frame(), /relay http:\/\/two\.test/);
  await h.press(KEY.up, KEY.enter);
  assert.equal(h.clients[1].sent.length, 1, 'the answer goes to the relay the request came from');
  assert.equal(h.clients[0].sent.length, 0);
});
