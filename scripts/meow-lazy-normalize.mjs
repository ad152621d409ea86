// esbuild plugin for the shipped bundle: meow 14 evaluates
// normalize-package-data (with spdx-correct, whose set-up sorts its table
// with localeCompare, and the SPDX license lists) when it loads, though it
// only calls it when a program reads the normalized package, which the
// console never does (it passes `pkg` and turns auto help, version and
// description off). Deferred to its first call: about 8 ms less before the
// first frame, the same behaviour (test/build/meow-lazy-normalize.test.ts).
import { patchingPlugin } from './patching.mjs';

const EAGER = 'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);';
const LAZY = 'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);';

export function patchMeowDependencies(source) {
  if (!source.includes(EAGER)) throw new Error("meow changed: normalize-package-data's deferral no longer applies");
  return source.replace(EAGER, LAZY);
}

export const meowLazyNormalize = patchingPlugin('meow-lazy-normalize', [
  { file: 'meow/build/dependencies.js', filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/, patch: patchMeowDependencies },
]);
