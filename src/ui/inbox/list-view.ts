import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { UNCONFIRMED_MARK, stateMark } from '../../store/marks.js';
import { formatMs } from '../../store/outcome.js';
import { fit, pad } from '../text/wrap.js';
import { line, seg, type Line } from '../text/line.js';
import { stateColor } from './theme.js';

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
  /** Where the window started last time (see windowStart); the top when absent. */
  previousStart?: number;
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

/** Rows kept between the selection and the window's edge before it scrolls. */
const SCROLL_MARGIN = 2;

/**
 * Where the window starts: where it was, unless the selection came within
 * the margin of an edge. A window that stays put redraws two rows per move,
 * not the whole list (what a slow SSH link feels).
 */
export function windowStart(total: number, room: number, selectedLine: number, previous = 0): number {
  const margin = Math.min(SCROLL_MARGIN, Math.floor((room - 1) / 2));
  let start = previous;
  if (selectedLine < start + margin) start = selectedLine - margin;
  if (selectedLine > start + room - 1 - margin) start = selectedLine - (room - 1 - margin);
  return Math.max(0, Math.min(start, total - room));
}

/**
 * The list as exact rows: a "Pending" section and a "Recent" section, windowed
 * so the selected row is always visible and the height is never exceeded.
 * Only the visible rows are formatted: the list may hold thousands.
 */
export function buildListLines(input: ListViewInput): Line[] {
  return listWindow(input).lines;
}

/** The rows, and the window start to pass back as `previousStart` next time. */
export function listWindow(input: ListViewInput): { lines: Line[]; start: number } {
  const { records, height, width } = input;
  if (height <= 0) return { lines: [], start: 0 };
  let open = input.openCount ?? 0;
  if (input.openCount === undefined) while (open < records.length && OPEN_STATES.has(records[open].state)) open++;
  const recent = records.length - open;
  // Virtual rows: pending header, [empty note], open rows, [recent header, recent rows].
  const emptyNote = open === 0 ? 1 : 0;
  const recentHeaderAt = 1 + emptyNote + open;
  const total = recentHeaderAt + (recent ? 1 + recent : 0);
  const lineOf = (index: number) => (index < open ? 1 + emptyNote + index : recentHeaderAt + 1 + (index - open));
  const render = (at: number): Line => {
    if (at === 0) return line(seg(fit(`Pending (${open})`, width), { bold: true }));
    if (emptyNote && at === 1) return line(seg('  nothing waiting for you', { dim: true }));
    if (recent && at === recentHeaderAt) return line(seg(fit(`Recent (${recent})`, width), { bold: true }));
    const index = at < recentHeaderAt ? at - 1 - emptyNote : open + (at - recentHeaderAt - 1);
    return row(records[index], input, index === input.selectedIndex);
  };
  if (total <= height) return { lines: Array.from({ length: total }, (_, at) => render(at)), start: 0 };
  const selectedLine = records.length ? lineOf(Math.min(input.selectedIndex, records.length - 1)) : 0;
  const room = height - 1; // one row for the "more" indicator
  const start = windowStart(total, room, selectedLine, input.previousStart);
  const window = Array.from({ length: room }, (_, i) => render(start + i));
  const below = total - start - room;
  window.push(line(seg(fit(`${start ? `↑${start} ` : ''}${below ? `↓${below} more` : ''}`, width), { dim: true })));
  return { lines: window, start };
}
