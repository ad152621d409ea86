// Builds dist/: one bundled entry (plus a lazily loaded chunk for --demo), so
// the shipped bin reads a single file instead of resolving hundreds of
// modules before its first frame. Types are checked by `npm run typecheck`.
// `node scripts/bundle.mjs DIR` builds into DIR instead (the bench's own
// copy: DIR/cli.js, which DIR/../bin/aep-console.js would load).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { SCRIPT_OPTIONS } from './build-options.mjs';

const root = new URL('..', import.meta.url);
const outdir = process.argv[2] === undefined ? new URL('dist', root).pathname : resolve(process.argv[2]);
rmSync(outdir, { recursive: true, force: true });

await build({
  ...SCRIPT_OPTIONS,
  absWorkingDir: root.pathname,
  entryPoints: { cli: 'src/cli.ts' },
  outdir,
  outExtension: { '.js': '.cjs' },
  minify: true,
  legalComments: 'linked',
  sourcemap: 'linked',
});

// The bin's loader of that bundle, with V8's code cache (src/boot/): small,
// and compiled as Node compiles any module, before there is a cache to read.
await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  absWorkingDir: root.pathname,
  entryPoints: { boot: 'src/boot/load-bundle.ts' },
  outdir,
  outExtension: { '.js': '.cjs' },
  minify: true,
  logLevel: 'warning',
});
