// One row of the request list: its texts, built once per change, and its
// styles for each selection (list-view.ts windows the rows).
import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { UNCONFIRMED_MARK } from '../words/marks.js';
import { cutName } from '../words/agent-name.js';
import { fit, pad, stringWidth } from '../text/wrap.js';
import { seg, type Line } from '../text/line.js';
import { severityColor, stateColor } from './theme.js';
import { UTF8_GLYPHS, type Glyphs, glyphs } from '../glyphs.js';
import { ageMs, shortDuration, textsUntil, timeLeftMs } from './ages.js';
import { openNoteLapsesAt } from '../../store/open-elsewhere.js';
import { kindTag, promptExcerpt, SEVERITY_WORD } from '../words/prompt-excerpt.js';

/** What the list shows beside a request besides the record itself (from the UI model and the console's commands). */
export interface RowDecoration {
  /** Marked for a batch answer. */
  tagged: boolean;
  /** An unsent draft is kept for it. */
  draft: boolean;
  /** The answer's state in a few words (`sent`, `✓ deny`, `✗ rejected`…). */
  status?: { text: string; color: string };
  /** A file edit's counts (`+12 −3`), once its cause is read (diff-view.ts). */
  edit?: string;
}

/** What a row reads besides its record. */
export interface RowInput {
  width: number;
  now: number;
  /** Whether the list has keyboard focus (the highlight is drawn strong). */
  focused: boolean;
  /** Relay label per request when several relays are watched. */
  relayLabel?: (record: RequestRecord) => string;
  glyphs?: Glyphs;
  decorate?: (record: RequestRecord) => RowDecoration;
  /** "open in console ops-2" while another console has it open (store/open-elsewhere.ts); it lapses by the clock. */
  elsewhere?: (record: RequestRecord, now: number) => string | undefined;
  /**
   * The same object for as long as what `decorate` and `relayLabel` say
   * stays the same (view.ts: the decorations as kept, whose reads hold the
   * store snapshot and so the relays the labels number): a row
   * built in it, at the same width and glyphs, is kept without asking
   * them again until its age or time left reads differently.
   */
  epoch?: object;
}

/** Columns a row keeps for its prompt before it gives them to "open in console …". */
const MIN_PROMPT_ROOM = 10;
/** …and before it says it in its long form ("open in console ops-2"): side by side at 120 columns, the short one. */
const LONG_FORM_PROMPT = 20;

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
  elsewhere: string;
  deco: RowDecoration;
  text: RowText;
  /** The epoch and span of clock it was last found right for (RowInput.epoch, textsUntil). */
  epoch: object | undefined;
  from: number;
  until: number;
  /** The row as styled: not selected, selected with the list focused, selected without. */
  styled: [Line | undefined, Line | undefined, Line | undefined];
}

const rowCache = new Map<RequestRecord, RowEntry>();

/** Whether two decorations draw alike (a new store version decorates anew, mostly the same). */
function sameDecoration(a: RowDecoration, b: RowDecoration): boolean {
  return (
    a === b ||
    (a.tagged === b.tagged &&
      a.draft === b.draft &&
      a.edit === b.edit &&
      a.status?.text === b.status?.text &&
      a.status?.color === b.status?.color)
  );
}

