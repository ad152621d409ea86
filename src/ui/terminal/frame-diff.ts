// Line diffing between two frames that Ink's standard renderer would write
// whole. Ink 6.8's own `incrementalRendering` moves the cursor one row short
// whenever the frame ends in a newline (every frame shorter than the
// terminal), so its output drifts down the screen; this module computes the
// same screen with only the changed rows, and leaves Ink's renderer as is.
// Within a changed row only the changed cells go out (row-diff.ts).
import { findShift, shiftedRows } from './frame-shift.js';
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
  const shift = findShift(previous, next);
  if (shift) {
    const { from, to, by } = shift;
    const n = Math.abs(by);
    if (by > 0) {
      moveTo(from);
      out.push(`${ESC}[${n}M`);
      moveTo(to + 1);
      out.push(`${ESC}[${n}L`);
    } else {
      moveTo(to - n + 1);
      out.push(`${ESC}[${n}M`);
      moveTo(from - n);
      out.push(`${ESC}[${n}L`);
    }
    shown = shiftedRows(shown, shift);
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
