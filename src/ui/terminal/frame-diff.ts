// Line diffing between two frames that Ink's standard renderer would write
// whole. Ink 6.8's own `incrementalRendering` moves the cursor one row short
// whenever the frame ends in a newline (every frame shorter than the
// terminal), so its output drifts down the screen; this module computes the
// same screen with only the changed rows, and leaves Ink's renderer as is.
// Within a changed row only the changed cells go out (row-diff.ts).
import { diffRow } from './row-diff.js';

const ESC = '\u001b';
const ERASE_LINE = `${ESC}[2K`;
const UP_ONE = `${ESC}[1A`;
const TO_COLUMN_ONE = `${ESC}[G`;

/** A frame as Ink writes it: rows joined by "\n", ending with "\n". */
export interface FrameWrite {
  /** How many rows Ink erases above (and including) the cursor row first. */
  erased: number;
  /** The frame's visible rows. */
  rows: string[];
}

/**
 * Reads one write of Ink's standard log-update: `eraseLines(n)` followed by
 * the frame text. Anything else (cursor show/hide, synchronized-update marks,
 * console output, a clear) is not a frame write and returns undefined.
 */
export function readFrameWrite(chunk: string): FrameWrite | undefined {
  let at = 0;
  let erased = 0;
  while (chunk.startsWith(ERASE_LINE, at)) {
    erased++;
    at += ERASE_LINE.length;
    if (chunk.startsWith(UP_ONE, at)) {
      at += UP_ONE.length;
      continue;
    }
    if (!chunk.startsWith(TO_COLUMN_ONE, at)) return undefined;
    at += TO_COLUMN_ONE.length;
    break;
  }
  const text = chunk.slice(at);
  if (!text.endsWith('\n') || !onlyStyling(text)) return undefined;
  return { erased, rows: text.slice(0, -1).split('\n') };
}

/**
 * An escape that does not start SGR styling (ESC [ digits ; : m, at most
 * 64 characters long), or a control that moves the cursor or rings: one
 * pass over the frame (a styled frame holds hundreds of escapes).
 */
const NOT_STYLING = /\u001b(?!\[[0-9;:]{0,61}m)|[\r\u0007\u0008\u000b\u000c]/;

/** True when every escape in the text is SGR styling (ESC [ … m) and no control but the newline moves the cursor. */
function onlyStyling(text: string): boolean {
  return !NOT_STYLING.test(text);
}

/** A run of rows that moved: new rows [from, to] show old rows [from + by, to + by]. */
interface Shift {
  from: number;
  to: number;
  by: number;
}

/** Below this many rows, moving a block costs more than rewriting it. */
const MIN_SHIFT_RUN = 4;

/**
 * The longest run of rows that appear `by` rows away in the previous frame
 * (a list scrolled by one, or by a page), if it is worth moving.
 */
export function findShift(previous: string[], next: string[]): Shift | undefined {
  const at = new Map<string, number[]>();
  previous.forEach((row, i) => {
    const list = at.get(row);
    if (list) list.push(i);
    else at.set(row, [i]);
  });
  let best: Shift | undefined;
  // run length per shift, for the run ending at the previous row
  let runs = new Map<number, number>();
  for (let i = 0; i < next.length; i++) {
    const current = new Map<number, number>();
    for (const j of at.get(next[i]) ?? []) {
      const by = j - i;
      if (by === 0) continue;
      const length = (runs.get(by) ?? 0) + 1;
      current.set(by, length);
      if (!best || length > best.to - best.from + 1) best = { from: i - length + 1, to: i, by };
    }
    runs = current;
  }
  return best && best.to - best.from + 1 >= MIN_SHIFT_RUN ? best : undefined;
}

/**
 * The bytes that turn `previous` (on screen, cursor at column 1 of the row
 * just below it) into `next`, leaving the cursor in the same place relative
 * to `next`. Unchanged rows are skipped with cursor moves; a block of rows
 * that scrolled is moved with delete/insert line, which shift only the rows
 * from the cursor down, so nothing above the frame is touched.
 */
export function diffFrames(previous: string[], next: string[]): string {
  const out: string[] = [];
  let cursor = previous.length;
  // The cursor's column: 0 except just after a row edited by its cells.
  let column = 0;
  const moveTo = (row: number): void => {
    if (row < cursor) out.push(`${ESC}[${cursor - row}A`);
    // Down within the old frame a line feed (CR LF: the tty's ONLCR) is the short next-line; it cannot scroll there.
    else if (row > cursor)
      out.push(row - cursor <= 3 && row <= previous.length ? '\n'.repeat(row - cursor) : `${ESC}[${row - cursor}E`);
    if (row <= cursor && column !== 0) out.push('\r');
    cursor = row;
    column = 0;
  };
  // What the screen holds, row by row, as the edits go out.
  let shown = previous.slice();
  let shift = findShift(previous, next);
  // Moving rows down past the old frame's end would push rows off the
  // bottom of the screen (insert line does not scroll): rewrite instead.
  if (shift && shift.by < 0 && shift.to >= previous.length) shift = undefined;
  if (shift) {
    const { from, to, by } = shift;
    const n = Math.abs(by);
    const blanks = Array.from({ length: n }, () => '');
    if (by > 0) {
      moveTo(from);
      out.push(`${ESC}[${n}M`);
      moveTo(to + 1);
      out.push(`${ESC}[${n}L`);
      shown = [...shown.slice(0, from), ...shown.slice(from + n, to + 1 + n), ...blanks, ...shown.slice(to + 1 + n)];
    } else {
      moveTo(to - n + 1);
      out.push(`${ESC}[${n}M`);
      moveTo(from - n);
      out.push(`${ESC}[${n}L`);
      shown = [...shown.slice(0, from - n), ...blanks, ...shown.slice(from - n, to - n + 1), ...shown.slice(to + 1)];
    }
  }
  for (let row = 0; row < next.length; row++) {
    if (shown[row] === next[row]) continue;
    moveTo(row);
    // Rows past the old frame's end are reached by line feeds (they scroll the screen at its bottom), written whole.
    const cells = row < shown.length ? diffRow(shown[row], next[row]) : undefined;
    if (cells) {
      out.push(cells.data);
      column = cells.col;
      continue;
    }
    out.push(`\r${ERASE_LINE}${next[row]}\n`);
    cursor = row + 1;
  }
  moveTo(next.length);
  // Rows the previous frame had below the new one's end.
  if (shown.slice(next.length).some((row) => row !== '')) out.push(`${ESC}[J`);
  return out.join('');
}
