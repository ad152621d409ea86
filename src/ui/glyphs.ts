import type { RequestState } from '../store/types.js';
import { stateMark } from './words/marks.js';

/**
 * The marks and rules the screen draws with. Where the locale is not UTF-8
 * (LANG=C over an old SSH hop, a serial console) the terminal would show
 * them as mojibake, so they fall back to ASCII that still reads.
 */
export interface Glyphs {
  utf8: boolean;
  mark: (state: RequestState) => string;
  /** The selected row. */
  pointer: string;
  /** A request marked for a batch answer. */
  tagged: string;
  /** A request with an unsent draft. */
  draft: string;
  /** A request another console has open, on a row too narrow to name it. */
  elsewhere: string;
  /** Before the time left of an expiring request. */
  timeLeft: string;
  /** Before "timed out" in a Recent row (ASCII: the words alone say it). */
  timedOut: string;
  /** Between the list and the detail. */
  rule: string;
  /** Beside quoted agent text. */
  quote: string;
  quoteTop: string;
  /** The last column of a cut text (one column wide). */
  cut: string;
  /** After words that say something is under way ("reading…"). */
  ellipsis: string;
  /** Between the parts of a status or a hint. */
  dot: string;
  /** Rows hidden above / below a window; the arrow keys as the help names them. */
  up: string;
  down: string;
  left: string;
  right: string;
  /** "leads to" (an outcome). */
  arrow: string;
  /** A dash between clauses; a field with no value. */
  dash: string;
  warn: string;
  yes: string;
  no: string;
  /** Not sent, or no answer came. */
  gone: string;
  /** A picked single-select choice, inside its parentheses. */
  bullet: string;
  /** A number range, at least, at most. */
  range: string;
  atLeast: string;
  atMost: string;
  /** A child Event under its parent in the timeline. */
  child: string;
  /** The Event the timeline is about. */
  here: string;
  /** Before a section number of the spec. */
  section: string;
  /** A request read from a file (history). */
  file: string;
}

const ASCII_MARKS: Record<RequestState, string> = {
  pending: '!',
  answered: '~',
  informational: 'i',
  resolved: '+',
  timeout: 'T',
  stale: 'x',
};

export const UTF8_GLYPHS: Glyphs = {
  utf8: true,
  mark: stateMark,
  pointer: '▸',
  tagged: '◆',
  draft: '✎',
  elsewhere: '◎',
  timeLeft: '⏳',
  timedOut: '⏱ ',
  rule: '│',
  quote: '┃',
  quoteTop: '┏',
  cut: '…',
  ellipsis: '…',
  dot: '·',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  arrow: '→',
  dash: '—',
  warn: '⚠',
  yes: '✓',
  no: '✗',
  gone: '⊘',
  bullet: '•',
  range: '–',
  atLeast: '≥',
  atMost: '≤',
  child: '└',
  here: '▶',
  section: '§',
  file: '◇',
};

export const ASCII_GLYPHS: Glyphs = {
  utf8: false,
  mark: (state) => ASCII_MARKS[state],
  pointer: '>',
  tagged: '*',
  draft: 'd',
  elsewhere: '@',
  // Not T-: T is the mark of a request that timed out.
  timeLeft: '<',
  timedOut: '',
  rule: '|',
  quote: '|',
  quoteTop: '|',
  cut: '~',
  ellipsis: '...',
  dot: '-',
  up: '^',
  down: 'v',
  left: 'Left',
  right: 'Right',
  arrow: '->',
  dash: '-',
  warn: '!',
  yes: '+',
  no: 'x',
  gone: '/',
  bullet: '*',
  range: '-',
  atLeast: '>=',
  atMost: '<=',
  child: '`',
  here: '>',
  section: 'sec. ',
  file: '#',
};

let drawing: Glyphs = UTF8_GLYPHS;

/**
 * The set the frame being built draws with. The view runs inside
 * `drawingWith` (app.tsx), so a text helper deep in it (a cut, a hint) needs
 * no set passed down; outside a frame (tests of one view, the README's Keys
 * table) it is the UTF-8 set.
 */
export function glyphs(): Glyphs {
  return drawing;
}

/** Builds a frame with `set` (synchronous: the set is back to what it was when `build` returns). */
export function drawingWith<T>(set: Glyphs, build: () => T): T {
  const before = drawing;
  drawing = set;
  try {
    return build();
  } finally {
    drawing = before;
  }
}

/** The locale's character set, as C libraries read it: LC_ALL, then LC_CTYPE, then LANG. */
export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

export function glyphsFor(env: NodeJS.ProcessEnv): Glyphs {
  return isUtf8Locale(env) ? UTF8_GLYPHS : ASCII_GLYPHS;
}
