// Ink's Output#get, replaced (scripts/ink-output-rows.mjs). Ink turns every
// frame into text cell by cell: it allocates a grid of one object per cell,
// copies each write's styled characters into it, then turns every row back
// into text, about a millisecond a frame at 80x24, for rows that did not
// change as much as for those that did. A row's text depends only on the
// grid's width and the writes that land on it (where each starts, and its
// text after Ink's transforms), in order. Here each row's writes are
// collected first; a row written exactly as in an earlier frame takes that
// frame's text (a row written once from column 0, as each of the console's,
// is found by its line, with no key text built for it), and only a new row
// is drawn cell by cell, as Ink draws it, or, for a row written once from
// its start with plain SGR styles (the console's rows), run by run to the
// same text. The texts are kept for the last OUTPUT_ROW_CACHE rows drawn
// (the oldest goes first).
//
// Clipping, the lines Ink drops (a text reaching past the grid's last row
// loses that line and every line after it), wide characters and overlapping
// writes behave as in Ink (test/build/ink-patches.test.ts compares frames
// byte for byte, over several frames, so with rows from the cache).
import sliceAnsi from 'slice-ansi';
import {
  ansiCodesToString,
  diffAnsiCodes,
  reduceAnsiCodesIncremental,
  styledCharsToString,
  tokenize,
  type AnsiCode,
  type StyledChar,
  type Token,
} from '@alcalzone/ansi-tokenize';
import { STANDALONE_CLASS } from '../../src/ui/text/standalone.js';
import { makeRoom } from './bounded-map.js';
import { ownCopy } from './own-copy.js';

export const OUTPUT_ROW_CACHE = 256;

/** What Ink's Output holds and get() reads (output.js). */
export interface InkOutput {
  width: number;
  height: number;
  operations: Operation[];
  caches: {
    getStyledChars(line: string): StyledChar[];
    getStringWidth(text: string): number;
    getWidestLine(text: string): number;
  };
}

type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Array<(line: string, index: number) => string> }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

/** A row's writes, in order, flat: [x, text, x, text, ...] (no object per write). */
type Writes = Array<number | string>;

/** Rows by their writes' key: the grid's width, then each write's column, length and text. */
const rows = new Map<string, string>();
/** The rows written once from column 0, by their line: the grid's width and the text drawn. */
const lineRows = new Map<string, { width: number; text: string }>();

/** Where a write lands once clipped: its origin and lines, or undefined when it is outside the clip. */
function placed(operation: Extract<Operation, { type: 'write' }>, clip: Clip | undefined, caches: InkOutput['caches']) {
  let { x, y } = operation;
  let lines = operation.text.split('\n');
  if (!clip) return { x, y, lines };
  const { x1, x2, y1, y2 } = clip;
  const horizontal = typeof x1 === 'number' && typeof x2 === 'number';
  const vertical = typeof y1 === 'number' && typeof y2 === 'number';
  if (horizontal && (x + caches.getWidestLine(operation.text) < x1 || x > x2)) return undefined;
  if (vertical && (y + lines.length < y1 || y > y2)) return undefined;
  if (horizontal) {
    const start = x;
    lines = lines.map((line) => {
      const width = caches.getStringWidth(line);
      return sliceAnsi(line, start < x1 ? x1 - start : 0, start + width > x2 ? x2 - start : width);
    });
    x = Math.max(x, x1);
  }
  if (vertical) {
    const count = lines.length;
    lines = lines.slice(y < y1 ? y1 - y : 0, y + count > y2 ? y2 - y : count);
    y = Math.max(y, y1);
  }
  return { x, y, lines };
}

/**
 * An escape that is not a plain SGR sequence followed by a character of
 * STANDALONE_CLASS, an escape or the end of the text (or a C1 CSI). None of
 * those characters is a mark, a format character, a grapheme extender or a
 * skin tone (test/build/plain-sgr.test.ts checks each), so a text this does
 * not match is plain: only one it matches needs the exact expression, whose
 * Unicode properties V8 builds from ICU's tables as it makes it
 * (Grapheme_Extend alone about 0.8 ms of a first frame).
 */
const MAYBE_NOT_PLAIN = new RegExp(`\\u009B|\\u001B(?!\\[[0-9;]*m(?:[${STANDALONE_CLASS}\\u001B]|$))`);

let exact: RegExp | undefined;

