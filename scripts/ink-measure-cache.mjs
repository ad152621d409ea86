// esbuild plugin for the shipped bundle: Ink 6.8's measureText keeps every
// distinct text it has measured in a module-level Map, for the life of the
// process. The console's ages and countdowns change every second, so over
// days that Map only grows (about 0.6 MB of live heap per hour with 10,000
// pending). Bounded here: past MEASURE_CACHE_CAP entries it starts over
// (measuring again costs one widestLine per text of the next frame).
//
// And drawing a text node measures its widest line again, every frame, for
// every row, changed or not (string-width over the row with its ANSI styles:
// about a millisecond a frame at 80x24): it asks the same cache instead,
// which layout has just filled for the same text. The answers are unchanged
// (test/build/ink-measure-cache.test.ts). To be offered upstream; until then
// it is carried here, as the string-width precheck is.
import { readFile } from 'node:fs/promises';

export const MEASURE_CACHE_CAP = 1024;
const SET = 'cache.set(text, dimensions);';

export function patchMeasureText(source) {
  if (!source.includes(SET)) throw new Error("Ink's measure-text changed: the cache bound no longer applies");
  return source.replace(SET, `if (cache.size >= ${MEASURE_CACHE_CAP}) cache.clear();\n    ${SET}`);
}

const WIDEST = 'const currentWidth = widestLine(text);';

export function patchRenderNodeToOutput(source) {
  if (!source.includes(WIDEST)) throw new Error("Ink's render-node-to-output changed: the measured width no longer applies");
  return `import aepMeasureText from './measure-text.js';\n${source.replace(WIDEST, 'const currentWidth = aepMeasureText(text).width;')}`;
}

export const inkMeasureCache = {
  name: 'ink-measure-cache',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]render-node-to-output\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: patchRenderNodeToOutput(source), loader: 'js' };
    });
    build.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]measure-text\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: patchMeasureText(source), loader: 'js' };
    });
  },
};
