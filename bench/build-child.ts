// Bench children run as the shipped console does: bundled by esbuild with the
// same settings (production React, the string-width precheck), run by plain node.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { stringWidthPrecheck } from '../scripts/string-width-precheck.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { ansiStylesFastPath } from '../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches, inkCachesWithoutFrameCaches } from '../scripts/ink-caches.mjs';

/**
 * `inkPatches: false` leaves Ink and its tokenizer as published (the floor
 * as ../shared/tools/ink-floor.mjs measures it); the shipped bundle carries them.
 * `ui: false`: a child that loads no UI (intake); the patches would fail its
 * build, as every patch fails a build that never loads the file it patches.
 * `frameCaches: false`: the patches without the caches Ink keeps across frames, as they
 * stood when issue 28 set its goal against them.
 */
export async function bundleChild(entry: string, options: { inkPatches?: boolean; ui?: boolean; frameCaches?: boolean } = {}): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'aep-bench-'));
  await build({
    entryPoints: { child: new URL(entry, import.meta.url).pathname },
    outdir,
    outExtension: { '.js': '.mjs' },
    // Ink's devtools stay in a chunk of their own, loaded only when asked for.
    splitting: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: !process.env.BENCH_NO_MINIFY,
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
    banner: { js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);" },
    plugins: options.ui === false ? [] : options.inkPatches === false ? [stringWidthPrecheck] : [stringWidthPrecheck, options.frameCaches === false ? inkCachesWithoutFrameCaches : inkCaches, ansiStylesFastPath],
    logLevel: 'warning',
  });
  return join(outdir, 'child.mjs');
}
