// The timeline on the real App (t), at 60 and 80 columns: each emitter's
// Events by (epoch, seq), nested under their cause; a lifecycle Event under
// its own request, naming it; a hostile cause cycle shown once, marked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { event, permission } from '../support/events.js';
import { KEY, lines, renderApp } from '../support/ui.js';

function session() {
  const run = event({ type: 'run.started', run: 'r_1' });
  const first = permission('git push --force', { run: 'r_1', cause: run.id });
  const second = permission('rm -rf build/', { run: 'r_1', cause: run.id });
  const timeout = event({ type: 'attention.timeout', subject: first.id, cause: first.id, data: { after_ms: 45_000 } });
  return { run, first, second, timeout };
}

for (const columns of [60, 80]) {
  test(`t at ${columns}x24: a timeout sits under the request it closed and names it; seq order, not arrival`, async (t) => {
    const { run, first, second, timeout } = session();
    const h = await renderApp({ events: [second], size: { columns, rows: 24 } });
    t.after(h.unmount);
    // The relay hands them over out of order: the timeout last-but-one, the run last.
    h.client.history = [first, second, timeout, run].reverse();
    await h.press('t');
    const frame = await h.waitFor((f) => /Timeline/.test(f) && /attention\.timeout/.test(f), 'the timeline');
    assert.ok(
      lines(frame).every((l) => l.length <= columns),
      `fits ${columns} columns`,
    );
    assert.match(
      lines(frame)[1],
      new RegExp(`^Timeline claude-code · session s1 · 4 Events${columns > 60 ? ' · nested by cause' : ''}$`),
      'the title whole',
    );
    const rows = lines(frame).filter((l) => /\d\d:\d\d:\d\d/.test(l));
    assert.deepEqual(
      rows.map((l) => /(run\.started|attention\.requested|attention\.timeout)/.exec(l)?.[1]),
      ['run.started', 'attention.requested', 'attention.timeout', 'attention.requested'],
      'the timeout right under its request, not under the newest one',
    );
    // Which request comes first: at 60 columns the rest may be cut, never the id.
    assert.match(
      rows[2],
      new RegExp(`└ attention\\.timeout closes ${first.id}${columns > 60 ? ': after 45s "git push --force"' : ''}`),
    );
    assert.match(rows[1], /git push/);
    assert.match(rows[3], /^▶ .*rm -rf/, 'the open request is marked');
    await h.press(KEY.esc);
    assert.doesNotMatch(h.frame(), /Timeline/);
  });
}

test('t with a hostile cause cycle and a duplicate: every Event once, the cut marked, the window counts rows', async (t) => {
  const request = permission('Permission requested: Bash — ls');
  const a = event({ type: 'message.agent', id: 'LOOP-A', cause: 'LOOP-B', data: { text: 'a' } });
  const b = event({ type: 'message.agent', id: 'LOOP-B', cause: 'LOOP-A', data: { text: 'b' } });
  const self = event({ type: 'message.agent', id: 'SELF', cause: 'SELF', data: { text: 'me' } });
  const h = await renderApp({ events: [request], size: { columns: 80, rows: 24 } });
  t.after(h.unmount);
  h.client.history = [request, a, b, a, self];
  await h.press('t');
  const frame = await h.waitFor((f) => /Timeline/.test(f) && /message\.agent/.test(f), 'the timeline');
  assert.match(frame, /· 4 Events · nested by cause/, 'the duplicate shown once');
  assert.match(frame, /message\.agent \(cause loops\) a/);
  assert.match(frame, /└ message\.agent b/);
  assert.match(frame, /\d\d message\.agent me/, 'a cause naming itself: a root');
});
