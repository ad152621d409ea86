// The status line, the help and the empty filter's hint at 60 and 80
// columns: a relay's name never runs into its state, the hint
// keeps its way out, and the help says "any other key closes" once, from
// every scope that opens it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permission, requested } from '../support/events.js';
import { KEY, lines, renderApp } from '../support/ui.js';
import { stringWidth } from '../../src/ui/text/wrap.js';
import { relayCell } from '../../src/ui/inbox/status-view.js';
import { emptyPendingNote } from '../../src/ui/inbox/empty-state.js';

const LONG_RELAY = 'http://127.0.0.1:42817';

for (const columns of [60, 80]) {
  test(`status line at ${columns} columns: the relay and its state stay apart`, async (t) => {
    const h = await renderApp({ relays: [LONG_RELAY], events: [permission()], size: { columns, rows: 24 } });
    t.after(h.unmount);
    const status = lines(h.frame())[0];
    assert.ok(stringWidth(status) <= columns);
    assert.match(status, /1 pending · 0 recent · (http:\/\/)?127\.0\.0\.1:42817 live$/, status);
  });

  test(`an empty filter's hint at ${columns} columns fits, and keeps "Esc clears it"`, async (t) => {
    const h = await renderApp({
      events: [permission(), permission('Permission requested: Bash — ls')],
      size: { columns, rows: 24 },
    });
    t.after(h.unmount);
    await h.press('/', 'z', 'z', 'z', 'q', KEY.enter);
    const note = lines(h.frame()).find((l) => /hides/.test(l));
    assert.ok(note, h.frame());
    assert.ok(stringWidth(note) <= columns, note);
    assert.match(note, /hides 2 pending.* · Esc clears it$/, note);
    assert.doesNotMatch(note, /…/, 'not cut');
    await h.press(KEY.esc);
    assert.doesNotMatch(h.frame(), /hides/, 'and Esc does clear it');
  });
}

test('the filter hint: the full wording where it fits, shorter ones narrower, never without its way out', () => {
  const text = (width: number) =>
    emptyPendingNote([], 3, 'nope', 0, width)
      .map((part) => part.text)
      .join('');
  assert.equal(text(100), '  the filter "nope" hides 3 pending requests · Esc clears it');
  assert.equal(text(50), '  filter "nope" hides 3 pending · Esc clears it');
  assert.equal(text(40), '  filter hides 3 pending · Esc clears it');
  assert.equal(text(30), '  3 hidden · Esc clears');
  assert.equal(
    emptyPendingNote([], 1, 'x', 0)
      .map((part) => part.text)
      .join(''),
    '  the filter "x" hides 1 pending request · Esc clears it',
  );
});

test('relayCell: whole, then without its scheme, then cut; always a space before the state', () => {
  assert.equal(relayCell('', 'http://h:1', 20), 'http://h:1 ');
  assert.equal(relayCell('', LONG_RELAY, 20), '127.0.0.1:42817 ');
  assert.equal(relayCell('[2] ', LONG_RELAY, 20), '[2] 127.0.0.1:42817 ');
  const cut = relayCell('', 'https://a-very-long-relay-host.example.com:8443', 20);
  assert.equal(stringWidth(cut), 20);
  assert.match(cut, /… $/);
});

/** The scopes `?` opens help from, each reached by its keys, and what shows it is back there after. */
const scopes: [string, () => ReturnType<typeof permission>[], string[], RegExp][] = [
  ['browse', () => [permission()], [], /^▸/m],
  // Off the Reply row: there `?` is text.
  ['answer', () => [permission()], [KEY.enter, KEY.up], /Allow/],
  [
    'form',
    () => [
      requested({
        kind: 'form',
        prompt: 'Deploy where?',
        fields: [{ id: 'env', type: 'select', label: 'Env', choices: [{ id: 'a', label: 'staging' }] }],
        respond_via: ['control'],
      }),
    ],
    [KEY.enter],
    /Env/,
  ],
  [
    'batch',
    () => [permission(), permission('Permission requested: Bash — ls')],
    ['*', KEY.enter, KEY.up],
    /Batch answer · 2 marked/,
  ],
];

for (const columns of [60, 80]) {
  for (const [scope, events, keys, back] of scopes) {
    test(`help from ${scope} at ${columns}x24: "any other key closes" said once, and true (back to ${scope})`, async (t) => {
      const h = await renderApp({ events: events(), size: { columns, rows: 24 } });
      t.after(h.unmount);
      await h.press(...keys, '?');
      const frame = h.frame();
      assert.match(frame, /^Keys$/m, frame);
      assert.equal(frame.split('any other key closes').length - 1, 1, frame);
      assert.ok(lines(frame).every((l) => stringWidth(l) <= columns));
      assert.ok(lines(frame).length <= 24);
      await h.press(KEY.pageDown);
      assert.equal(h.frame().split('any other key closes').length - 1, 1, 'scrolled too');
      assert.match(h.frame(), /↑\d+ above/);
      await h.press('x');
      assert.doesNotMatch(h.frame(), /^Keys$/m);
      assert.match(h.frame(), back);
    });
  }
}
