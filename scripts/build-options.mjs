// The esbuild options every bundle of the console shares: the shipped bin
// (bundle.mjs), the tests' command line (cli-for-tests.mjs) and the bench's
// children (bench/build-child.ts). One list of patches, so what the tests
// and the bench run is what ships.
import { ansiStylesFastPath } from './ansi-styles-fast-path.mjs';
import { fileURLToPath } from 'node:url';
import { builtinsByRequire } from './builtins-by-require.mjs';
import { inkCaches } from './ink-caches.mjs';
import { lazySegmenters } from './lazy-segmenters.mjs';
import { meowLazyNormalize } from './meow-lazy-normalize.mjs';
import { stringWidthPrecheck } from './string-width-precheck.mjs';
import { yogaAtOnce } from './yoga-base64.mjs';
import { onFirstUse } from './on-first-use.mjs';
import { signalExitLazyAssert } from './signal-exit-lazy-assert.mjs';
import { inkStackUtilsLazy } from './ink-stack-utils-lazy.mjs';
import { clockWithoutPerfHooks } from './clock-without-perf-hooks.mjs';
import { toEsmOncePlugin } from './to-esm-once.mjs';

/** Every patch the shipped bundle carries, in the order its plugins run. */
export const SHIPPED_PATCHES = [
  stringWidthPrecheck,
  inkCaches,
  ansiStylesFastPath,
  lazySegmenters,
  meowLazyNormalize,
  yogaAtOnce,
  onFirstUse,
  signalExitLazyAssert,
  inkStackUtilsLazy,
  clockWithoutPerfHooks,
];

/** The settings of every bundle, whatever its format. */
export const SHARED_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // The shipped bin always runs React's production build.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Optional at run time in their packages: ws's native speed-ups, Ink's devtools.
  external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
  // Node's built-ins through require(), read only where used (builtins-by-require.mjs).
  // (to-esm-once.mjs edits the output, once esbuild has written it.)
  plugins: [builtinsByRequire, ...SHIPPED_PATCHES, toEsmOncePlugin],
  logLevel: 'warning',
};

/**
 * The shipped bundle and the tests' command line: one CommonJS module, so
 * that the bin can keep V8's code cache of it (src/boot/load-bundle.ts),
 * with nothing split off (the demo and Ink's devtools load only when
 * asked for, from inside it). Its sources' `import.meta` is the bundle
 * file's own (patches/import-meta.ts).
 */
export const SCRIPT_OPTIONS = {
  ...SHARED_OPTIONS,
  format: 'cjs',
  define: { ...SHARED_OPTIONS.define, 'import.meta': 'aepImportMeta' },
  inject: [fileURLToPath(new URL('patches/import-meta.ts', import.meta.url))],
};

/** The bench's children: ES modules that may await at their top level, with chunks loaded when asked for. */
export const MODULE_OPTIONS = {
  ...SHARED_OPTIONS,
  format: 'esm',
  splitting: true,
  // CommonJS dependencies (ws, React) call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);",
  },
};
