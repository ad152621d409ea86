// The request list as exact rows: its sections (Pending, No agent
// connected, Recent), its window over thousands of records, and the rows
// in view (list-row.ts builds each).
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { fit } from '../text/wrap.js';
import { line, seg, type Line } from '../text/line.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';
import { stickyStart, windowAt } from '../widgets/window.js';
import { row, type RowInput } from './list-row.js';

export interface ListViewInput extends RowInput {
  records: RequestRecord[];
  selectedIndex: number;
  height: number;
  /** How many records are open (they come first); counted here when absent. */
  openCount?: number;
  /** Of the open ones, how many are informational (answered in the agent's own UI). */
  informational?: number;
  /** Of the open ones, how many are in "No agent connected" (after the waiting ones). */
  noAgent?: number;
  /** Of the open ones, how many (the last) are in "Snoozed". */
  snoozed?: number;
  /** The window's first virtual row (see listStartFor); worked out here when absent. */
  start?: number;
  /** What the Pending section says when it is empty (why it is empty). */
  emptyNote?: Line;
}

/**
 * The list's virtual rows: a Pending header, [an empty note], the open rows
 * waiting on the operator, [a "No agent connected" header and its rows],
 * [a Recent header and recent rows].
 */
export interface ListGeometry {
  total: number;
  open: number;
  recent: number;
  emptyNote: number;
  /** The open rows whose agent is gone (after the waiting ones), and those snoozed (the last of the open ones). */
  noAgent: number;
  snoozed: number;
  noAgentHeaderAt: number;
  snoozedHeaderAt: number;
  recentHeaderAt: number;
  /** The virtual row of record `index`. */
  lineOf: (index: number) => number;
}

export function listGeometry(count: number, open: number, noAgent = 0, snoozed = 0): ListGeometry {
  const recent = count - open;
  const waiting = open - noAgent - snoozed;
  const emptyNote = waiting === 0 ? 1 : 0;
  const noAgentHeaderAt = 1 + emptyNote + waiting;
  const snoozedHeaderAt = noAgentHeaderAt + (noAgent ? 1 + noAgent : 0);
  const recentHeaderAt = snoozedHeaderAt + (snoozed ? 1 + snoozed : 0);
  return {
    total: recentHeaderAt + (recent ? 1 + recent : 0),
    open,
    recent,
    emptyNote,
    noAgent,
    snoozed,
    noAgentHeaderAt,
    snoozedHeaderAt,
    recentHeaderAt,
    lineOf: (index) => {
      if (index < waiting) return 1 + emptyNote + index;
      if (index < waiting + noAgent) return noAgentHeaderAt + 1 + (index - waiting);
      if (index < open) return snoozedHeaderAt + 1 + (index - waiting - noAgent);
      return recentHeaderAt + 1 + (index - open);
    },
  };
}

/** The record shown on virtual row `at` (not a header or note). */
function indexAt(g: ListGeometry, at: number): number {
  const waiting = g.open - g.noAgent - g.snoozed;
  if (at < g.noAgentHeaderAt) return at - 1 - g.emptyNote;
  if (at < g.snoozedHeaderAt) return waiting + (at - g.noAgentHeaderAt - 1);
  if (at < g.recentHeaderAt) return waiting + g.noAgent + (at - g.snoozedHeaderAt - 1);
  return g.open + (at - g.recentHeaderAt - 1);
}

/**
 * The record drawn on row `at` of a list `height` rows tall whose window
 * starts at `start`, as buildListLines draws it; undefined for a header, a
 * note, the "more" row and past the end (a click there selects nothing).
 */
export function recordAtRow(
  count: number,
  open: number,
  height: number,
  start: number,
  at: number,
  noAgent = 0,
): number | undefined {
  const g = listGeometry(count, open, noAgent);
  if (at < 0 || at >= height) return undefined;
  let virtual = at;
  if (g.total > height) {
    // The window's last row says how many more there are (buildListLines).
    if (at >= height - 1) return undefined;
    virtual = Math.max(0, Math.min(start, g.total - (height - 1))) + at;
  }
  if (virtual <= 0 || virtual >= g.total) return undefined;
  if (
    (g.emptyNote && virtual === 1) ||
    (g.noAgent && virtual === g.noAgentHeaderAt) ||
    (g.recent && virtual === g.recentHeaderAt)
  )
    return undefined;
  return indexAt(g, virtual);
}

/**
 * Where the list window starts for this selection: the update keeps it in
 * the model, so the view only draws it (no state written while drawing).
 */
export function listStartFor(
  count: number,
  open: number,
  selectedIndex: number,
  height: number,
  previous: number,
  noAgent = 0,
  snoozed = 0,
): number {
  const geometry = listGeometry(count, open, noAgent, snoozed);
  if (geometry.total <= height) return 0;
  const selectedLine = count ? geometry.lineOf(Math.min(selectedIndex, count - 1)) : 0;
  return stickyStart(geometry.total, height - 1, selectedLine, previous);
}

/**
 * The list as exact rows: a "Pending" section and a "Recent" section, windowed
 * so the selected row is always visible and the height is never exceeded.
 * Only the visible rows are formatted: the list may hold thousands.
 */
export function buildListLines(input: ListViewInput): Line[] {
  const { records, height, width } = input;
  if (height <= 0) return [];
  let open = input.openCount ?? 0;
  if (input.openCount === undefined) while (open < records.length && OPEN_STATES.has(records[open].state)) open++;
  const noAgent = input.noAgent ?? 0;
  const snoozed = input.snoozed ?? 0;
  const g = listGeometry(records.length, open, noAgent, snoozed);
  const render = (at: number): Line => {
    if (at === 0) {
      const informational = input.informational ?? 0;
      const waiting = open - noAgent - snoozed;
      const split = informational
        ? ` ${glyphs().dot} ${waiting - informational} to answer ${glyphs().dot} ${informational} informational`
        : '';
      return line(seg(fit(`Pending (${waiting})${split}`, width), { bold: true }));
    }
    if (g.emptyNote && at === 1) return input.emptyNote ?? line(seg('  nothing waiting for you', { dim: true }));
    if (noAgent && at === g.noAgentHeaderAt)
      return line(
        seg(fit(`No agent connected (${noAgent}) ${glyphs().dot} answerable if the agent comes back`, width), {
          bold: true,
          dim: true,
        }),
      );
    if (snoozed && at === g.snoozedHeaderAt)
      return line(
        seg(
          fit(
            `Snoozed (${snoozed}) ${glyphs().dot} back when the time is up or it changes ` +
              `${glyphs().dot} ${withKeys('browse', '{undo} undoes')}`,
            width,
          ),
          { bold: true, dim: true },
        ),
      );
    if (g.recent && at === g.recentHeaderAt) return line(seg(fit(`Recent (${g.recent})`, width), { bold: true }));
    const index = indexAt(g, at);
    return row(records[index], input, index === input.selectedIndex);
  };
  if (g.total <= height) return Array.from({ length: g.total }, (_, at) => render(at));
  const start = input.start ?? listStartFor(records.length, open, input.selectedIndex, height, 0, noAgent, snoozed);
  const window = windowAt(g.total, height - 1, start, render);
  window.rows.push(
    line(
      seg(
        fit(
          `${window.above ? `${glyphs().up}${window.above} ` : ''}${window.below ? `${glyphs().down}${window.below} more` : ''}`,
          width,
        ),
        { dim: true },
      ),
    ),
  );
  return window.rows;
}
