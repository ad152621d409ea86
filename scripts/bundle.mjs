// Builds dist/: one bundled entry (plus a lazily loaded chunk for --demo), so
// the shipped bin reads a single file instead of resolving hundreds of
// modules before its first frame. Types are checked by `npm run typecheck`.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { ansiStylesFastPath } from './ansi-styles-fast-path.mjs';
import { inkCaches } from './ink-caches.mjs';
import { meowLazyNormalize } from './meow-lazy-normalize.mjs';
import { stringWidthPrecheck } from './string-width-precheck.mjs';

const root = new URL('..', import.meta.url);
const outdir = new URL('dist', root).pathname;
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root.pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'linked',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // The shipped bin always runs React's production build.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Optional at run time in their packages: ws's native speed-ups, Ink's devtools.
  external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
  // CommonJS dependencies (ws, React) call require() for Node's built-ins.
  banner: { js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);" },
  plugins: [stringWidthPrecheck, inkCaches, ansiStylesFastPath, meowLazyNormalize],
  logLevel: 'warning',
});
