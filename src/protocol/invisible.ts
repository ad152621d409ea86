// The characters that draw as nothing, or differently from terminal to
// terminal: one definition for the sanitizer (which shows them as markers),
// redaction (which looks through them for a split token) and `list --json`
// (which escapes them). Three copies of this list drifted apart once
// (U+FE0F split a token on screen and stayed raw in --json).
//
// The set is Unicode's Default_Ignorable_Code_Point (soft hyphen, CGJ,
// Hangul fillers, Khmer inherent vowels, Mongolian selectors, zero-width and
// bidi controls, variation selectors, tags, the unassigned ignorables) plus
// the line/paragraph separators and interlinear annotation controls. The
// Hangul fillers U+115F, U+3164, U+FFA0 measure 0 columns in Unicode and 2 in
// tmux, so a row of them moves everything after it: shown, they cannot.

/** Pure predicate: `cp` draws as nothing (or unpredictably) on a terminal. */
export function isInvisible(cp: number): boolean {
  if (cp < 0xad) return false;
  return (
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x061c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfffb) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

// Made when first needed (after a variation selector): an expression of a
// Unicode property is built from ICU's tables as it is made, about 0.4 ms
// for these two, and no first frame holds a selector.
let emoji: RegExp | undefined;
let ideograph: RegExp | undefined;

/** U+FE0E/FE0F right after an emoji base: a presentation selector that selects ("❤️", "1️⃣"). */
function selectsPresentation(cp: number, prev: number): boolean {
  return (
    (cp === 0xfe0e || cp === 0xfe0f) &&
    prev > 0 &&
    !isInvisible(prev) &&
    (emoji ??= /^\p{Emoji}$/u).test(String.fromCodePoint(prev))
  );
}

/**
 * Whether the sanitizer shows `cp` as a marker, given the code point before
 * it (`prev`, 0 at the start). A variation selector is text only where it
 * selects something: U+FE0E/FE0F right after an emoji base ("❤️", "1️⃣"), an
 * ideographic variation selector (U+E0100–E01EF) right after an ideograph.
 * Anywhere else (after a letter, after another selector) it is a marker.
 */
export function showsAsMarker(cp: number, prev: number): boolean {
  if (!isInvisible(cp)) return false;
  if (cp === 0xfe0e || cp === 0xfe0f) return !selectsPresentation(cp, prev);
  if (cp >= 0xe0100 && cp <= 0xe01ef)
    return !(prev > 0 && (ideograph ??= /^\p{Ideographic}$/u).test(String.fromCodePoint(prev)));
  return true;
}

/**
 * How the screen draws the parts of an emoji sequence that terminals draw
 * at other widths than string-width (the console's and Ink's measure), given
 * the code point before (`prev`, 0 at the start); undefined for the rest.
 * - 'drop': a presentation selector after its emoji base. "✔️" is 1 column
 *   in tmux, 2 where UTS #51 is followed and in string-width; the base alone
 *   is drawn in its default presentation, at the width all of them give it.
 *   Nothing readable goes: the selector draws as nothing either way.
 * - 'marker': an emoji modifier (skin tone U+1F3FB–1F3FF: "👍🏽" is 4 columns
 *   in tmux, 2 in string-width), which joins whatever is before it, and the
 *   keycap sign U+20E3 after a digit, # or * ("1⃣" is 1 column in tmux, 2 in
 *   string-width), after a selector, or at the start (where it joins the run
 *   before on the row).
 * - 'marker' too: a regional indicator (U+1F1E6–1F1FF). A pair is a flag,
 *   2 columns in string-width; tmux draws each on its own at 1 or 2 columns
 *   by its build, a lone one is 1 or 2 by terminal, and an odd run pairs
 *   differently for each. "🇦🇦" in a prompt moved the status line off row 1.
 */
export function emojiPresentation(cp: number, prev: number): 'drop' | 'marker' | undefined {
  if (cp === 0xfe0e || cp === 0xfe0f) return selectsPresentation(cp, prev) ? 'drop' : undefined;
  if (cp === 0x20e3)
    return prev === 0 ||
      prev === 0x23 ||
      prev === 0x2a ||
      (prev >= 0x30 && prev <= 0x39) ||
      prev === 0xfe0e ||
      prev === 0xfe0f
      ? 'marker'
      : undefined;
  if (cp >= 0x1f3fb && cp <= 0x1f3ff) return 'marker';
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return 'marker';
  return undefined;
}

/** The same set as a regex source (for `u`-flag regexes): every invisible code point. */
export const INVISIBLE_SOURCE =
  '[\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e' +
  '\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb' +
  '\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e0fff}]';
