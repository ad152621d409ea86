// esbuild plugin for the shipped bundle: meow 14 evaluates
// normalize-package-data (with spdx-correct, whose set-up sorts its table
// with localeCompare, and the SPDX license lists) when it loads, though it
// only calls it when a program reads the normalized package, which the
// console never does (it passes `pkg` and turns auto help, version and
// description off). Deferred to its first call: about 8 ms less before the
// first frame, the same behaviour (test/build/meow-lazy-normalize.test.ts).
// One binding swapped for a function that does the same on its first call:
// no module of its own needed.
import { patchingPlugin, replaceAnchor } from './patching.mjs';

const EAGER =
  'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);';
const LAZY = 'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);';

export function patchMeowDependencies(source) {
  return replaceAnchor(source, EAGER, () => LAZY, "meow changed: normalize-package-data's deferral no longer applies");
}

export const meowLazyNormalize = patchingPlugin('meow-lazy-normalize', [
  {
    file: 'meow/build/dependencies.js',
    filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/,
    patch: patchMeowDependencies,
  },
]);
