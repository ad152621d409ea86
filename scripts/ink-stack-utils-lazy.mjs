// esbuild plugin for the shipped bundle: Ink's ErrorOverview (the screen it
// draws for a render that threw) makes a stack-utils parser as Ink loads,
// and stack-utils builds a regular expression for each of Node's built-in
// modules to make it (about 0.3 ms before the first frame). Here stack-utils
// is required, and the parser made, the first time a stack line is parsed:
// the same parser, for the same lines (test/build/patch-anchors.test.ts).
import { patchingPlugin, replaceAnchor } from './patching.mjs';

const IMPORT = "import StackUtils from 'stack-utils';\n";
const EAGER = `const stackUtils = new StackUtils({
    cwd: cwd(),
    internals: StackUtils.nodeInternals(),
});`;
const LAZY = `let aepStackUtils;
const stackUtils = {
    parseLine: (line) => {
        if (aepStackUtils === undefined) {
            const StackUtils = require('stack-utils');
            aepStackUtils = new StackUtils({ cwd: cwd(), internals: StackUtils.nodeInternals() });
        }
        return aepStackUtils.parseLine(line);
    },
};`;

const CHANGED = "Ink's ErrorOverview changed: its stack-utils deferral no longer applies";

export function patchErrorOverview(source) {
  const withoutImport = replaceAnchor(source, IMPORT, () => '', CHANGED);
  return replaceAnchor(withoutImport, EAGER, () => LAZY, CHANGED);
}

export const inkStackUtilsLazy = patchingPlugin('ink-stack-utils-lazy', [
  {
    file: 'ink/build/components/ErrorOverview.js',
    filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]components[\\/]ErrorOverview\.js$/,
    patch: patchErrorOverview,
  },
]);
