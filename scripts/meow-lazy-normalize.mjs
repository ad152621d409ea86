// esbuild plugin for the shipped bundle: meow 14 evaluates
// normalize-package-data (with spdx-correct, whose set-up sorts its table
// with localeCompare, and the SPDX license lists) when it loads, though it
// only calls it when a program reads the normalized package, which the
// console never does (it passes `pkg` and turns auto help, version and
// description off). Deferred to its first call: about 8 ms less before the
// first frame, the same behaviour (test/build/meow-lazy-normalize.test.ts).
// And a statement whose value is dropped, which loaded child_process, goes.
// One binding swapped for a function that does the same on its first call:
// no module of its own needed.
import { patchingPlugin, replaceAnchor } from './patching.mjs';

const EAGER =
  'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);';
const LAZY = 'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);';

/**
 * A statement whose value is dropped (what is left of read-package-up's
 * `promisify(execFile)` once unused): it reads child_process's execFile, so
 * the built-in (with dgram and its sockets' code) loaded before the first
 * frame, which never runs a program (builtins-by-require.mjs loads such a
 * built-in on first use).
 */
const DROPPED = 'promisify(execFile);\n';

export function patchMeowDependencies(source) {
  const lazy = replaceAnchor(
    source,
    EAGER,
    () => LAZY,
    "meow changed: normalize-package-data's deferral no longer applies",
  );
  return replaceAnchor(lazy, DROPPED, () => '', 'meow changed: its dropped promisify(execFile) is no longer there');
}

export const meowLazyNormalize = patchingPlugin('meow-lazy-normalize', [
  {
    file: 'meow/build/dependencies.js',
    filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/,
    patch: patchMeowDependencies,
  },
]);
