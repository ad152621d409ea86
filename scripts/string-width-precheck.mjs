// esbuild plugin for the shipped bundle: string-width 8 tests every
// non-ASCII grapheme against /^\p{RGI_Emoji}$/v, and V8 takes ~60 ms to build
// that regular expression on first use: most of a first frame that contains
// "│" or "●". Every RGI emoji holds an Extended_Pictographic character, a
// regional indicator, a skin-tone modifier or the keycap mark, so a cheap
// class test decides first and the big expression is only built for text
// that may be an emoji. The answers are unchanged (test/build/string-width.test.ts).
import { readFile } from 'node:fs/promises';

export const MAY_BE_EMOJI = String.raw`/[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}\u20E3]/u`;
const CALL = 'rgiEmojiRegex.test(segment)';

export function patchStringWidth(source) {
  if (!source.includes(CALL)) throw new Error('string-width changed: the RGI emoji precheck no longer applies');
  // Hoisted: a literal inside the loop would be a new RegExp object per grapheme.
  return `const aepMayBeEmoji = ${MAY_BE_EMOJI};\n${source.replace(CALL, `(aepMayBeEmoji.test(segment) && ${CALL})`)}`;
}

export const stringWidthPrecheck = {
  name: 'string-width-precheck',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      // Other majors (wrap-ansi carries string-width 7) are left as they are.
      return { contents: source.includes(CALL) ? patchStringWidth(source) : source, loader: 'js' };
    });
  },
};
