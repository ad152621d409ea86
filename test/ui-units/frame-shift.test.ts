import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffFrames } from '../../src/ui/terminal/frame-diff.js';
import { findShift } from '../../src/ui/terminal/frame-shift.js';
import { diffRow } from '../../src/ui/terminal/row-diff.js';
import { Screen } from '../support/vt.js';
import { mulberry32 } from '../support/prng.js';
import { inkWrite } from '../support/ink-write.js';

// A list beside a detail pane (the console side by side): a move of the
// selection changes the detail on every row, so no row reappears whole when
// the list scrolls; its list part does, one row away.

const WORDS = ['deploy', 'rm -rf build', 'npm test', 'git push', 'terraform', 'kubectl', 'prune', 'rebase'];
const LIST = 24;
const DETAIL = 26;

function listRow(n: number, selected: boolean): string {
  const text = `${selected ? '▸' : ' '} ${WORDS[(n * 5) % WORDS.length]} ${WORDS[(n * 3 + 1) % WORDS.length]} ${n}`;
  const cell = text.slice(0, LIST).padEnd(LIST);
  return selected ? `\u001b[1;7m${cell}\u001b[22;27m` : cell;
}

function detailRow(n: number, line: number): string {
  if (line === 0) return `\u001b[1mrequest ${n}\u001b[22m`;
  if (line > 6) return '';
  return `${WORDS[(n + line) % WORDS.length]} line ${line}`.slice(0, DETAIL);
}

/** The frame with `selected` chosen and the list's window starting at `top`. */
function frame(top: number, selected: number, height: number): string[] {
  const rows = ['status · 10000 pending'];
  for (let i = 0; i < height; i++) {
    const detail = detailRow(selected, i);
    rows.push(`${listRow(top + i, top + i === selected)}${detail ? ` │ ${detail}` : ' │'}`);
  }
  rows.push('↑/↓ move · q quit');
  return rows;
}

/** Bytes the rows would cost diffed where they are, with no block moved (cell diffs, or whole rows). */
function inPlaceBytes(previous: string[], next: string[]): number {
  return next.reduce((sum, row, i) => {
    if (row === previous[i]) return sum;
    const cells = previous[i] === undefined ? undefined : diffRow(previous[i], row);
    return sum + (cells ? cells.data.length : row.length);
  }, 0);
}

test('side by side, a list scrolled by one moves its rows and costs well under the rows diffed in place', () => {
  const height = 20;
  for (const [a, b] of [
    [frame(0, 19, height), frame(1, 20, height)],
    [frame(1, 1, height), frame(0, 0, height)],
  ]) {
    const bytes = diffFrames(a, b);
    assert.match(bytes, /\u001b\[1M/, 'rows moved with delete line');
    assert.match(bytes, /\u001b\[1L/, 'and insert line');
    assert.ok(bytes.length < 0.6 * inPlaceBytes(a, b), `${bytes.length} B against ${inPlaceBytes(a, b)} B in place`);
    const whole = new Screen(60, height + 4);
    const diffed = new Screen(60, height + 4);
    whole.write(inkWrite(undefined, a));
    diffed.write(inkWrite(undefined, a));
    whole.write(inkWrite(a.length, b));
    diffed.write(bytes);
    assert.deepEqual(diffed.styled(), whole.styled());
  }
});

test('a move that does not scroll moves no rows: only the two list rows and the detail change', () => {
  const a = frame(0, 4, 20);
  const b = frame(0, 5, 20);
  assert.equal(findShift(a, b), undefined);
  assert.doesNotMatch(diffFrames(a, b), /\u001b\[\d+[ML]/);
});

test('side by side, random moves, jumps and pages: the diffed screen is always the one a whole redraw leaves', () => {
  const random = mulberry32(46);
  for (const rows of [12, 24]) {
    const height = rows - 4;
    const whole = new Screen(60, rows);
    const diffed = new Screen(60, rows);
    for (const screen of [whole, diffed]) screen.write('$ aep-console\n');
    let top = 0;
    let selected = 0;
    let previous = frame(top, selected, height);
    whole.write(inkWrite(undefined, previous));
    diffed.write(inkWrite(undefined, previous));
    let moved = 0;
    for (let step = 0; step < 300; step++) {
      const jump = [1, 1, 1, 1, -1, -1, 2, -2, height, -height, 7][Math.floor(random() * 11)];
      selected = Math.max(0, selected + jump);
      if (selected < top) top = selected;
      if (selected > top + height - 1) top = selected - (height - 1);
      const next = frame(top, selected, height);
      const bytes = diffFrames(previous, next);
      if (/\u001b\[\d+M/.test(bytes)) moved++;
      whole.write(inkWrite(previous.length, next));
      diffed.write(bytes);
      assert.deepEqual(diffed.styled(), whole.styled(), `rows ${rows} step ${step}`);
      assert.equal(diffed.row, whole.row, `rows ${rows} step ${step}`);
      previous = next;
    }
    assert.ok(moved > 20, `${moved} frames moved rows`);
  }
});
