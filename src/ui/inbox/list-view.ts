import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { stateMark } from '../../store/marks.js';
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
}

function row(record: RequestRecord, input: ListViewInput, selected: boolean): Line {
  const { width, now } = input;
  const left = timeLeftMs(record, now);
  const mark = stateMark(record.state);
  const kind = pad(displayLine(record.payload.kind || 'unknown', 12), 10);
  const agent = pad(displayLine(record.agent, 40), 12);
  const age = shortDuration(ageMs(record, now)).padStart(4);
  const relay = input.relayLabel ? `${input.relayLabel(record)} ` : '';
  const leftText = left !== undefined ? ` ${timeLeftText(left)}` : '';
  const fixed = `${selected ? '▸' : ' '}${mark} ${kind} ${relay}${agent} ${age}${leftText}`;
  const rest = width - fixed.length - 1;
  const prompt = input.showPrompt && rest > 8 ? ` ${fit(displayLine(record.payload.prompt, 200), rest)}` : '';
  const style = selected ? { inverse: input.focused, bold: true } : {};
  return [
    seg(selected ? '▸' : ' ', style),
    seg(mark, { ...style, color: stateColor(record.state) }),
    seg(` ${kind} ${relay}${agent} ${age}`, style),
    seg(leftText, { ...style, color: left !== undefined && left < 60_000 ? 'red' : 'yellow' }),
    seg(prompt, { ...style, dim: !selected }),
  ];
}

/**
 * The list as exact rows: a "Pending" section and a "Recent" section, windowed
 * so the selected row is always visible and the height is never exceeded.
 */
export function buildListLines(input: ListViewInput): Line[] {
  const { records, height, width } = input;
  if (height <= 0) return [];
  const open = records.filter((r) => OPEN_STATES.has(r.state));
  const recent = records.length - open.length;
  const all: { line: Line; index?: number }[] = [];
  all.push({ line: line(seg(fit(`Pending (${open.length})`, width), { bold: true })) });
  if (open.length === 0) all.push({ line: line(seg('  nothing waiting for you', { dim: true })) });
  records.forEach((record, index) => {
    if (index === open.length) all.push({ line: line(seg(fit(`Recent (${recent})`, width), { bold: true })) });
    all.push({ line: row(record, input, index === input.selectedIndex), index });
  });
  if (all.length <= height) return all.map((item) => item.line);
  const selectedLine = Math.max(0, all.findIndex((item) => item.index === input.selectedIndex));
  const room = height - 1; // one row for the "more" indicator
  let start = Math.max(0, selectedLine - Math.floor(room / 2));
  start = Math.min(start, all.length - room);
  const window = all.slice(start, start + room).map((item) => item.line);
  const above = start;
  const below = all.length - start - room;
  window.push(line(seg(fit(`${above ? `↑${above} ` : ''}${below ? `↓${below} more` : ''}`, width), { dim: true })));
  return window;
}
