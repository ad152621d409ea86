import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { UNCONFIRMED_MARK, stateMark } from '../../store/marks.js';
import { formatMs } from '../../store/outcome.js';
import { fit, pad } from '../text/wrap.js';
import { line, seg, type Line } from '../text/line.js';
import { stateColor } from './theme.js';
import { stickyStart, windowAt } from '../widgets/window.js';

/** Milliseconds since the request was raised (producer time, for display only). */
export function ageMs(record: RequestRecord, now: number): number {
  const raised = Date.parse(record.time);
  const from = Number.isFinite(raised) ? Math.min(raised, now) : record.receivedAt;
  return Math.max(0, now - from);
}

/** Time left before the emitter times the request out, or undefined. */
export function timeLeftMs(record: RequestRecord, now: number): number | undefined {
  if (!record.payload.expiresAt || !OPEN_STATES.has(record.state)) return undefined;
  const at = Date.parse(record.payload.expiresAt);
  return Number.isFinite(at) ? at - now : undefined;
}

export function shortDuration(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.floor(ms / 1000))}s`;
  return formatMs(Math.floor(ms / 60_000) * 60_000);
}

export function timeLeftText(left: number): string {
  return left <= 0 ? 'expired' : `${shortDuration(left)} left`;
}

export interface ListViewInput {
  records: RequestRecord[];
  selectedIndex: number;
  width: number;
  height: number;
  now: number;
  /** Whether the list has keyboard focus (the highlight is drawn strong). */
  focused: boolean;
  /** Relay label per request when several relays are watched. */
  relayLabel?: (record: RequestRecord) => string;
  /** Show a prompt excerpt (full-width list). */
  showPrompt: boolean;
  /** How many records are open (they come first); counted here when absent. */
  openCount?: number;
  /** The window's first virtual row (see listStartFor); worked out here when absent. */
  start?: number;
}

function row(record: RequestRecord, input: ListViewInput, selected: boolean): Line {
  const { width, now } = input;
  const left = timeLeftMs(record, now);
  const mark = stateMark(record.state);
  const doubt = record.unconfirmed && OPEN_STATES.has(record.state) ? UNCONFIRMED_MARK : ' ';
  const kind = pad(displayLine(record.payload.kind || 'unknown', 12), 10);
  const agent = pad(displayLine(record.agent, 40), 12);
  const age = shortDuration(ageMs(record, now)).padStart(4);
  const relay = input.relayLabel ? `${input.relayLabel(record)} ` : '';
  const leftText = left !== undefined ? ` ${timeLeftText(left)}` : '';
  const fixed = `${selected ? '▸' : ' '}${mark}${doubt}${kind} ${relay}${agent} ${age}${leftText}`;
  const rest = width - fixed.length - 1;
  const prompt = input.showPrompt && rest > 8 ? ` ${fit(displayLine(record.payload.prompt, 200), rest)}` : '';
  const style = selected ? { inverse: input.focused, bold: true } : {};
  return [
    seg(selected ? '▸' : ' ', style),
    seg(mark, { ...style, color: stateColor(record.state) }),
    seg(doubt, { ...style, color: 'yellow' }),
    seg(`${kind} ${relay}${agent} ${age}`, style),
    seg(leftText, { ...style, color: left !== undefined && left < 60_000 ? 'red' : 'yellow' }),
    seg(prompt, { ...style, dim: !selected }),
  ];
}

/** The list's virtual rows: a Pending header, [an empty note], open rows, [a Recent header and recent rows]. */
export interface ListGeometry {
  total: number;
  open: number;
  recent: number;
  emptyNote: number;
  recentHeaderAt: number;
  /** The virtual row of record `index`. */
  lineOf: (index: number) => number;
}

export function listGeometry(count: number, open: number): ListGeometry {
  const recent = count - open;
  const emptyNote = open === 0 ? 1 : 0;
  const recentHeaderAt = 1 + emptyNote + open;
  return {
    total: recentHeaderAt + (recent ? 1 + recent : 0),
    open,
    recent,
    emptyNote,
    recentHeaderAt,
    lineOf: (index) => (index < open ? 1 + emptyNote + index : recentHeaderAt + 1 + (index - open)),
  };
}

/**
 * Where the list window starts for this selection: the update keeps it in
 * the model, so the view only draws it (no state written while drawing).
 */
export function listStartFor(count: number, open: number, selectedIndex: number, height: number, previous: number): number {
  const geometry = listGeometry(count, open);
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
  const g = listGeometry(records.length, open);
  const render = (at: number): Line => {
    if (at === 0) return line(seg(fit(`Pending (${open})`, width), { bold: true }));
    if (g.emptyNote && at === 1) return line(seg('  nothing waiting for you', { dim: true }));
    if (g.recent && at === g.recentHeaderAt) return line(seg(fit(`Recent (${g.recent})`, width), { bold: true }));
    const index = at < g.recentHeaderAt ? at - 1 - g.emptyNote : open + (at - g.recentHeaderAt - 1);
    return row(records[index], input, index === input.selectedIndex);
  };
  if (g.total <= height) return Array.from({ length: g.total }, (_, at) => render(at));
  const start = input.start ?? listStartFor(records.length, open, input.selectedIndex, height, 0);
  const window = windowAt(g.total, height - 1, start, render);
  window.rows.push(line(seg(fit(`${window.above ? `↑${window.above} ` : ''}${window.below ? `↓${window.below} more` : ''}`, width), { dim: true })));
  return window.rows;
}