export function row(record: RequestRecord, input: RowInput, selected: boolean): Line {
  const { width, now } = input;
  const g = input.glyphs ?? UTF8_GLYPHS;
  const variant = !selected ? 0 : input.focused ? 1 : 2;
  let entry = rowCache.get(record);
  // A move redraws a window of rows that mostly did not change: such a row is its styled Line again, nothing worked out.
  if (
    entry !== undefined &&
    input.epoch !== undefined &&
    entry.epoch === input.epoch &&
    now >= entry.from &&
    now < entry.until &&
    entry.width === width &&
    entry.g === g &&
    entry.drawn === glyphs()
  ) {
    return (entry.styled[variant] ??= styleRow(record, entry, selected, input.focused));
  }
  const deco = input.decorate?.(record) ?? { tagged: false, draft: false };
  const leftMs = timeLeftMs(record, now);
  const age = shortDuration(ageMs(record, now));
  const left =
    leftMs === undefined ? '' : leftMs <= 0 ? 'exp' : `${shortDuration(leftMs)}${leftMs < 60_000 ? '!' : ''}`;
  const relay = input.relayLabel ? `${input.relayLabel(record)} ` : '';
  const elsewhere = input.elsewhere?.(record, now) ?? '';
  const drawn = glyphs();
  if (
    entry === undefined ||
    entry.width !== width ||
    entry.g !== g ||
    entry.drawn !== drawn ||
    entry.age !== age ||
    entry.left !== left ||
    entry.relay !== relay ||
    entry.elsewhere !== elsewhere ||
    !sameDecoration(entry.deco, deco)
  ) {
    entry = {
      width,
      g,
      drawn,
      age,
      left,
      relay,
      elsewhere,
      deco,
      text: rowText(record, { width, g, deco, left: leftMs, age, relay, elsewhere }),
      epoch: undefined,
      from: 0,
      until: 0,
      styled: [undefined, undefined, undefined],
    };
    if (rowCache.size >= ROW_CACHE && !rowCache.has(record)) rowCache.delete(rowCache.keys().next().value!);
    rowCache.set(record, entry);
  }
  entry.epoch = input.epoch;
  entry.from = now;
  // Another console's note lapses by the clock alone: the row is built again then.
  entry.until = Math.min(textsUntil(record, now), (input.elsewhere && openNoteLapsesAt(record, now)) ?? Infinity);
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
  elsewhere: string;
  prompt: string;
}

/**
 * What a row gives its prompt at least, where the row is wide enough
 * (side by side at 100 columns): the prompt is what tells two rows apart,
 * so names and ages narrow before it does, and a status gives way to it.
 */
export const PROMPT_ROOM = 28;

/** The row's cells besides agent, age and prompt: pointer, marks, severity and their spaces; a space after agent and after age. */
const FIXED_CELLS = 11;
/** Room kept for a time left (`⏳12m `) so rows line up whether they expire or not. */
const LEFT_CELL = 6;
/** A row with a status keeps at least this much of its prompt (the status is cut before). */
const PROMPT_LEAST = 12;
/** What an ask's words leave the prompt at least (they say why the rules leave it to you). */
const ASK_PROMPT_LEAST = 6;
/** A status is never cut below this. */
const STATUS_ROOM = 10;

/**
 * Agent and age widths for a row `width` wide: as wide as they were (14
 * and 4 columns from 70 up) while the prompt keeps PROMPT_ROOM, else the
 * name narrows to 10, the age to 3 (its coarsest unit), the name to 8.
 */
export function cellWidths(width: number, relay: string): { agent: number; age: number } {
  const was = width >= 70 ? 14 : width >= 50 ? 12 : 10;
  const spare = width - FIXED_CELLS - LEFT_CELL - stringWidth(relay) - PROMPT_ROOM;
  if (spare - 4 >= Math.min(was, 10)) return { agent: Math.min(was, spare - 4), age: 4 };
  return { agent: Math.max(8, Math.min(was, spare - 3)), age: 3 };
}

/** A duration in its first unit alone where the column is narrow (`1h30m` → `1h`). */
function coarse(text: string, width: number): string {
  return stringWidth(text) <= width ? text : (/^\d+[a-z]+/.exec(text)?.[0] ?? text);
}

/**
 * A status in the room the row leaves it: whole where the prompt keeps
 * PROMPT_ROOM; else a rule's suggested answer loses its rule's name (the detail
 * says it); cut only where the prompt would keep less than PROMPT_LEAST.
 */
