// Builds dist/: one bundled entry, dist/cli.cjs (the demo and Ink's devtools
// inside it, loaded only when asked for), so the shipped bin reads a single
// file instead of resolving hundreds of modules before its first frame, and
// dist/boot.cjs, which loads it with V8's code cache. Types are checked by
// `npm run typecheck`. `node scripts/bundle.mjs DIR` builds into DIR instead
// (the bench's own copy: DIR/cli.cjs, which DIR/../bin/aep-console.js would load).
import { isAscii } from 'node:buffer';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { SCRIPT_OPTIONS } from './build-options.mjs';
import { wrapBundle } from './bundle-wrap.mjs';

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

// One function expression, padded: what the loader compiles without a copy (bundle-wrap.mjs).
const wrapped = wrapBundle(
  readFileSync(`${outdir}/cli.cjs`, 'utf8'),
  JSON.parse(readFileSync(`${outdir}/cli.cjs.map`, 'utf8')),
);
writeFileSync(`${outdir}/cli.cjs`, wrapped.code);
writeFileSync(`${outdir}/cli.cjs.map`, JSON.stringify(wrapped.map));

// Read as Latin-1 by the bin's loader when it is ASCII (twice as fast as
// UTF-8): esbuild escapes what is not, but for regular expression literals,
// which the sources write with \u escapes. A character that slips in slows
// the start, so it fails the build.
const bundleText = readFileSync(`${outdir}/cli.cjs`);
if (!isAscii(bundleText)) {
  const at = bundleText.findIndex((byte) => byte > 0x7f);
  throw new Error(
    `dist/cli.cjs is not ASCII: ${JSON.stringify(bundleText.subarray(Math.max(0, at - 40), at + 8).toString('utf8'))}`,
  );
}

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
