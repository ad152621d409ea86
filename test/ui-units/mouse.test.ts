import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMouse } from '../../src/ui/mouse.js';
import { InputDecoder } from '../../src/ui/keys.js';
import { recordAtRow } from '../../src/ui/inbox/list-view.js';
import { keyConsole } from '../support/key-console.js';
import { permissionFrom } from '../support/ui-events.js';

test('SGR reports: a left press and the wheel are events (0-based cells); releases, motion, other buttons and malformed reports are none', () => {
  const rows: [string, ReturnType<typeof parseMouse>][] = [
    ['\u001b[<0;1;1M', { kind: 'click', x: 0, y: 0 }],
    ['\u001b[<0;120;40M', { kind: 'click', x: 119, y: 39 }],
    ['\u001b[<4;3;2M', { kind: 'click', x: 2, y: 1 }],
    ['\u001b[<64;3;2M', { kind: 'wheelUp', x: 2, y: 1 }],
    ['\u001b[<65;3;2M', { kind: 'wheelDown', x: 2, y: 1 }],
    ['\u001b[<80;3;2M', { kind: 'wheelUp', x: 2, y: 1 }],
    ['\u001b[<0;3;2m', undefined],
    ['\u001b[<1;3;2M', undefined],
    ['\u001b[<2;3;2M', undefined],
    ['\u001b[<32;3;2M', undefined],
    ['\u001b[<35;3;2M', undefined],
    ['\u001b[<66;3;2M', undefined],
    ['\u001b[<0;0;2M', undefined],
    ['\u001b[<0;;2M', undefined],
    ['\u001b[<0;3M', undefined],
    ['\u001b[<99999;3;2M', undefined],
    ['\u001b[<0;3;999999M', undefined],
  ];
  for (const [sequence, want] of rows) assert.deepEqual(parseMouse(sequence), want, JSON.stringify(sequence));
});

test("the decoder: a report is a mouse message or nothing, never a key; X10's three raw bytes are swallowed, in the same input event or the next", () => {
  const d = new InputDecoder();
  assert.deepEqual(d.push('\u001b[<0;5;6M'), [{ type: 'mouse', event: { kind: 'click', x: 4, y: 5 } }]);
  assert.deepEqual(d.push('\u001b[<0;5;6m'), []);
  assert.deepEqual(d.push('\u001b[<1;5;6M'), []);
  assert.deepEqual(d.push('\u001b[M'), []);
  assert.deepEqual(
    d.push(' !!x'),
    [{ type: 'key', press: { name: 'char', text: 'x' } }],
    'the three bytes go, the key after them stays',
  );
  assert.deepEqual(d.push('\u001b[M'), []);
  assert.deepEqual(d.push(' '), []);
  assert.deepEqual(d.push('!!'), [], 'split across events too');
  assert.deepEqual(d.push('y'), [{ type: 'key', press: { name: 'char', text: 'y' } }]);
  // Inside a paste a report is no text either (a key inside a paste is dropped).
  assert.deepEqual(
    [...d.push('\u001b[200~'), ...d.push('ab'), ...d.push('\u001b[<0;5;6M'), ...d.push('\u001b[201~')],
    [{ type: 'paste', text: 'ab' }],
  );
});

test('a list row on screen is the record the list draws there: headers, the note and the "more" row are none', () => {
  // 3 open, 2 recent, all shown: Pending header, 3 rows, Recent header, 2 rows.
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map((at) => recordAtRow(5, 3, 20, 0, at)),
    [undefined, 0, 1, 2, undefined, 3, 4, undefined],
  );
  // Nothing pending: the header, the note, then Recent.
  assert.deepEqual(
    [0, 1, 2, 3].map((at) => recordAtRow(1, 0, 20, 0, at)),
    [undefined, undefined, undefined, 0],
  );
  // 30 open in 10 rows, the window from virtual row 5: rows 0-8 are records 4-12, row 9 the "more" row.
  assert.deepEqual(
    [0, 8, 9].map((at) => recordAtRow(30, 30, 10, 5, at)),
    [4, 12, undefined],
  );
  // One open of two in No agent connected: Pending header, a row, its header, a row.
  assert.deepEqual(
    [0, 1, 2, 3].map((at) => recordAtRow(2, 2, 20, 0, at, 1)),
    [undefined, 0, undefined, 1],
  );
});

test('a click is acted on only where the console turned the mouse on, and only on the frame as painted', () => {
  const fleet = () => [
    permissionFrom('alpha', 'sa', 'one'),
    permissionFrom('bravo', 'sb', 'two'),
    permissionFrom('charlie', 'sc', 'three'),
  ];
  // 80x24: the status row, then Pending, then alpha, bravo, charlie.
  const click = (y: number) => `\u001b[<0;5;${y + 1}M`;
  const on = keyConsole(fleet(), { mouse: true });
  on.read(click(4));
  assert.equal(on.selectedAgent(), 'charlie');
  on.read('\u001b[<64;5;5M');
  assert.equal(on.selectedAgent(), 'bravo', 'a wheel notch up');
  const off = keyConsole(fleet());
  off.read(click(4), '\u001b[<65;5;5M');
  assert.equal(off.selectedAgent(), 'alpha', 'not turned on: nothing');
  // A request arrives and is not painted yet: a click on the old frame selects nothing.
  const stale = keyConsole(fleet(), { mouse: true });
  stale.store.applyEvent('http://relay.test', permissionFrom('delta', 'sd', 'four', { severity: 'critical' }));
  stale.read(click(4));
  assert.equal(stale.selectedAgent(), 'alpha');
  stale.read(click(4));
  assert.equal(stale.selectedAgent(), 'bravo', 'once painted, the row under the pointer (delta came first)');
  assert.equal(on.sent().length + off.sent().length + stale.sent().length, 0);
});
