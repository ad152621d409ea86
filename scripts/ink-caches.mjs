// esbuild plugin for the shipped bundle: Ink's caches, bounded and shared.
//
// Ink 6.8's measureText keeps every
// distinct text it has measured in a module-level Map, for the life of the
// process. The console's ages and countdowns change every second, so over
// days that Map only grows (about 0.6 MB of live heap per hour with 10,000
// pending). Bounded here: past MEASURE_CACHE_CAP entries it starts over
// (measuring again costs one widestLine per text of the next frame).
//
// And drawing a text node measures its widest line again, every frame, for
// every row, changed or not (string-width over the row with its ANSI styles:
// about a millisecond a frame at 80x24): it asks the same cache instead,
// which layout has just filled for the same text.
//
// And Ink turns every row of every frame back into styled characters
// (tokenize, then one object per character) in caches that live for one
// frame only: a row that did not change is tokenized again. Here the caches
// outlive the frame, bounded (past OUTPUT_CACHE_LINES rows they start
// over); the character objects are only read, never changed, so sharing
// them between frames draws the same bytes.
//
// The answers are unchanged (test/build/ink-caches.test.ts,
// test/build/ink-patches.test.ts). The unbounded text caches are known
// upstream (vadimdemedes/ink#986, with measurements; later releases keep
// them in a bounded LRU, see #998), but those releases need Node 22 and 6.x
// has no backport: the bound is carried here, as the string-width precheck
// and the frame caches are.
import { patchOutputRows } from './ink-output-rows.mjs';
import { patchingPlugin } from './patching.mjs';

export const MEASURE_CACHE_CAP = 1024;
const SET = 'cache.set(text, dimensions);';

export function patchMeasureText(source) {
  if (!source.includes(SET)) throw new Error("Ink's measure-text changed: the cache bound no longer applies");
  return source.replace(SET, `if (cache.size >= ${MEASURE_CACHE_CAP}) cache.clear();\n    ${SET}`);
}

export const OUTPUT_CACHE_LINES = 256;
const OUTPUT_CACHES = '    caches = new OutputCaches();';

export function patchOutput(source) {
  if (!source.includes(OUTPUT_CACHES) || !source.includes('class OutputCaches {')) throw new Error("Ink's output changed: the shared caches no longer apply");
  const shared = `let aepCaches;
function aepSharedCaches() {
    if (aepCaches === undefined || aepCaches.styledChars.size > ${OUTPUT_CACHE_LINES} || aepCaches.blockWidths.size > ${OUTPUT_CACHE_LINES} || aepCaches.widths.size > ${OUTPUT_CACHE_LINES * 16}) {
        aepCaches = new OutputCaches();
    }
    return aepCaches;
}
export default class Output {`;
  return source.replace('export default class Output {', shared).replace(OUTPUT_CACHES, '    caches = aepSharedCaches();');
}

const WIDEST = 'const currentWidth = widestLine(text);';

export function patchRenderNodeToOutput(source) {
  if (!source.includes(WIDEST)) throw new Error("Ink's render-node-to-output changed: the measured width no longer applies");
  return `import aepMeasureText from './measure-text.js';\n${source.replace(WIDEST, 'const currentWidth = aepMeasureText(text).width;')}`;
}

export const inkCaches = patchingPlugin('ink-caches', [
  // One loader per file: the output's row cache (ink-output-rows.mjs) comes with its shared caches.
  { file: 'ink/build/output.js', filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/, patch: (source) => patchOutputRows(patchOutput(source)) },
  { file: 'ink/build/render-node-to-output.js', filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/, patch: patchRenderNodeToOutput },
  { file: 'ink/build/measure-text.js', filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]measure-text\.js$/, patch: patchMeasureText },
]);
