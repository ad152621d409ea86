// esbuild plugin for the shipped bundle: Ink's caches, bounded and shared.
//
// Ink 6.8's measureText keeps every distinct text it has measured in a
// module-level Map, for the life of the process. The console's ages and
// countdowns change every second, so over days that Map only grows (about
// 0.6 MB of live heap per hour with 10,000 pending). Here it is bounded, and
// a text is measured line by line (patches/measure-text.ts).
//
// And Ink turns every row of every frame back into styled characters
// (tokenize, then one object per character): here the rows are kept whole
// from one frame to the next (ink-output-rows.mjs). (Three more caches,
// the widest line answered from this cache, the output's caches shared
// across frames and the squashed texts kept per node, were taken out on
// 2026-12-07: removing each moved no figure by 5%; docs/performance.md.)
//
// The answers are unchanged (test/build/ink-caches.test.ts,
// test/build/ink-patches.test.ts). The unbounded text caches are known
// upstream (vadimdemedes/ink#986, with measurements; later releases keep
// them in a bounded LRU, see #998), but those releases need Node 22 and 6.x
// has no backport: the bound is carried here, as the string-width precheck
// and the frame caches are.
import { patchOutputRows } from './ink-output-rows.mjs';
import { patchSanitize } from './ink-sanitize-fast-path.mjs';
import { patchModule, patchingPlugin, replaceAnchor } from './patching.mjs';
import { patchReconcilerAwaits } from './start-without-await.mjs';

const CACHE = 'const cache = new Map();';
const WIDEST_IMPORT = "import widestLine from 'widest-line';";

/**
 * Ink's measure-text with its cache swapped for a bounded one; with
 * `lineWidths` (the shipped bundle), long texts kept apart and widest-line
 * swapped for the line-by-line one. measureText itself is Ink's, unchanged:
 * it reads and fills `cache` and calls `widestLine`.
 */
export function patchMeasureText(source, { lineWidths = true } = {}) {
  const changed = "Ink's measure-text changed: the cache bound no longer applies";
  for (const use of ['cache.get(text);', 'cache.set(text, dimensions);', 'const width = widestLine(text);'])
    replaceAnchor(source, use, (same) => same, changed);
  const cached = replaceAnchor(source, CACHE, () => `const cache = new AepMeasureCache(${lineWidths});`, changed);
  const widest = lineWidths
    ? replaceAnchor(cached, WIDEST_IMPORT, () => '', changed)
    : replaceAnchor(cached, WIDEST_IMPORT, (same) => same, changed);
  const imports = lineWidths ? 'MeasureCache as AepMeasureCache, widestLine' : 'MeasureCache as AepMeasureCache';
  return `import { ${imports} } from ${patchModule('measure-text')};\n${widest}`;
}

const inkFile = (name) => new RegExp(`[\\\\/]node_modules[\\\\/]ink[\\\\/]build[\\\\/]${name.replace('.', '\\.')}$`);
/** `ablation`: its name for AEP_ABLATE (ablate.mjs), the INK_PATCHES key it is listed under. */
const patchOf = (name, patch, ablation) => ({ file: `ink/build/${name}`, filter: inkFile(name), patch, ablation });

/**
 * Each of Ink's patches on its own, by name, in the order they apply: the
 * shipped bundle carries them all; the tests also build Ink with each alone.
 */
export const INK_PATCHES = {
  'measure-text': [patchOf('measure-text.js', patchMeasureText, 'measure-text')],
  'output-rows': [patchOf('output.js', patchOutputRows, 'output-rows')],
  'sanitize-fast-path': [patchOf('sanitize-ansi.js', patchSanitize, 'sanitize-fast-path')],
  // Not a cache: the reconciler without its top-level awaits (start-without-await.mjs).
  'no-top-level-await': [patchOf('reconciler.js', patchReconcilerAwaits, 'no-top-level-await')],
};

/**
 * Without the caches kept from one frame to the next (the output's rows,
 * the line widths), as the patches stood before them: the
 * bench measures Ink's floor with those too (bench/run.ts), a fixed
 * yardstick, since these speed the floor as well.
 */
const WITHIN_FRAMES = [
  patchOf('measure-text.js', (source) => patchMeasureText(source, { lineWidths: false }), 'measure-text'),
];

export const inkCaches = patchingPlugin('ink-caches', Object.values(INK_PATCHES).flat());
export const inkCachesWithoutFrameCaches = patchingPlugin('ink-caches-within-frames', WITHIN_FRAMES);
