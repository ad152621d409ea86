// string-width, patched (scripts/string-width-precheck.mjs).
import { STANDALONE_ONLY } from '../../src/ui/text/standalone.js';

/**
 * string-width 8 tests every non-ASCII grapheme against /^\p{RGI_Emoji}$/v,
 * and V8 takes ~60 ms to build that expression on first use: most of a
 * first frame that contains "│" or "●". Every RGI emoji holds an
 * Extended_Pictographic character, a regional indicator, a skin-tone
 * modifier or the keycap mark, so this cheap class decides first.
 */
let mayBeEmoji: RegExp | undefined;

/** Whether `segment` holds one of those (made on first use too: lazy-regexp.ts says why). */
function mayBeEmojiSegment(segment: string): boolean {
  // (The keycap mark first: after another character a linter reads it as joined to that one.)
  mayBeEmoji ??= /[\u20E3\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}]/u;
  return mayBeEmoji.test(segment);
}

let rgiEmoji: RegExp | undefined;

/**
 * Stands for string-width's RGI emoji expression: asked only of a segment
 * that may be an emoji, and made when first needed, not as the module loads
 * (constructing it, even unused, cost about 5 ms of every start-up, and a
 * first frame of ASCII and the console's own symbols never needs it).
 */
export const lazyRgiEmoji = {
  test(segment: string): boolean {
    return mayBeEmojiSegment(segment) && (rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v')).test(segment);
  },
};

/**
 * The console's rows are ASCII plus a few symbols of its own (rules,
 * markers, arrows, dashes). These are each a grapheme of their own (none
 * extends or joins a neighbour, none is pictographic) and one column wide
 * when ambiguous-width characters are narrow (string-width's default), so
 * a text made only of them and ASCII is as wide as it is long.
 */
export const NARROW_ONLY =
  /^[\u0020-\u007E\u00A7\u00B7\u2013\u2014\u2022\u2026\u2190\u2191\u2192\u2193\u2264\u2265\u2500-\u257F\u25B8\u25BE\u25CB\u25CF]*$/;

/**
 * A text made only of code points that never join a neighbour (the set
 * src/ui/text/standalone.ts defines for the console's own cutting and the
 * tokenizer fast path, tokenize.ts: ASCII, Latin, Greek, Cyrillic,
 * punctuation, arrows, technical symbols, boxes, dingbats) is one grapheme
 * per code unit, so its width is the sum of each character's own width. The
 * console's rows hold such wide symbols (⏳ before a countdown): without
 * this, each row measured went through the segmenter, the RGI emoji test and
 * the East Asian width table per grapheme.
 */
export { STANDALONE_ONLY };

/** Each character's width as string-width gives it for that character alone: bounded by the set itself (under 3,500 characters). */
const charWidths = new Map<string, number>();

/**
 * The width of `string` (ANSI already stripped) when one of the fast paths
 * above knows it, else undefined (string-width's own way then). `stringWidth`
 * is string-width itself, for one character at a time.
 */
export function quickWidth(
  string: string,
  ambiguousIsNarrow: boolean,
  stringWidth: (text: string) => number,
): number | undefined {
  if (!ambiguousIsNarrow) return undefined;
  if (NARROW_ONLY.test(string)) return string.length;
  if (string.length <= 1 || !STANDALONE_ONLY.test(string)) return undefined;
  let width = 0;
  for (let index = 0; index < string.length; index++) {
    const character = string[index];
    let known = charWidths.get(character);
    if (known === undefined) {
      known = stringWidth(character);
      charWidths.set(character, known);
    }
    width += known;
  }
  return width;
}
