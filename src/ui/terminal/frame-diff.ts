// Line diffing between two frames that Ink's standard renderer would write
// whole. Ink 6.8's own `incrementalRendering` moves the cursor one row short
// whenever the frame ends in a newline (every frame shorter than the
// terminal), so its output drifts down the screen; this module computes the
// same screen with only the changed rows, and leaves Ink's renderer as is.

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

/** True when every escape in the text is SGR styling (ESC [ … m). */
function onlyStyling(text: string): boolean {
  let at = text.indexOf(ESC);
  while (at !== -1) {
    const end = /^\u001b\[[0-9;:]*m/.exec(text.slice(at, at + 64));
    if (!end) return false;
    at = text.indexOf(ESC, at + end[0].length);
  }
  return !/[\r\u0007\u0008\u000b\u000c]/.test(text);
}

/**
 * The bytes that turn `previous` (on screen, cursor at column 1 of the row
 * just below it) into `next`, leaving the cursor in the same place relative
 * to `next`. Unchanged rows are skipped with cursor moves.
 */
export function diffFrames(previous: string[], next: string[]): string {
  const out: string[] = [];
  if (previous.length > 0) out.push(`${ESC}[${previous.length}A`);
  let skip = 0;
  for (let row = 0; row < next.length; row++) {
    if (row < previous.length && previous[row] === next[row]) {
      skip++;
      continue;
    }
    if (skip) out.push(`${ESC}[${skip}E`);
    skip = 0;
    out.push(`${ERASE_LINE}${next[row]}\n`);
  }
  if (skip) out.push(`${ESC}[${skip}E`);
  // Rows the previous frame had below the new one's end.
  if (next.length < previous.length) out.push(`${ESC}[J`);
  return out.join('');
}
