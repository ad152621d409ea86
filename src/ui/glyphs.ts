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
  /** Before the time left of an expiring request. */
  timeLeft: string;
  /** Before "timed out" in a Recent row (ASCII: the words alone say it). */
  timedOut: string;
  /** Between the list and the detail. */
  rule: string;
  /** Beside quoted agent text. */
  quote: string;
  quoteTop: string;
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
  timeLeft: '⏳',
  timedOut: '⏱ ',
  rule: '│',
  quote: '┃',
  quoteTop: '┏',
};

export const ASCII_GLYPHS: Glyphs = {
  utf8: false,
  mark: (state) => ASCII_MARKS[state],
  pointer: '>',
  tagged: '*',
  draft: 'd',
  timeLeft: 'T-',
  timedOut: '',
  rule: '|',
  quote: '|',
  quoteTop: '|',
};

/** The locale's character set, as C libraries read it: LC_ALL, then LC_CTYPE, then LANG. */
export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

export function glyphsFor(env: NodeJS.ProcessEnv): Glyphs {
  return isUtf8Locale(env) ? UTF8_GLYPHS : ASCII_GLYPHS;
}
