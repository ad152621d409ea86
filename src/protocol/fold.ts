// Finding a known secret in text the way an eye reads it: skipping every
// character that draws as nothing (invisible.ts), that sits on a neighbour
// (combining marks: "s\u0336ekrit" reads "sekrit" struck through), that looks
// blank (the braille blank U+2800, the Hangul fillers) or that is a space of
// any width (NBSP, U+2000–200A, U+202F, U+205F, U+3000, and the ASCII space
// and tab too: drawn alike, folding one and not the other would only move
// the split). A token split by any of them still reads whole on screen, so it
// is matched with them folded away (for the invisible ones).
//
// Hostile text may be a megabyte: a secret is tried only where its rarest
// character occurs, and once the tries have read twice the text the rest is
// one pass (Knuth–Morris–Pratt over the folded stream), so no text costs
// more than a few reads of itself. Which characters fold is remembered per
// code point. Redaction runs on what is shown and printed, not on intake.

import { isInvisible } from './invisible.js';

/** Looks blank but is a symbol, so neither a space nor invisible (the Hangul fillers are in invisible.ts). */
const BRAILLE_BLANK = 0x2800;

/**
 * Made when a code point above ASCII is first classified (an expression of a Unicode property is built from ICU's
 * tables as it is made).
 */
let mark: RegExp | undefined;
const SPACE = /^\s$/u;

/** Per BMP code point: 0 not known yet, 1 kept, 2 folded and clings (a combining mark), 3 folded (the rest). */
const bmp = new Uint8Array(0x10000);
/** The same for code points above the BMP, up to a bound (then forgotten). */
const astral = new Map<number, number>();
const ASTRAL_CAP = 4096;

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  if ((mark ??= /^\p{M}$/u).test(ch)) return 2;
  return isInvisible(cp) || cp === BRAILLE_BLANK || SPACE.test(ch) ? 3 : 1;
}

/** 1 kept, 2 folded (a mark: clings to the letter before), 3 folded (invisible, blank, a space). */
function kind(cp: number): number {
  // Every C0 control, DEL, every C1 control (U+0085 among them), a lone
  // surrogate, the sanitizer's pictures of controls (␀…␤) and U+FFFD: each
  // is shown as a marker or nothing, and a marker between a secret's
  // characters must not hide it.
  if (cp < 0x80) return cp <= 0x20 || cp === 0x7f ? 3 : 1;
  if (cp <= 0x9f || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x2400 && cp <= 0x2426) || cp === 0xfffd) return 3;
  if (cp <= 0xffff) {
    let k = bmp[cp];
    if (k === 0) bmp[cp] = k = classify(cp);
    return k;
  }
  let k = astral.get(cp);
  if (k === undefined) {
    if (astral.size >= ASTRAL_CAP) astral.clear();
    astral.set(cp, (k = classify(cp)));
  }
  return k;
}

/** Whether `cp` is skipped when looking for a secret. */
export function folds(cp: number): boolean {
  return kind(cp) !== 1;
}

/** A secret ready to be looked for: its visible code units, their KMP table, and which unit to look for first. */
export interface FoldedSecret {
  units: string;
  fail: Int32Array;
  /** The unit text least often holds (a guess from letter frequencies): fewest places to try. */
  anchor: number;
}

const COMMON_LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';

/** How seldom code unit `c` is met in text, roughly: higher is rarer. */
function rarity(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return COMMON_LETTERS.indexOf(String.fromCharCode(c));
  if (c === 0x20 || c === 0x2d || c === 0x2e || c === 0x2f || c === 0x5f) return 10;
  if (c >= 0x30 && c <= 0x39) return 27;
  if (c >= 0x41 && c <= 0x5a) return 28;
  return c < 0x80 ? 29 : 30;
}

/** `secret` without what folds, with its failure table; undefined when too little is left to look for. */
export function foldSecret(secret: string, minChars: number): FoldedSecret | undefined {
  let units = '';
  for (const ch of secret) if (!folds(ch.codePointAt(0) ?? 0)) units += ch;
  if (units.length < minChars) return undefined;
  const fail = new Int32Array(units.length);
  for (let i = 1, k = 0; i < units.length; i++) {
    while (k > 0 && units.charCodeAt(i) !== units.charCodeAt(k)) k = fail[k - 1];
    if (units.charCodeAt(i) === units.charCodeAt(k)) k++;
    fail[i] = k;
  }
  let anchor = 0;
  for (let i = 1; i < units.length; i++) if (rarity(units.charCodeAt(i)) > rarity(units.charCodeAt(anchor))) anchor = i;
  // Never the low half of a pair: a try starts on a whole code point.
  if (anchor > 0 && isLowSurrogate(units.charCodeAt(anchor)) && isHighSurrogate(units.charCodeAt(anchor - 1))) anchor--;
  return { units, fail, anchor };
}

