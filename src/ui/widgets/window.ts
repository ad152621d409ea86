/**
 * Which rows of a long list are on screen. One kit for every windowed list
 * (requests, options, select choices, help), so they all scroll alike: the
 * window holds still while the focus row moves inside it.
 */

/** Rows kept between the focus and the window's edge before it scrolls. */
export const SCROLL_MARGIN = 2;

/**
 * Where a window that remembers its position starts: where it was, unless
 * the focus came within the margin of an edge. A window that stays put
 * redraws two rows per move, not the whole list (what a slow SSH link feels).
 */
export function stickyStart(total: number, room: number, focus: number, previous = 0): number {
  if (total <= room) return 0;
  const margin = Math.min(SCROLL_MARGIN, Math.floor((room - 1) / 2));
  let start = previous;
  if (focus < start + margin) start = focus - margin;
  if (focus > start + room - 1 - margin) start = focus - (room - 1 - margin);
  return Math.max(0, Math.min(start, total - room));
}

/**
 * Where a window with no memory starts (a view rebuilt from scratch): pages
 * of `room` rows, so it holds still until the focus leaves the page.
 */
export function pagedStart(total: number, room: number, focus: number): number {
  if (total <= room || room <= 0) return 0;
  return Math.max(0, Math.min(Math.floor(Math.max(0, focus) / room) * room, total - room));
}

export interface ChoiceWindow<Row> {
  rows: Row[];
  /** Index of the first row shown. */
  start: number;
  /** Rows hidden above and below. */
  above: number;
  below: number;
}

/**
 * The rows of a list of `total` that fit in `room`, built only for what is
 * shown: `row(i)` is called for visible rows alone (the list may hold
 * thousands). With `previous` the window is sticky, without it paged.
 */
export function choiceWindow<Row>(
  total: number,
  room: number,
  focus: number,
  row: (index: number) => Row,
  previous?: number,
): ChoiceWindow<Row> {
  const shown = Math.max(0, Math.min(total, room));
  const start = previous === undefined ? pagedStart(total, shown, focus) : stickyStart(total, shown, focus, previous);
  return windowAt(total, room, start, row);
}

/** The rows of a window whose start is already decided (kept in a model). */
export function windowAt<Row>(
  total: number,
  room: number,
  start: number,
  row: (index: number) => Row,
): ChoiceWindow<Row> {
  const shown = Math.max(0, Math.min(total, room));
  const from = Math.max(0, Math.min(start, total - shown));
  const rows = Array.from({ length: shown }, (_, i) => row(from + i));
  return { rows, start: from, above: from, below: total - from - shown };
}
