// A row as Ink writes it (text with SGR styling) read back into the cells a
// terminal shows: one per column, each with its character and the styling
// in force there. The cell diff (row-diff.ts) compares these, so it must
// know what a terminal does with the row; a row it cannot be sure of
// (escapes other than plain SGR, controls, emoji and other clusters
// terminals draw at different widths) reads as undefined and is rewritten
// whole, as before.
import measure from 'string-width';

/** One terminal column. A wide character is its head (width 2) and a continuation (width 0). */
export interface Cell {
  text: string;
  width: 0 | 1 | 2;
  /** The SGR parameters in force, canonical: '' for none, else e.g. '1;31'. */
  style: string;
}

/** The styling attributes a terminal keeps per cell, as SGR parameters (off = absent). */
interface Style {
  flags: Set<number>;
  fg: string;
  bg: string;
}

/** SGR code → the code that turns it off. 22 turns off both bold (1) and dim (2). */
const FLAG_OFF = new Map([
  [1, 22],
  [2, 22],
  [3, 23],
  [4, 24],
  [5, 25],
  [7, 27],
  [8, 28],
  [9, 29],
  [53, 55],
]);
const OFF_CODES = new Set(FLAG_OFF.values());

const isColor = (code: number, base: number) =>
  (code >= base && code <= base + 7) || (code >= base + 60 && code <= base + 67);

/** Applies one SGR sequence's parameters; false when a parameter is not understood. */
function applySgr(style: Style, params: string): boolean {
  if (params.includes(':')) return false;
  const codes = params === '' ? [0] : params.split(';').map((p) => (p === '' ? 0 : Number(p)));
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === 0) {
      style.flags.clear();
      style.fg = '';
      style.bg = '';
    } else if (FLAG_OFF.has(code)) style.flags.add(code);
    else if (OFF_CODES.has(code)) {
      for (const [on, off] of FLAG_OFF) if (off === code) style.flags.delete(on);
    } else if (isColor(code, 30)) style.fg = String(code);
    else if (isColor(code, 40)) style.bg = String(code);
    else if (code === 39) style.fg = '';
    else if (code === 49) style.bg = '';
    else if (code === 38 || code === 48) {
      const extended = codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : -1;
      if (extended < 0 || i + extended >= codes.length) return false;
      const color = codes.slice(i, i + extended + 1).join(';');
      if (code === 38) style.fg = color;
      else style.bg = color;
      i += extended;
    } else return false;
  }
  return true;
}

function canonical(style: Style): string {
  const parts = [...style.flags].sort((a, b) => a - b).map(String);
  if (style.fg) parts.push(style.fg);
  if (style.bg) parts.push(style.bg);
  return parts.join(';');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Controls, and what terminals disagree on the width of: pictographs
// drawn as text by default (⚠, ✔: one column or two), presentation
// selectors, joiners, flags. A pictograph that is an emoji by default (⏳)
// is two columns wherever Unicode 9's widths are (every terminal since 2016).
// Made on first use: V8 builds each Unicode property's set as it makes the
// expression, and a first frame may measure no character at all.
let unsure: RegExp | undefined;
function isUnsure(ch: string): boolean {
  unsure ??=
    /[\u0000-\u001f\u007f-\u009f]|\u200d|\ufe0e|\ufe0f|(?!\p{Emoji_Presentation})\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
  return unsure.test(ch);
}

/** Columns per code point, as measured once (rows repeat the same few: ●, │, ▸). */
const widths = new Map<string, number>();

function widthOf(ch: string): number {
  let width = widths.get(ch);
  if (width === undefined) {
    width = isUnsure(ch) ? -1 : measure(ch);
    widths.set(ch, width);
  }
  return width;
}

/**
 * Pushes the cells of a run of text without escapes; false when it holds
 * something unsure. Code point by code point: one of no width (a combining
 * mark, a joiner) would join the one before into a cluster, so is unsure.
 */
function pushText(cells: Cell[], text: string, style: string): boolean {
  if (PRINTABLE_ASCII.test(text)) {
    for (let i = 0; i < text.length; i++) cells.push({ text: text[i], width: 1, style });
    return true;
  }
  for (const ch of text) {
    const width = ch.length === 1 && ch >= ' ' && ch <= '~' ? 1 : widthOf(ch);
    if (width === 1) cells.push({ text: ch, width: 1, style });
    else if (width === 2) cells.push({ text: ch, width: 2, style }, { text: '', width: 0, style });
    else return false;
  }
  return true;
}

const SGR = /\u001b\[([0-9;:]*)m/g;

/**
 * Rows read lately: each frame's rows are the next frame's old ones (192: three frames of a 60-row terminal; more only
 * holds memory, since the cache is cleared when full).
 */
const ROW_CACHE_CAP = 192;
const rows = new Map<string, Cell[] | undefined>();

/**
 * A string of its own, equal to `text`. A row cut from a frame's text (a
 * split) is, in V8, a view into the whole frame: kept as a cache's key it
 * would keep that frame alive, a frame per row remembered. Joining forces
 * a flat copy, and the slice then views only that copy.
 */
function ownCopy(text: string): string {
  return `${text} `.slice(0, -1);
}

/** The row's cells, or undefined when the terminal's reading of it is not certain. */
export function rowCells(row: string): Cell[] | undefined {
  if (rows.has(row)) return rows.get(row);
  const cells = readRow(row);
  if (rows.size >= ROW_CACHE_CAP) rows.clear();
  rows.set(ownCopy(row), cells);
  return cells;
}

function readRow(row: string): Cell[] | undefined {
  const cells: Cell[] = [];
  const style: Style = { flags: new Set(), fg: '', bg: '' };
  let current = '';
  let at = 0;
  SGR.lastIndex = 0;
  for (let m = SGR.exec(row); m; m = SGR.exec(row)) {
    if (!pushText(cells, row.slice(at, m.index), current)) return undefined;
    if (!applySgr(style, m[1])) return undefined;
    current = canonical(style);
    at = m.index + m[0].length;
  }
  if (!pushText(cells, row.slice(at), current)) return undefined;
  // Styling left on at the row's end would carry into the next row: not a row Ink writes.
  return current === '' ? cells : undefined;
}
