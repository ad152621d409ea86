import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { UNCONFIRMED_MARK } from '../words/marks.js';
import { formatMs } from '../words/duration.js';
import { cutName } from '../words/agent-name.js';
import { fit, pad, stringWidth } from '../text/wrap.js';
import { line, seg, type Line } from '../text/line.js';
import { severityColor, stateColor } from './theme.js';
import { UTF8_GLYPHS, type Glyphs, glyphs } from '../glyphs.js';
import { stickyStart, windowAt } from '../widgets/window.js';

/**
 * A record's raised and expiry times, parsed once: every frame reads them
 * for each visible row (and the clock for its next tick), and records are
 * replaced, never changed. Held weakly: a record forgotten takes its times.
 */
const parsedTimes = new WeakMap<RequestRecord, { raised: number; expires: number | undefined }>();

function timesOf(record: RequestRecord): { raised: number; expires: number | undefined } {
  let times = parsedTimes.get(record);
  if (times === undefined) {
    times = { raised: Date.parse(record.time), expires: record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : undefined };
    parsedTimes.set(record, times);
  }
  return times;
}

/** Milliseconds since the request was raised (producer time, for display only). */
export function ageMs(record: RequestRecord, now: number): number {
  const { raised } = timesOf(record);
  const from = Number.isFinite(raised) ? Math.min(raised, now) : record.receivedAt;
  return Math.max(0, now - from);
}

/** Time left before the emitter times the request out, or undefined. */
export function timeLeftMs(record: RequestRecord, now: number): number | undefined {
  if (!record.payload.expiresAt || !OPEN_STATES.has(record.state)) return undefined;
  const at = timesOf(record).expires;
  return at !== undefined && Number.isFinite(at) ? at - now : undefined;
}

