// Rewriting one changed row by its cells: only the runs of columns that
// differ go out, each started with the styling in force at its first cell
// and ended with a reset. A clock tick that changes one digit of an age then
// costs a cursor move and a character, not the row.
import { rowCells, type Cell } from './row-cells.js';

const ESC = '\u001b';
const BLANK: Cell = { text: ' ', width: 1, style: '' };
/** Unchanged columns between two runs rewritten rather than skipped: a cursor move costs about this much. */
const MERGE_GAP = 4;

const same = (a: Cell, b: Cell) => a.text === b.text && a.style === b.style;
const isTail = (cells: Cell[], at: number) => cells[at]?.width === 0;

/** The half-open runs [start, end) of columns where the rows differ, never splitting a wide character of either. */
export function changedRuns(previous: Cell[], next: Cell[]): [number, number][] {
  const length = Math.max(previous.length, next.length);
  const runs: [number, number][] = [];
  let col = 0;
  while (col < length) {
    if (same(previous[col] ?? BLANK, next[col] ?? BLANK)) {
      col++;
      continue;
    }
    let start = col;
    let end = col + 1;
    while (end < length && !same(previous[end] ?? BLANK, next[end] ?? BLANK)) end++;
    // Widen until neither row has a wide character cut at either edge.
    for (let moved = true; moved;) {
      moved = false;
      while (start > 0 && (isTail(previous, start) || isTail(next, start))) {
        start--;
        moved = true;
      }
      while (end < length && (isTail(previous, end) || isTail(next, end))) {
        end++;
        moved = true;
      }
    }
    const last = runs.at(-1);
    if (last && start - last[1] <= MERGE_GAP) last[1] = Math.max(last[1], end);
    else runs.push([start, end]);
    col = end;
  }
  return runs;
}

/** The text of cells [start, end) of `cells`, styled from a reset terminal and reset after. */
function styledText(cells: Cell[], start: number, end: number): string {
  let out = '';
  let style = '';
  for (let col = start; col < end && col < cells.length; col++) {
    const cell = cells[col];
    if (cell.width === 0) continue;
    if (cell.style !== style) {
      out += cell.style === '' ? `${ESC}[m` : style === '' ? `${ESC}[${cell.style}m` : `${ESC}[0;${cell.style}m`;
      style = cell.style;
    }
    out += cell.text;
  }
  return style === '' ? out : `${out}${ESC}[m`;
}

/**
 * The bytes that turn row `previous` into row `next`, with the cursor at
 * column 1 of that row and the terminal's styling reset; undefined when
 * either row cannot be read cell by cell (rewrite it whole then). The
 * cursor is left on the row, at the returned column (0-based).
 */
export function diffRow(previous: string, next: string): { data: string; col: number } | undefined {
  const before = rowCells(previous);
  const after = rowCells(next);
  if (!before || !after) return undefined;
  let data = '';
  let col = 0;
  for (const [start, end] of changedRuns(before, after)) {
    if (start > col) data += `${ESC}[${start - col === 1 ? '' : start - col}C`;
    data += styledText(after, start, end);
    col = Math.min(end, after.length);
    // Past the new row's end everything is blank: erase it rather than write spaces.
    if (end > after.length) {
      data += `${ESC}[K`;
      if (col < start) col = start;
    }
  }
  return { data, col: Math.max(col, 0) };
}
