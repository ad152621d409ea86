// Builds dist/: one bundled entry, dist/cli.cjs (the demo and Ink's devtools
// inside it, loaded only when asked for), so the shipped bin reads a single
// file instead of resolving hundreds of modules before its first frame, and
// dist/boot.cjs, which loads it with V8's code cache. Types are checked by
// `npm run typecheck`. `node scripts/bundle.mjs DIR` builds into DIR instead
// (the bench's own copy: DIR/cli.cjs, which DIR/../bin/aep-console.js would load).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { SCRIPT_OPTIONS } from './build-options.mjs';

const root = new URL('..', import.meta.url);
const outdir = process.argv[2] === undefined ? new URL('dist', root).pathname : resolve(process.argv[2]);
rmSync(outdir, { recursive: true, force: true });

/** What both files share: where they go, and how they are named and packed. */
const OUT = { absWorkingDir: root.pathname, outdir, outExtension: { '.js': '.cjs' }, minify: true };

await build({
  ...SCRIPT_OPTIONS,
  ...OUT,
  entryPoints: { cli: 'src/cli.ts' },
  legalComments: 'linked',
  sourcemap: 'linked',
});

// The bin's loader of that bundle, with V8's code cache (src/boot/): small,
// and compiled as Node compiles any module, before there is a cache to read.
await build({
  ...OUT,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  entryPoints: { boot: 'src/boot/load-bundle.ts' },
  logLevel: 'warning',
});
