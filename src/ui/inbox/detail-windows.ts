// The parts of the detail that can be longer than their room: the quoted
// prompt, the cause and an edit's diff. Each is shown a window at a time,
// moved by PgUp/PgDn (the detail's one scroll), with a last row that says how
// much is above and below wherever it has two rows or more.

import { glyphs, type Glyphs } from '../glyphs.js';
import { moreLines } from '../form/form-view.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { argumentOf } from './cause-view.js';
import { QUOTE_COLOR } from './theme.js';

/** The prompt in `rows` rows: scrolled to `scroll`, with a line saying how much is above and below when it does not fit. */
export function promptWindow(
  prompt: Line[],
  rows: number,
  scroll: number,
  width: number,
  g: Glyphs,
  pages: string,
): Line[] {
  if (prompt.length <= rows || rows <= 0) return prompt.slice(0, rows);
  const bodyRoom = rows >= 2 ? rows - 1 : 1;
  const from = Math.max(0, Math.min(scroll, prompt.length - bodyRoom));
  const body = prompt.slice(from, from + bodyRoom);
  const below = prompt.length - from - body.length;
  const more: Line = [
    seg(
      fit(
        `${g.quote} ${glyphs().ellipsis} ` +
          `${from ? `${glyphs().up}${from} ` : ''}${below ? `${glyphs().down}${moreLines(below)}` : ''} ` +
          `(${pages})`,
        width,
      ),
      { color: QUOTE_COLOR, dim: true },
    ),
  ];
  return rows >= 2 ? [...body, more] : body;
}

/** Lines PgUp and PgDn move the detail's scroll (answer-keys.ts). */
export const DETAIL_PAGE = 5;

/** `rows` hidden rows of the cause in words: arguments when each is one argument's only row (an edit's), else lines. */
function hiddenCause(rows: Line[]): string {
  const args = rows.map(argumentOf);
  const oneEach = args.every((i) => i !== undefined) && new Set(args).size === rows.length;
  return oneEach ? `${rows.length} more ${rows.length === 1 ? 'argument' : 'arguments'}` : moreLines(rows.length);
}

/**
 * The cause in `rows` rows, never cut in silence: what the Event is (its
 * first row) stays when there is room, the rest goes a page per PgUp/PgDn
 * (a page of its own room, so no row is stepped over), and a last row says
 * how much is above and below.
 */
export function causeWindow(cause: Line[], rows: number, scroll: number, width: number, pages: string): Line[] {
  if (cause.length <= rows || rows <= 0) return cause.slice(0, rows);
  const dim = { dim: true };
  if (rows === 1) return [[seg(fit(`Cause: ${moreLines(cause.length)} not shown (no room here)`, width), dim)]];
  const pinned = rows >= 3 ? 1 : 0;
  const body = cause.slice(pinned);
  const room = rows - pinned - 1;
  const from = Math.min(Math.floor(Math.max(0, scroll) / DETAIL_PAGE) * room, body.length - room);
  const above = body.slice(0, from);
  const below = body.slice(from + room);
  const g = glyphs();
  const more: Line = [
    seg(
      fit(
        `  ${g.ellipsis} ${above.length ? `${g.up}${hiddenCause(above)} ` : ''}` +
          `${below.length ? `${g.down}${hiddenCause(below)} ` : ''}(${pages})`,
        width,
      ),
      dim,
    ),
  ];
  return [...cause.slice(0, pinned), ...body.slice(from, from + room), more];
}

/** The diff in `rows` rows from `scroll`, its last row saying how much is above and below when it does not fit. */
export function diffWindow(diff: Line[], rows: number, scroll: number, width: number, pages: string): Line[] {
  if (diff.length <= rows || rows <= 1) return diff.slice(0, rows);
  const bodyRoom = rows - 1;
  const from = Math.max(0, Math.min(scroll, diff.length - bodyRoom));
  const below = diff.length - from - bodyRoom;
  const more: Line = [
    seg(
      fit(
        `  ${glyphs().ellipsis} diff ` +
          `${from ? `${glyphs().up}${moreLines(from)} ` : ''}${below ? `${glyphs().down}${moreLines(below)} ` : ''}(${pages})`,
        width,
      ),
      { dim: true },
    ),
  ];
  return [...diff.slice(from, from + bodyRoom), more];
}
