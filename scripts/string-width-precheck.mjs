// esbuild plugin for the shipped bundle: string-width 8 tests every
// non-ASCII grapheme against /^\p{RGI_Emoji}$/v, and V8 takes ~60 ms to build
// that regular expression on first use: most of a first frame that contains
// "│" or "●". Every RGI emoji holds an Extended_Pictographic character, a
// regional indicator, a skin-tone modifier or the keycap mark, so a cheap
// class test decides first and the big expression is only built for text
// that may be an emoji. The answers are unchanged (test/build/string-width.test.ts).
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { patchingPlugin } from './patching.mjs';

export const MAY_BE_EMOJI = String.raw`/[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}\u20E3]/u`;
const CALL = 'rgiEmojiRegex.test(segment)';

// A second fast path, beside string-width's own for printable ASCII: the
// console's rows are ASCII plus a few symbols of its own (rules, markers,
// arrows, dashes), and Ink measures every changed row with its styles: each
// such row went through the grapheme segmenter. These symbols are each a
// grapheme of their own (none extends or joins a neighbour, none is
// pictographic) and one column wide when ambiguous-width characters are
// narrow (string-width's default), so a text made only of them and ASCII is
// as wide as it is long. Checked against string-width itself, character by
// character and in mixed text (test/build/string-width.test.ts).
export const NARROW_ONLY = String.raw`/^[\u0020-\u007E\u00A7\u00B7\u2013\u2014\u2022\u2026\u2190\u2191\u2192\u2193\u2264\u2265\u2500-\u257F\u25B8\u25BE\u25CB\u25CF]*$/`;
const ASCII_FAST_PATH = `\tif (/^[\\u0020-\\u007E]*$/.test(string)) {\n\t\treturn string.length;\n\t}\n`;

// A third: a text made only of code points that never join a neighbour
// (the ansi-tokenize fast path's set, scripts/ansi-tokenize-fast-path.mjs:
// ASCII, Latin, Greek, Cyrillic, punctuation, arrows, technical symbols,
// boxes, dingbats) is one grapheme per code unit, so its width is the sum of
// each character's own width, as string-width gives it for that character
// alone (remembered per character). The console's rows hold such wide
// symbols (⏳ before a countdown): without this, each row measured went
// through the segmenter, the RGI emoji test and the East Asian width table
// per grapheme.
export const STANDALONE_ONLY = String.raw`/^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u0370-\u0482\u048A-\u052F\u2010-\u2027\u2030-\u205E\u2190-\u23FF\u2500-\u27BF]*$/`;
const CHAR_WIDTHS = `const aepStandaloneOnly = ${STANDALONE_ONLY};
const aepCharWidths = new Map();
function aepCharWidth(character) {
	let width = aepCharWidths.get(character);
	if (width === undefined) {
		width = stringWidth(character);
		aepCharWidths.set(character, width);
	}
	return width;
}
`;

// And the RGI emoji expression is made when first needed, not as the module
// loads: constructing it (even unused) cost about 5 ms of every start-up,
// and a first frame of ASCII and the console's own symbols never needs it.
const RGI_EMOJI = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';

export function patchStringWidth(source) {
  if (!source.includes(CALL)) throw new Error('string-width changed: the RGI emoji precheck no longer applies');
  if (!source.includes(ASCII_FAST_PATH) || !source.includes('ambiguousIsNarrow = true,')) throw new Error('string-width changed: the narrow-symbols fast path no longer applies');
  if (!source.includes(RGI_EMOJI)) throw new Error('string-width changed: its emoji expression is no longer deferred');
  // Hoisted: a literal inside the loop would be a new RegExp object per grapheme.
  // The per-character widths are bounded by the set itself (under 3,500 characters).
  return `const aepMayBeEmoji = ${MAY_BE_EMOJI};\nconst aepNarrowOnly = ${NARROW_ONLY};\n${CHAR_WIDTHS}${source
    // A function, not a string: the replacement holds "$'", which replace() would expand.
    .replace(RGI_EMOJI, () => "let aepRgiEmojiRegex;\nconst rgiEmojiRegex = {test: segment => (aepRgiEmojiRegex ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(segment)};")
    .replace(CALL, `(aepMayBeEmoji.test(segment) && ${CALL})`)
    .replace(
      ASCII_FAST_PATH,
      `${ASCII_FAST_PATH}\tif (ambiguousIsNarrow && aepNarrowOnly.test(string)) {\n\t\treturn string.length;\n\t}\n\tif (ambiguousIsNarrow && string.length > 1 && aepStandaloneOnly.test(string)) {\n\t\tlet width = 0;\n\t\tfor (let index = 0; index < string.length; index++) width += aepCharWidth(string[index]);\n\t\treturn width;\n\t}\n`,
    )}`;
}

// The copy the console declares (package.json "dependencies", which Ink and
// the console share); other majors (wrap-ansi carries string-width 7) are
// other code and load as they are.
const declared = realpathSync(createRequire(new URL('../package.json', import.meta.url)).resolve('string-width'));

export const stringWidthPrecheck = patchingPlugin('string-width-precheck', [
  {
    file: 'string-width/index.js',
    filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    owns: (path) => realpathSync(path) === declared,
    patch: patchStringWidth,
  },
]);
