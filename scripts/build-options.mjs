// The esbuild options every bundle of the console shares: the shipped bin
// (bundle.mjs), the tests' command line (cli-for-tests.mjs) and the bench's
// children (bench/build-child.ts). One list of patches, so what the tests
// and the bench run is what ships.
import { ansiStylesFastPath } from './ansi-styles-fast-path.mjs';
import { builtinsByRequire } from './builtins-by-require.mjs';
import { inkCaches } from './ink-caches.mjs';
import { lazySegmenters } from './lazy-segmenters.mjs';
import { meowLazyNormalize } from './meow-lazy-normalize.mjs';
import { stringWidthPrecheck } from './string-width-precheck.mjs';
import { yogaBase64 } from './yoga-base64.mjs';

/** Every patch the shipped bundle carries, in the order its plugins run. */
export const SHIPPED_PATCHES = [
  stringWidthPrecheck,
  inkCaches,
  ansiStylesFastPath,
  lazySegmenters,
  meowLazyNormalize,
  yogaBase64,
];

export const SHARED_OPTIONS = {
  bundle: true,
  // Chunks loaded only when asked for: the demo's (--demo), Ink's devtools.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The shipped bin always runs React's production build.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Optional at run time in their packages: ws's native speed-ups, Ink's devtools.
  external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
  // CommonJS dependencies (ws, React) call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);",
  },
  // Node's built-ins through require(), read only where used (builtins-by-require.mjs).
  plugins: [builtinsByRequire, ...SHIPPED_PATCHES],
  logLevel: 'warning',
};