/** The exact question notPlainSgr answers, as one expression (made on first use). */
export function exactNotPlainSgr(): RegExp {
  exact ??= /\u009B|\u001B(?!\[[0-9;]*m(?![\p{M}\p{Cf}\p{Grapheme_Extend}\u{1F3FB}-\u{1F3FF}]))/u;
  return exact;
}

/**
 * Whether `text` holds an escape that is not a plain SGR sequence (or a C1
 * CSI), or one followed by a character that extends the sequence's last
 * letter into one grapheme (a mark, a joiner, a variation selector, a skin
 * tone: the tokenizer then skips that character with the sequence): the
 * text then goes cell by cell.
 */
export function notPlainSgr(text: string): boolean {
  return MAYBE_NOT_PLAIN.test(text) && exactNotPlainSgr().test(text);
}

/** Each SGR sequence's codes, as the tokenizer splits it (a row holds a handful of distinct ones). */
const sgrCodes = new Map<string, Token[]>();

/**
 * A row written once from its start, its escapes plain SGR sequences (the
 * console's rows: its frame is one text): its text is the characters in
 * order, with the styles' changes between them and the styles undone after
 * the last, which is what drawing it cell by cell gives (a style changes only
 * at an escape, and an escape is never inside a grapheme; the blank cells
 * after the text, unstyled, are trimmed off again; a wide character's second
 * cell adds nothing). Built run by run instead of one object per character.
 */
function runsToString(text: string): string {
  let out = '';
  let codes: AnsiCode[] = [];
  let shown: AnsiCode[] | undefined;
  let at = 0;
  const sgr = /\u001B\[[0-9;]*m/g;
  for (;;) {
    const match = sgr.exec(text);
    const end = match === null ? text.length : match.index;
    if (end > at) {
      if (shown === undefined) out += ansiCodesToString(codes);
      else if (shown !== codes) out += ansiCodesToString(diffAnsiCodes(shown, codes));
      out += text.slice(at, end);
      shown = codes;
    }
    if (match === null) break;
    let tokens = sgrCodes.get(match[0]);
    if (tokens === undefined) {
      tokens = tokenize(match[0]);
      makeRoom(sgrCodes, OUTPUT_ROW_CACHE);
      sgrCodes.set(match[0], tokens);
    }
    for (const token of tokens) if (token.type === 'ansi') codes = reduceAnsiCodesIncremental(codes, [token]);
    at = end + match[0].length;
  }
  if (shown !== undefined && shown.length > 0) out += ansiCodesToString(diffAnsiCodes(shown, []));
  return out;
}

/** One row drawn cell by cell from its writes, as Ink draws it. */
function drawRow(width: number, writes: Writes, caches: InkOutput['caches']): string {
  if (writes.length === 2 && writes[0] === 0 && !notPlainSgr(writes[1] as string))
    return runsToString(writes[1] as string).trimEnd();
  const cells: StyledChar[] = [];
  for (let x = 0; x < width; x++) cells.push({ type: 'char', value: ' ', fullWidth: false, styles: [] });
  for (let w = 0; w < writes.length; w += 2) {
    let x = writes[w] as number;
    for (const character of caches.getStyledChars(writes[w + 1] as string)) {
      cells[x] = character;
      const cellWidth = Math.max(1, caches.getStringWidth(character.value));
      for (let extra = 1; extra < cellWidth; extra++)
        cells[x + extra] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
      x += cellWidth;
    }
  }
  return styledCharsToString(cells.filter((cell) => cell !== undefined)).trimEnd();
}

/** Each row's writes, in order: null while nothing is written on it. */
function rowWrites(output: InkOutput): Array<Writes | null> {
  const written: Array<Writes | null> = Array.from({ length: output.height }, () => null);
  const clips: Clip[] = [];
  for (const operation of output.operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    else if (operation.type === 'unclip') clips.pop();
    if (operation.type !== 'write') continue;
    const at = placed(operation, clips.at(-1), output.caches);
    if (at === undefined) continue;
    let row = at.y;
    for (let index = 0; index < at.lines.length; index++) {
      // Past the grid (or off it): this line and the rest are dropped, as in Ink.
      if (written[row] === undefined) continue;
      let line = at.lines[index];
      for (const transformer of operation.transformers) line = transformer(line, index);
      const writes = written[row] ?? [];
      writes.push(at.x, line);
      written[row] = writes;
      row++;
    }
  }
  return written;
}

/** One row's text: from the caches when written as before, else drawn and remembered. */
function rowText(width: number, writes: Writes, caches: InkOutput['caches']): string {
  // One write from column 0 (each of the console's rows): its line alone is the key, with no key text built.
  if (writes.length === 2 && writes[0] === 0) {
    const line = writes[1] as string;
    const known = lineRows.get(line);
    if (known !== undefined && known.width === width) return known.text;
    const text = drawRow(width, writes, caches);
    if (known === undefined) makeRoom(lineRows, OUTPUT_ROW_CACHE);
    lineRows.set(known === undefined ? ownCopy(line) : line, { width, text });
    return text;
  }
  let key = String(width);
  for (let w = 0; w < writes.length; w += 2)
    key += '|' + writes[w] + ':' + (writes[w + 1] as string).length + ':' + writes[w + 1];
  let text = rows.get(key);
  if (text === undefined) {
    text = drawRow(width, writes, caches);
    makeRoom(rows, OUTPUT_ROW_CACHE);
    // A copy of its own: the key holds the row's text, a view into the whole frame's.
    rows.set(ownCopy(key), text);
  }
  return text;
}

/** What Ink's Output#get returns for `output`: its rows' text, and how many rows. */
export function rowCachedGet(output: InkOutput): { output: string; height: number } {
  const written = rowWrites(output);
  const texts = written.map((writes) => (writes === null ? '' : rowText(output.width, writes, output.caches)));
  return { output: texts.join('\n'), height: written.length };
}