/** Where a match that ends at `end` really ends: after the combining marks drawn on its last letter. */
function clingingEnd(text: string, end: number): number {
  while (end < text.length) {
    const next = text.codePointAt(end) ?? 0;
    if (kind(next) !== 2) break;
    end += next > 0xffff ? 2 : 1;
  }
  return end;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** How far the last tryAt looked (for the budget of foldedSpans), and where its match starts. */
let looked = 0;
let startedAt = 0;

/**
 * The end of a folded match of `units` whose anchor unit is at `at`, or -1;
 * read backwards from the anchor to the first unit, then on to the last.
 */
function tryAt(text: string, at: number, units: string, anchor: number): number {
  let k = anchor - 1;
  let i = at - 1;
  while (k >= 0 && i >= 0) {
    const c = text.charCodeAt(i);
    if (c === units.charCodeAt(k)) {
      k--;
      i--;
      continue;
    }
    const pair = isLowSurrogate(c) && i > 0 && isHighSurrogate(text.charCodeAt(i - 1));
    if (kind(pair ? (text.codePointAt(i - 1) ?? 0) : c) === 1) break;
    i -= pair ? 2 : 1;
  }
  startedAt = i + 1;
  looked = at - i;
  if (k >= 0) return -1;
  k = anchor + 1;
  i = at + 1;
  while (k < units.length && i < text.length) {
    const c = text.charCodeAt(i);
    if (c === units.charCodeAt(k)) {
      k++;
      i++;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    if (kind(cp) === 1) break;
    i += cp > 0xffff ? 2 : 1;
  }
  looked += i - at;
  return k === units.length ? clingingEnd(text, i) : -1;
}

/**
 * Where `secret` occurs in `text` once what folds is skipped: [start, end)
 * spans of `text`, left to right, not overlapping. A span runs from the
 * secret's first visible character to its last, and on over the combining
 * marks drawn on that last one (so none is left on what replaces it). An
 * invisible character after it stays: the sanitizer shows it as a marker.
 *
 * Each place the secret's rarest character occurs is tried (most tries fail
 * at the next character); once the tries have read twice the text, the rest
 * goes through the KMP pass, which reads each character once whatever the
 * text holds.
 */
export function foldedSpans(text: string, secret: FoldedSecret): [number, number][] {
  const spans: [number, number][] = [];
  const unit = secret.units[secret.anchor];
  let budget = 2 * text.length + 64;
  let done = 0; // where the last match ended: no match starts before it
  for (let i = text.indexOf(unit); i !== -1;) {
    if (budget < 0) return kmpSpans(text, secret, done, spans);
    const end = tryAt(text, i, secret.units, secret.anchor);
    budget -= looked;
    if (end === -1 || startedAt < done) {
      i = text.indexOf(unit, i + 1);
    } else {
      spans.push([startedAt, end]);
      done = end;
      i = text.indexOf(unit, end);
    }
  }
  return spans;
}

/** foldedSpans in one pass from the start: what the tries give, found otherwise (the tests compare the two). */
export function onePassSpans(text: string, secret: FoldedSecret): [number, number][] {
  return kmpSpans(text, secret, 0, []);
}

/** foldedSpans from `from` on, in one pass (Knuth–Morris–Pratt over the visible code units). */
function kmpSpans(text: string, secret: FoldedSecret, from: number, spans: [number, number][]): [number, number][] {
  const { units, fail } = secret;
  const m = units.length;
  // Where in `text` each of the last m matched code units sits (a ring).
  const at = new Int32Array(m);
  let k = 0;
  let n = 0; // visible code units seen
  for (let i = from; i < text.length;) {
    const cp = text.codePointAt(i) ?? 0;
    const size = cp > 0xffff ? 2 : 1;
    if (kind(cp) !== 1) {
      i += size;
      continue;
    }
    for (let u = 0; u < size; u++) {
      const c = text.charCodeAt(i + u);
      while (k > 0 && c !== units.charCodeAt(k)) k = fail[k - 1];
      if (c === units.charCodeAt(k)) k++;
      at[n % m] = i + u;
      n++;
      if (k === m) {
        const end = clingingEnd(text, i + size);
        spans.push([at[(n - m) % m], end]);
        k = 0;
        i = end - size; // resumes after the clinging marks
        break;
      }
    }
    i += size;
  }
  return spans;
}
