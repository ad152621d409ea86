import measure from 'string-width';
import { glyphs } from '../glyphs.js';
import { STANDALONE_ONLY } from './standalone.js';

// One measure for every row: fit, wrap and the line fitter all count columns
// per grapheme cluster (what a terminal draws as one cell or two), never per
// code point. Per code point, "❤️" is 1 + 0 columns while it is drawn 2
// wide: fit("❤️❤️❤️❤️❤️", 4) returned 7 columns and a prompt of "✔️" pushed
// the list/detail rule 23 columns right. Characters that
// terminals disagree on (Hangul fillers, stray variation selectors…) never
// get here raw: the sanitizer shows them as markers (invisible.ts).

/** Distinct texts measured, remembered (up to this many, then forgotten): rows are redrawn every frame, mostly unchanged. */
const WIDTH_CACHE_CAP = 4096;
/** Longer texts are measured every time (kept, they would cost more heap than they save). */
const WIDTH_CACHE_MAX_CHARS = 512;
const widths = new Map<string, number>();

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns `text` takes: the sum of its grapheme clusters' widths. */
function stringWidth(text: string): number {
  // Printable ASCII is one column per character: skip the Unicode tables for it.
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (text.length > WIDTH_CACHE_MAX_CHARS) return measure(text);
  let width = widths.get(text);
  if (width === undefined) {
    width = measure(text);
    if (widths.size >= WIDTH_CACHE_CAP) widths.clear();
    widths.set(text, width);
  }
  return width;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The grapheme clusters of `text`, in order: the units a cut may fall
 * between (a cut inside "👍🏽" or "e\u0301" would leave half a character).
 */
export function graphemes(text: string): Iterable<string> {
  // One grapheme per code unit (standalone.ts): no segmenter. Its first use
  // loads ICU's break rules, about 9 ms of the first frame, whose footer is
  // cut to the terminal's width with a "·" in it.
  if (STANDALONE_ONLY.test(text)) return text;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segments = segmenter.segment(text);
  return {
    *[Symbol.iterator]() {
      for (const part of segments) yield part.segment;
    },
  };
}

/**
 * Wraps already-sanitized text to `width` columns, by words where it can and
 * hard-breaking words longer than a line. Returns the exact lines drawn, so
 * callers know a region's height before rendering (the frame budget depends
 * on it).
 */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    const expanded = paragraph.replace(/\t/g, '  ');
    if (stringWidth(expanded) <= max) {
      out.push(expanded);
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of expanded.split(/(\s+)/)) {
      if (!word) continue;
      const w = stringWidth(word);
      if (lineWidth + w <= max) {
        line += word;
        lineWidth += w;
        continue;
      }
      if (/^\s+$/.test(word)) {
        out.push(line);
        line = '';
        lineWidth = 0;
        continue;
      }
      if (line) out.push(line);
      line = '';
      lineWidth = 0;
      for (const ch of graphemes(word)) {
        const cw = stringWidth(ch);
        if (lineWidth + cw > max) {
          out.push(line);
          line = '';
          lineWidth = 0;
        }
        line += ch;
        lineWidth += cw;
      }
    }
    out.push(line);
  }
  return out;
}

/** Cuts remembered (rows are cut the same way frame after frame), up to this many. */
const FIT_CACHE_CAP = 4096;
const fits = new Map<string, string>();

/** Cuts text to at most `width` columns, marking the cut with `…`. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  // Printable ASCII is one column a character: no need to measure.
  if (PRINTABLE_ASCII.test(text)) return text.length <= width ? text : `${text.slice(0, width - 1)}${glyphs().cut}`;
  if (stringWidth(text) <= width) return text;
  if (text.length > WIDTH_CACHE_MAX_CHARS) return cut(text, width);
  // The cut mark is part of the key: the ASCII set cuts with another.
  const key = `${width}\u0000${glyphs().cut}\u0000${text}`;
  let done = fits.get(key);
  if (done === undefined) {
    done = cut(text, width);
    if (fits.size >= FIT_CACHE_CAP) fits.clear();
    fits.set(key, done);
  }
  return done;
}

/** The cut itself: whole grapheme clusters while they fit, then `…`. */
function cut(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const ch of graphemes(text)) {
    const cw = stringWidth(ch);
    if (used + cw > width - 1) break;
    out += ch;
    used += cw;
  }
  return `${out}${glyphs().cut}`;
}

/** Pads (or cuts) to exactly `width` columns. */
export function pad(text: string, width: number): string {
  const cut = fit(text, width);
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

export { stringWidth };
