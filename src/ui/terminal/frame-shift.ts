// Which block of rows to move with delete/insert line before the rows are
// diffed (frame-diff.ts). A list scrolled by one moves its rows up or down a
// row; on its own the list's rows then reappear whole, one row away, and an
// exact match finds them. Beside a detail pane that changes with the
// selection no row reappears whole, yet the list's part of every row does:
// so a move of one row each way is also weighed by what the rows would cost
// to write after it, and the block that saves the most bytes is the one
// moved (or none, when moving costs more than it saves).

/** A run of rows that moved: new rows [from, to] show old rows [from + by, to + by]. */
export interface Shift {
  from: number;
  to: number;
  by: number;
}

/** Below this many rows, moving a block costs more than rewriting it. */
const MIN_SHIFT_RUN = 4;
/** Delete line and insert line with the cursor moves to reach them, about. */
const SHIFT_BYTES = 16;
/** A changed row's cursor move to reach it, about. */
const ROW_MOVE_BYTES = 4;

/**
 * The longest run of rows that appear `by` rows away in the previous frame
 * (a list scrolled by one, or by a page), if it is long enough to move.
 */
export function exactShift(previous: string[], next: string[]): Shift | undefined {
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
 * About how many bytes turn row `shown` into row `next` (0 when they are the
 * same): what the two do not share at their start and end. The cell diff
 * (row-diff.ts) can do better than this, never worse by much, and this is
 * cheap enough to weigh every row two more ways on every frame.
 */
function rowCost(shown: string | undefined, next: string): number {
  if (shown === next) return 0;
  if (shown === undefined || shown === '') return next.length + ROW_MOVE_BYTES;
  const most = Math.min(shown.length, next.length);
  let start = 0;
  while (start < most && shown.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (end < most - start && shown.charCodeAt(shown.length - 1 - end) === next.charCodeAt(next.length - 1 - end))
    end++;
  return next.length - start - end + ROW_MOVE_BYTES;
}

/** What the screen holds after `shift` (the rows it vacates blank), as frame-diff.ts moves them. */
export function shiftedRows(shown: string[], { from, to, by }: Shift): string[] {
  const n = Math.abs(by);
  const blanks = Array.from({ length: n }, () => '');
  if (by > 0)
    return [...shown.slice(0, from), ...shown.slice(from + n, to + 1 + n), ...blanks, ...shown.slice(to + 1 + n)];
  return [...shown.slice(0, from - n), ...blanks, ...shown.slice(from - n, to - n + 1), ...shown.slice(to + 1)];
}

/** A shift frame-diff.ts can make: rows moved down must not pass the old frame's end (insert line does not scroll). */
function movable(shift: Shift, previous: string[]): boolean {
  if (shift.to - shift.from + 1 < MIN_SHIFT_RUN) return false;
  if (shift.by > 0) return shift.to + shift.by < previous.length;
  return shift.from + shift.by >= 0 && shift.to < previous.length;
}

/** Bytes to write `next` over `shown`, row by row. */
function framesCost(shown: string[], next: string[]): number {
  let cost = 0;
  for (let row = 0; row < next.length; row++) cost += rowCost(shown[row], next[row]);
  return cost;
}

/**
 * The run of rows that saves the most when moved by `by` (each row's cost
 * where it is, less its cost one move away: the best sum of a run, one pass),
 * or undefined when no run saves anything.
 */
function bestRun(previous: string[], next: string[], stay: number[], by: number): Shift | undefined {
  let best: Shift | undefined;
  let bestSaving = 0;
  let from = 0;
  let saving = 0;
  for (let i = 0; i < next.length; i++) {
    const j = i + by;
    if (j < 0 || j >= previous.length) {
      saving = 0;
      from = i + 1;
      continue;
    }
    const gain = stay[i] - rowCost(previous[j], next[i]);
    if (saving <= 0) {
      saving = gain;
      from = i;
    } else saving += gain;
    if (saving > bestSaving) {
      bestSaving = saving;
      best = { from, to: i, by };
    }
  }
  return best;
}

/**
 * The block to move before diffing `previous` into `next`, or undefined: the
 * exact run when one is found (the list alone scrolled), else whichever of a
 * move by one row up or down costs the fewest bytes in all, when it costs
 * fewer than writing the rows where they are.
 */
export function findShift(previous: string[], next: string[]): Shift | undefined {
  const exact = exactShift(previous, next);
  if (exact && movable(exact, previous) && exact.to - exact.from + 1 >= next.length - 2) return exact;
  const stay = next.map((row, i) => rowCost(previous[i], row));
  let changed = 0;
  for (const cost of stay) if (cost > 0) changed++;
  if (changed < MIN_SHIFT_RUN) return exact && movable(exact, previous) ? exact : undefined;
  let best: Shift | undefined;
  let bestCost = stay.reduce((sum, cost) => sum + cost, 0);
  const candidates = [exact, bestRun(previous, next, stay, 1), bestRun(previous, next, stay, -1)];
  for (const shift of candidates) {
    if (!shift || !movable(shift, previous)) continue;
    const cost = SHIFT_BYTES + framesCost(shiftedRows(previous, shift), next);
    if (cost < bestCost) {
      bestCost = cost;
      best = shift;
    }
  }
  return best;
}