function statusIn(text: string, roomy: number, least: number): string {
  if (stringWidth(text) <= roomy) return text;
  // An ask keeps its words while the prompt keeps a few columns: they say why it asks (the cause not read: it fails closed).
  if (text.startsWith('rule: ask'))
    return stringWidth(text) <= least + PROMPT_LEAST - ASK_PROMPT_LEAST
      ? text
      : fit(text, Math.max(STATUS_ROOM, least + PROMPT_LEAST - ASK_PROMPT_LEAST));
  const bare = text.replace(/ \(.*\)$/, '');
  return stringWidth(bare) <= least ? bare : fit(bare, Math.max(STATUS_ROOM, least));
}

function rowText(
  record: RequestRecord,
  {
    width,
    g,
    deco,
    left,
    age,
    relay,
    elsewhere: open,
  }: {
    width: number;
    g: Glyphs;
    deco: RowDecoration;
    left: number | undefined;
    age: string;
    relay: string;
    elsewhere: string;
  },
): RowText {
  const doubt = record.unconfirmed && OPEN_STATES.has(record.state) ? UNCONFIRMED_MARK : ' ';
  const severity = pad(SEVERITY_WORD[record.severity] ?? displayLine(record.severity, 4), 4);
  const cells = cellWidths(width, relay);
  // Cut keeping the end where a fleet's names differ (gemini-…-10, gemini-…-11).
  const agent = pad(cutName(displayLine(record.agent, 40), cells.agent, g.utf8 ? '…' : '~'), cells.agent);
  const ageText = coarse(age, cells.age).padStart(cells.age);
  // Time left is labelled, so it never reads as a second age.
  const leftText =
    left === undefined ? '' : left <= 0 ? `${g.timeLeft}exp` : `${g.timeLeft}${coarse(shortDuration(left), cells.age)}`;
  // Only rows that expire spend columns on it: the rest give them to the prompt.
  const leftCell = leftText ? `${leftText} ` : '';
  // The pointer's cell is one column selected or not (▸ or a space).
  const head = ` ${g.mark(record.state)}${doubt}${deco.tagged ? g.tagged : ' '}${severity} ${relay}${agent} ${ageText} `;
  // An emitter that broke a protocol rule about this request: the detail names the rule.
  const warn = record.violations?.length ? glyphs().warn : '';
  const before = stringWidth(head) + stringWidth(leftCell) + stringWidth(`${warn}${deco.draft ? g.draft : ''}`);
  const status = deco.status
    ? `${statusIn(deco.status.text, width - before - PROMPT_ROOM - 1, width - before - PROMPT_LEAST - 1)} `
    : '';
  const fixed = before + stringWidth(status);
  // Who else has it open, as long as the prompt keeps room to be read: "open in console ops-2", then "open in ops-2",
  // else a mark (the detail names them).
  const words = open ? [`${open} ${g.dot} `, `${open.replace(/^open in console /, 'open in ')} ${g.dot} `] : [];
  const keeps = (cell: string, room: number) => width - fixed - stringWidth(cell) >= room;
  const elsewhere = !open
    ? ''
    : keeps(words[0], LONG_FORM_PROMPT)
      ? words[0]
      : keeps(words[1], MIN_PROMPT_ROOM)
        ? words[1]
        : `${g.elsewhere} `;
  const used = fixed + stringWidth(elsewhere);
  // An edit's counts before the prompt, outside it: the prompt's lead-in is what gets cut, never the counts.
  const edit = deco.edit && width - used - stringWidth(deco.edit) > MIN_PROMPT_ROOM ? `${deco.edit} ` : '';
  const prompt = `${edit}${promptExcerpt(`${kindTag(record)}${record.payload.prompt}`, width - used - stringWidth(edit))}`;
  return {
    doubt,
    severity,
    middle: ` ${relay}${agent} ${ageText} `,
    leftCell,
    leftSoon: left !== undefined && left < 60_000,
    warn,
    status,
    elsewhere,
    prompt,
  };
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
    seg(text.elsewhere, { ...style, color: 'magenta' }),
    seg(text.prompt, { ...style, dim: !selected }),
  ];
}
