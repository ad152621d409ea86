// esbuild plugin for the shipped bundle: Ink's caches, bounded and shared.
//
// Ink 6.8's measureText keeps every
// distinct text it has measured in a module-level Map, for the life of the
// process. The console's ages and countdowns change every second, so over
// days that Map only grows (about 0.6 MB of live heap per hour with 10,000
// pending). Bounded here: past MEASURE_CACHE_CAP entries the oldest goes
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
// over, oldest first); the character objects are only read, never changed, so sharing
// them between frames draws the same bytes.
//
// The answers are unchanged (test/build/ink-caches.test.ts,
// test/build/ink-patches.test.ts). The unbounded text caches are known
// upstream (vadimdemedes/ink#986, with measurements; later releases keep
// them in a bounded LRU, see #998), but those releases need Node 22 and 6.x
// has no backport: the bound is carried here, as the string-width precheck
// and the frame caches are.
import { patchOutputRows } from './ink-output-rows.mjs';
import { patchDom, patchReconciler, patchSquash } from './ink-squash-cache.mjs';
import { patchSanitize } from './ink-sanitize-fast-path.mjs';
import { OWN_COPY, patchingPlugin } from './patching.mjs';

export const MEASURE_CACHE_CAP = 1024;
export const LINE_WIDTHS_CAP = 512;
const SET = 'cache.set(text, dimensions);';
const WIDEST_IMPORT = "import widestLine from 'widest-line';";
const WIDEST_CALL = 'const width = widestLine(text);';
const GET = 'const cachedDimensions = cache.get(text);';
export const LONG_TEXT = 512;
export const LONG_TEXTS_KEPT = 8;

export function patchMeasureText(source, { lineWidths: byLine = true } = {}) {
  if (![SET, GET, WIDEST_IMPORT, WIDEST_CALL, 'const cache = new Map();'].every((anchor) => source.includes(anchor))) throw new Error("Ink's measure-text changed: the cache bound no longer applies");
  // The oldest entry goes (a Map keeps insertion order), not the whole cache:
  // a cache emptied at once makes the next frame measure every row again (a
  // frame several times slower than its neighbours, in the key p95).
  //
  // And a text is measured line by line, each line's width remembered: the
  // console draws its frame as one text of many lines, of which a key
  // changes two or three, and string-width over a row with its styles and
  // a wide character (a segmenter pass) is most of a frame's layout. The
  // width is widest-line's: the widest of string-width over each line.
  if (!byLine) return source.replace(SET, `if (cache.size >= ${MEASURE_CACHE_CAP}) cache.delete(cache.keys().next().value);\n    ${SET}`);
  // A line is kept by a copy of its own (OWN_COPY says why).
  const lineWidths = `import stringWidth from 'string-width';
${OWN_COPY}const aepLineWidths = new Map();
function aepWidestLine(text) {
    let widest = 0;
    for (const line of text.split('\\n')) {
        let width = aepLineWidths.get(line);
        if (width === undefined) {
            width = stringWidth(line);
            if (aepLineWidths.size >= ${LINE_WIDTHS_CAP}) aepLineWidths.delete(aepLineWidths.keys().next().value);
            aepLineWidths.set(aepOwnCopy(line), width);
        }
        if (width > widest) widest = width;
    }
    return widest;
}`;
  return source
    .replace(WIDEST_IMPORT, lineWidths)
    .replace(WIDEST_CALL, 'const width = aepWidestLine(text);')
    .replace('const cache = new Map();', `const cache = new Map();
// Long texts (the console's whole frame) are kept a few at a time, apart: a
// frame's text is measured twice (layout, then drawing) and rarely seen
// again, and a thousand of them would hold megabytes.
const aepLongTexts = new Map();`)
    .replace(GET, `const kept = text.length > ${LONG_TEXT} ? aepLongTexts : cache;\n    const cachedDimensions = kept.get(text);`)
    .replace(SET, `if (kept.size >= (kept === cache ? ${MEASURE_CACHE_CAP} : ${LONG_TEXTS_KEPT})) kept.delete(kept.keys().next().value);\n    kept.set(text, dimensions);`);
}

export const OUTPUT_CACHE_LINES = 256;
const OUTPUT_CACHES = '    caches = new OutputCaches();';

export function patchOutput(source) {
  if (!source.includes(OUTPUT_CACHES) || !source.includes('class OutputCaches {')) throw new Error("Ink's output changed: the shared caches no longer apply");
  // Bounded by dropping the oldest entry at each new one past the cap (not
  // by starting over: a frame after a fresh start tokenizes every row).
  // Keys are kept by a copy of their own (OWN_COPY says why); the row cache
  // (ink-output-rows.mjs) uses the same helper.
  const shared = `${OWN_COPY}class AepBoundedMap extends Map {
    constructor(cap) {
        super();
        this.cap = cap;
    }
    set(key, value) {
        if (this.size >= this.cap && !this.has(key)) this.delete(this.keys().next().value);
        return super.set(typeof key === 'string' ? aepOwnCopy(key) : key, value);
    }
}
let aepCaches;
function aepSharedCaches() {
    if (aepCaches === undefined) {
        aepCaches = new OutputCaches();
        aepCaches.styledChars = new AepBoundedMap(${OUTPUT_CACHE_LINES});
        aepCaches.blockWidths = new AepBoundedMap(${OUTPUT_CACHE_LINES});
        aepCaches.widths = new AepBoundedMap(${OUTPUT_CACHE_LINES * 16});
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

/**
 * `frameCaches: false` leaves out the caches kept from one frame to the next
 * (the output's rows, ink-output-rows.mjs; the joined texts,
 * ink-squash-cache.mjs): the bench measures Ink's floor with the patches as
 * they stood before them too (bench/run.ts), a fixed yardstick, since these
 * speed the floor as well.
 */
function inkCachesPlugin({ frameCaches }) {
  const inkFile = (name) => new RegExp(`[\\\\/]node_modules[\\\\/]ink[\\\\/]build[\\\\/]${name.replace('.', '\\.')}$`);
  const across = frameCaches
    ? [
        { file: 'ink/build/squash-text-nodes.js', filter: inkFile('squash-text-nodes.js'), patch: patchSquash },
        { file: 'ink/build/dom.js', filter: inkFile('dom.js'), patch: patchDom },
        { file: 'ink/build/reconciler.js', filter: inkFile('reconciler.js'), patch: patchReconciler },
        { file: 'ink/build/sanitize-ansi.js', filter: inkFile('sanitize-ansi.js'), patch: patchSanitize },
      ]
    : [];
  return patchingPlugin(frameCaches ? 'ink-caches' : 'ink-caches-within-frames', [
    // One loader per file: the output's row cache comes with its shared caches.
    { file: 'ink/build/output.js', filter: inkFile('output.js'), patch: (source) => (frameCaches ? patchOutputRows(patchOutput(source)) : patchOutput(source)) },
    { file: 'ink/build/render-node-to-output.js', filter: inkFile('render-node-to-output.js'), patch: patchRenderNodeToOutput },
    { file: 'ink/build/measure-text.js', filter: inkFile('measure-text.js'), patch: (source) => patchMeasureText(source, { lineWidths: frameCaches }) },
    ...across,
  ]);
}

export const inkCaches = inkCachesPlugin({ frameCaches: true });
export const inkCachesWithoutFrameCaches = inkCachesPlugin({ frameCaches: false });