export function shortDuration(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.floor(ms / 1000))}s`;
  return formatMs(Math.floor(ms / 60_000) * 60_000);
}

export function timeLeftText(left: number): string {
  return left <= 0 ? 'expired' : `${shortDuration(left)} left`;
}

/** What the list shows beside a request besides the record itself (from the UI model and the console's commands). */
export interface RowDecoration {
  /** Marked for a batch answer. */
  tagged: boolean;
  /** An unsent draft is kept for it. */
  draft: boolean;
  /** The answer's state in a few words (`sent`, `✓ deny`, `✗ rejected`…). */
  status?: { text: string; color: string };
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
  /** How many records are open (they come first); counted here when absent. */
  openCount?: number;
  /** Of the open ones, how many are informational (answered in the agent's own UI). */
  informational?: number;
  /** Of the open ones, how many (the last) are in "No agent connected". */
  noAgent?: number;
  /** The window's first virtual row (see listStartFor); worked out here when absent. */
  start?: number;
  glyphs?: Glyphs;
  decorate?: (record: RequestRecord) => RowDecoration;
  /** What the Pending section says when it is empty (why it is empty). */
  emptyNote?: Line;
}

const SEVERITY_WORD: Record<string, string> = {
  critical: 'crit',
  error: 'err',
  warning: 'warn',
  notice: 'note',
  info: 'info',
  debug: 'dbug',
};

/** The kind, where it is not the common case (a permission prompt). */
function kindTag(record: RequestRecord): string {
  const kind = record.payload.kind || 'unknown';
  return kind === 'permission' ? '' : `[${displayLine(kind, 12)}] `;
}

/** A separator that ends a boilerplate lead-in ("Permission requested: ", "codex asks — "). */
const LEAD_IN = /^(.{3,48}?)(?::\s+|\s+—\s+|\s+-\s+)/;

/**
 * As much of the prompt as fits in `room` columns. When it does not all fit
 * it is cut where it says least: an agent's own lead-in before the command
 * ("Permission requested: Bash — rm -rf build/" keeps "Bash — rm -rf build/",
 * and in a narrower room "rm -rf build/").
 */
export function promptExcerpt(prompt: string, room: number): string {
  if (room <= 0) return '';
  let text = displayLine(prompt, 400);
  if (stringWidth(text) <= room) return text;
  // Lead-ins are dropped one at a time while it still does not fit
  // ("Permission requested: " then "Bash — "), never down to a stub.
  for (let cut = 0; cut < 3 && stringWidth(text) + (cut ? 1 : 0) > room; cut++) {
    const lead = LEAD_IN.exec(text.startsWith(glyphs().cut) ? text.slice(1) : text);
    if (!lead) break;
    const rest = (text.startsWith(glyphs().cut) ? text.slice(1) : text).slice(lead[0].length);
    if (rest.length < 12) break;
    text = `${glyphs().cut}${rest}`;
  }
  return fit(text, room);
}

/**
 * Rows as last built, per record: what a row shows besides the record
 * (records are replaced, never changed) is kept with it, and a row is built
 * again only when that changed. Its text (the prompt's excerpt is most of a
 * row's cost) does not depend on the selection: a move builds the row that
 * came into view, and only restyles the two whose selection changed. An
 * unchanged row is the same Line, which the frame styles once (styledLine).
 * Bounded: past ROW_CACHE records the oldest goes.
 */
const ROW_CACHE = 256;

interface RowEntry {
  width: number;
  g: Glyphs;
  /** The glyphs drawn with (the cut mark, the warning sign), which `g` normally is. */
  drawn: Glyphs;
  age: string;
  left: string;
  relay: string;
  deco: RowDecoration;
  text: RowText;
  /** The row as styled: not selected, selected with the list focused, selected without. */
  styled: [Line | undefined, Line | undefined, Line | undefined];
}

const rowCache = new Map<RequestRecord, RowEntry>();

/** Whether two decorations draw alike (a new store version decorates anew, mostly the same). */
function sameDecoration(a: RowDecoration, b: RowDecoration): boolean {
  return a === b || (a.tagged === b.tagged && a.draft === b.draft && a.status?.text === b.status?.text && a.status?.color === b.status?.color);
}

function row(record: RequestRecord, input: ListViewInput, selected: boolean): Line {
  const { width, now } = input;
  const g = input.glyphs ?? UTF8_GLYPHS;
  const deco = input.decorate?.(record) ?? { tagged: false, draft: false };
  const leftMs = timeLeftMs(record, now);
  const age = shortDuration(ageMs(record, now));
  const left = leftMs === undefined ? '' : leftMs <= 0 ? 'exp' : `${shortDuration(leftMs)}${leftMs < 60_000 ? '!' : ''}`;
  const relay = input.relayLabel ? `${input.relayLabel(record)} ` : '';
  const drawn = glyphs();
  let entry = rowCache.get(record);
  if (entry === undefined || entry.width !== width || entry.g !== g || entry.drawn !== drawn || entry.age !== age || entry.left !== left || entry.relay !== relay || !sameDecoration(entry.deco, deco)) {
    entry = { width, g, drawn, age, left, relay, deco, text: rowText(record, { width, g, deco, left: leftMs, age, relay }), styled: [undefined, undefined, undefined] };
    if (rowCache.size >= ROW_CACHE && !rowCache.has(record)) rowCache.delete(rowCache.keys().next().value!);
    rowCache.set(record, entry);
  }
  const variant = !selected ? 0 : input.focused ? 1 : 2;
  return (entry.styled[variant] ??= styleRow(record, entry, selected, input.focused));
}

/** A row's texts, cell by cell: what it says, whatever its selection. */
interface RowText {
  doubt: string;
  severity: string;
  middle: string;
  leftCell: string;
  leftSoon: boolean;
  warn: string;
  status: string;
  prompt: string;
}

function rowText(record: RequestRecord, { width, g, deco, left, age, relay }: { width: number; g: Glyphs; deco: RowDecoration; left: number | undefined; age: string; relay: string }): RowText {
  const doubt = record.unconfirmed && OPEN_STATES.has(record.state) ? UNCONFIRMED_MARK : ' ';
  const severity = pad(SEVERITY_WORD[record.severity] ?? displayLine(record.severity, 4), 4);
  const agentWidth = width >= 70 ? 14 : width >= 50 ? 12 : 10;
  // Cut keeping the end where a fleet's names differ (gemini-…-10, gemini-…-11).
  const agent = pad(cutName(displayLine(record.agent, 40), agentWidth, g.utf8 ? '…' : '~'), agentWidth);
  // Time left is labelled, so it never reads as a second age.
  const leftText = left === undefined ? '' : left <= 0 ? `${g.timeLeft}exp` : `${g.timeLeft}${shortDuration(left)}`;
  // Only rows that expire spend columns on it: the rest give them to the prompt.
  const leftCell = leftText ? `${leftText} ` : '';
  // The pointer's cell is one column selected or not (▸ or a space).
  const head = ` ${g.mark(record.state)}${doubt}${deco.tagged ? g.tagged : ' '}${severity} ${relay}${agent} ${age.padStart(4)} `;
  // An emitter that broke a protocol rule about this request: the detail names the rule.
  const warn = record.violations?.length ? glyphs().warn : '';
  const status = deco.status ? `${deco.status.text} ` : '';
  const used = stringWidth(head) + stringWidth(leftCell) + stringWidth(`${warn}${deco.draft ? g.draft : ''}${status}`);
  const prompt = promptExcerpt(`${kindTag(record)}${record.payload.prompt}`, width - used);
  return { doubt, severity, middle: ` ${relay}${agent} ${age.padStart(4)} `, leftCell, leftSoon: left !== undefined && left < 60_000, warn, status, prompt };
}

function styleRow(record: RequestRecord, { text, g, deco }: RowEntry, selected: boolean, focused: boolean): Line {
  const style = selected ? { inverse: focused, bold: true } : {};
  return [
    seg(selected ? g.pointer : ' ', style),
    seg(g.mark(record.state), { ...style, color: stateColor(record.state) }),
    seg(text.doubt, { ...style, color: 'yellow' }),
    seg(deco.tagged ? g.tagged : ' ', { ...style, color: 'magenta', bold: true }),
    seg(text.severity, { ...style, color: severityColor(record.severity) }),
    seg(text.middle, style),
    seg(text.leftCell, { ...style, color: text.leftSoon ? 'red' : 'yellow' }),
    seg(text.warn, { ...style, color: 'red' }),
    seg(deco.draft ? g.draft : '', { ...style, color: 'cyan' }),
    seg(text.status, { ...style, color: deco.status?.color }),
    seg(text.prompt, { ...style, dim: !selected }),
  ];
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
  /** The open rows whose agent is gone (the last `noAgent` of the open ones). */
  noAgent: number;
  noAgentHeaderAt: number;
  recentHeaderAt: number;
  /** The virtual row of record `index`. */
  lineOf: (index: number) => number;
}

export function listGeometry(count: number, open: number, noAgent = 0): ListGeometry {
  const recent = count - open;
  const waiting = open - noAgent;
  const emptyNote = waiting === 0 ? 1 : 0;
  const noAgentHeaderAt = 1 + emptyNote + waiting;
  const recentHeaderAt = noAgentHeaderAt + (noAgent ? 1 + noAgent : 0);
  return {
    total: recentHeaderAt + (recent ? 1 + recent : 0),
    open,
    recent,
    emptyNote,
    noAgent,
    noAgentHeaderAt,
    recentHeaderAt,
    lineOf: (index) => (index < waiting ? 1 + emptyNote + index : index < open ? noAgentHeaderAt + 1 + (index - waiting) : recentHeaderAt + 1 + (index - open)),
  };
}

/** The record shown on virtual row `at` (not a header or note). */
function indexAt(g: ListGeometry, at: number): number {
  if (at < g.noAgentHeaderAt) return at - 1 - g.emptyNote;
  if (at < g.recentHeaderAt) return g.open - g.noAgent + (at - g.noAgentHeaderAt - 1);
  return g.open + (at - g.recentHeaderAt - 1);
}

/**
 * Where the list window starts for this selection: the update keeps it in
 * the model, so the view only draws it (no state written while drawing).
 */
export function listStartFor(count: number, open: number, selectedIndex: number, height: number, previous: number, noAgent = 0): number {
  const geometry = listGeometry(count, open, noAgent);
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
  const g = listGeometry(records.length, open, noAgent);
  const render = (at: number): Line => {
    if (at === 0) {
      const informational = input.informational ?? 0;
      const waiting = open - noAgent;
      const split = informational ? ` ${glyphs().dot} ${waiting - informational} to answer ${glyphs().dot} ${informational} informational` : '';
      return line(seg(fit(`Pending (${waiting})${split}`, width), { bold: true }));
    }
    if (g.emptyNote && at === 1) return input.emptyNote ?? line(seg('  nothing waiting for you', { dim: true }));
    if (noAgent && at === g.noAgentHeaderAt) return line(seg(fit(`No agent connected (${noAgent}) ${glyphs().dot} answerable if the agent comes back`, width), { bold: true, dim: true }));
    if (g.recent && at === g.recentHeaderAt) return line(seg(fit(`Recent (${g.recent})`, width), { bold: true }));
    const index = indexAt(g, at);
    return row(records[index], input, index === input.selectedIndex);
  };
  if (g.total <= height) return Array.from({ length: g.total }, (_, at) => render(at));
  const start = input.start ?? listStartFor(records.length, open, input.selectedIndex, height, 0);
  const window = windowAt(g.total, height - 1, start, render);
  window.rows.push(line(seg(fit(`${window.above ? `${glyphs().up}${window.above} ` : ''}${window.below ? `${glyphs().down}${window.below} more` : ''}`, width), { dim: true })));
  return window.rows;
}
