// esbuild plugin for the shipped bundle: string-width 8, with its RGI emoji
// expression made on first use and asked only of a segment that may be an
// emoji, and two fast paths beside its own for printable ASCII: the
// console's own narrow symbols, and text of code points that never join a
// neighbour, measured a character at a time (patches/string-width.ts says
// why each gives string-width's answer; test/build/string-width.test.ts
// checks them against string-width itself, character by character and in
// mixed text).
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { patchStringWidthSegmenter } from './lazy-segmenters.mjs';
import { patchStringWidthExpressions } from './lazy-regexps.mjs';
import { patchModule, patchingPlugin, replaceAnchor } from './patching.mjs';

const RGI_EMOJI = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
const ASCII_FAST_PATH = '\tif (/^[\\u0020-\\u007E]*$/.test(string)) {\n\t\treturn string.length;\n\t}\n';
const QUICK =
  '\tconst aepQuick = aepQuickWidth(string, ambiguousIsNarrow, stringWidth);\n\tif (aepQuick !== undefined) {\n\t\treturn aepQuick;\n\t}\n';

export function patchStringWidth(source) {
  replaceAnchor(
    source,
    'rgiEmojiRegex.test(segment)',
    (same) => same,
    'string-width changed: the RGI emoji precheck no longer applies',
  );
  const changed = 'string-width changed: the narrow-symbols fast path no longer applies';
  replaceAnchor(source, 'ambiguousIsNarrow = true,', (same) => same, changed);
  replaceAnchor(source, 'export default function stringWidth(input, options = {}) {', (same) => same, changed);
  const quick = replaceAnchor(source, ASCII_FAST_PATH, (same) => `${same}${QUICK}`, changed);
  const lazy = replaceAnchor(
    quick,
    RGI_EMOJI,
    () => 'const rgiEmojiRegex = aepLazyRgiEmoji;',
    'string-width changed: its emoji expression is no longer deferred',
  );
  return `import { lazyRgiEmoji as aepLazyRgiEmoji, quickWidth as aepQuickWidth } from ${patchModule('string-width')};\n${lazy}`;
}

// The copy the console declares (package.json "dependencies", which Ink and
// the console share); other majors (wrap-ansi carries string-width 7) are
// other code: lazy-segmenters.mjs makes their segmenter lazy, nothing more.
const declared = realpathSync(createRequire(new URL('../package.json', import.meta.url)).resolve('string-width'));

export const stringWidthPrecheck = patchingPlugin('string-width-precheck', [
  {
    file: 'string-width/index.js',
    filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    owns: (path) => realpathSync(path) === declared,
    patch: patchStringWidth,
  },
  // Its segmenter, made on first use (lazy-segmenters.mjs).
  {
    file: 'string-width/index.js',
    filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    owns: (path) => realpathSync(path) === declared,
    patch: patchStringWidthSegmenter,
    ablation: 'lazy-segmenters',
  },
  // Its Unicode-property expressions, made on first use (lazy-regexps.mjs).
  {
    file: 'string-width/index.js',
    filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    owns: (path) => realpathSync(path) === declared,
    patch: patchStringWidthExpressions,
    ablation: 'lazy-regexps',
  },
]);
