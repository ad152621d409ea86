// esbuild plugin for the shipped bundle: four packages it carries make an
// Intl.Segmenter as they load (string-width 8, the string-width 7 wrap-ansi
// carries, slice-ansi's tokenizer and ansi-tokenize). The first segmenter a
// process makes loads ICU's break rules, about 14 ms before the first frame
// on a small machine, and that frame segments nothing: its text (ASCII and
// the console's own symbols) goes by the width and tokenizer fast paths. So
// each is made on its first use (patches/lazy-segmenter.ts); so are the
// Unicode-property expressions of two of them (lazy-regexps.mjs). Two of the four
// files carry other patches too, whose plugins apply this one with theirs
// (one plugin loads a file); this plugin takes the other two.
import { patchModule, patchingPlugin, replaceAnchor } from './patching.mjs';
import { patchSliceAnsiExpressions, patchWrapAnsiStringWidthExpressions } from './lazy-regexps.mjs';

/** A patch of one file whose module-level segmenter is `anchor`, exactly. */
export function lazySegmenterPatch(anchor, what) {
  return (source) => {
    const patched = replaceAnchor(
      source,
      anchor,
      (same) => same.replace('new Intl.Segmenter(', 'aepLazySegmenter('),
      `${what} changed: its Intl.Segmenter is no longer made on first use`,
    );
    return `import { lazySegmenter as aepLazySegmenter } from ${patchModule('lazy-segmenter')};\n${patched}`;
  };
}

/** string-width's segmenter, in both majors the bundle carries. */
export const STRING_WIDTH_SEGMENTER = 'const segmenter = new Intl.Segmenter();';

export const patchStringWidthSegmenter = lazySegmenterPatch(STRING_WIDTH_SEGMENTER, 'string-width');

export const patchTokenizeSegmenter = lazySegmenterPatch(
  'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
  'ansi-tokenize',
);

export const patchSliceAnsiSegmenter = lazySegmenterPatch(
  "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
  'slice-ansi',
);

export const lazySegmenters = patchingPlugin('lazy-segmenters', [
  {
    file: 'wrap-ansi/node_modules/string-width/index.js',
    filter: /[\\/]node_modules[\\/]wrap-ansi[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    patch: patchStringWidthSegmenter,
  },
  // Its Unicode-property expression too (lazy-regexps.mjs).
  {
    file: 'wrap-ansi/node_modules/string-width/index.js',
    filter: /[\\/]node_modules[\\/]wrap-ansi[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
    patch: patchWrapAnsiStringWidthExpressions,
    ablation: 'lazy-regexps',
  },
  {
    file: 'slice-ansi/tokenize-ansi.js',
    filter: /[\\/]node_modules[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    patch: patchSliceAnsiSegmenter,
  },
  {
    file: 'slice-ansi/tokenize-ansi.js',
    filter: /[\\/]node_modules[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    patch: patchSliceAnsiExpressions,
    ablation: 'lazy-regexps',
  },
]);
