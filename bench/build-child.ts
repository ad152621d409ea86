// Bench children run as the shipped console does: bundled by esbuild with the
// same settings (scripts/build-options.mjs: production React, the patches),
// run by plain node.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { stringWidthPrecheck } from '../scripts/string-width-precheck.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { ansiStylesFastPath } from '../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches, inkCachesWithoutFrameCaches } from '../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { MODULE_OPTIONS } from '../scripts/build-options.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { builtinsByRequire } from '../scripts/builtins-by-require.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { yogaBase64 } from '../scripts/yoga-base64.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { toEsmOncePlugin } from '../scripts/to-esm-once.mjs';

/**
 * `inkPatches: false` leaves Ink and its tokenizer as published (the floor
 * Ink's own floor); the shipped bundle carries them.
 * `ui: false`: a child that loads no UI (intake); the patches would fail its
 * build, as every patch fails a build that never loads the file it patches.
 * `frameCaches: false`: the patches without the caches Ink keeps across frames, as they
 * stood when the goal was set against them.
 */
export async function bundleChild(
  entry: string,
  options: { inkPatches?: boolean; ui?: boolean; frameCaches?: boolean } = {},
): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'aep-bench-'));
  await build({
    ...(MODULE_OPTIONS as BuildOptions),
    entryPoints: { child: new URL(entry, import.meta.url).pathname },
    outdir,
    outExtension: { '.js': '.mjs' },
    minify: !process.env.BENCH_NO_MINIFY,
    // The children load no command line (meow's patch would fail their build: it never loads the file it patches).
    // Built-ins through require() as in every bundle; Yoga's WebAssembly decoded as the shipped bundle decodes it.
    plugins:
      options.ui === false
        ? [builtinsByRequire, toEsmOncePlugin]
        : options.inkPatches === false
          ? [builtinsByRequire, stringWidthPrecheck, yogaBase64, toEsmOncePlugin]
          : [
              builtinsByRequire,
              stringWidthPrecheck,
              options.frameCaches === false ? inkCachesWithoutFrameCaches : inkCaches,
              ansiStylesFastPath,
              yogaBase64,
              toEsmOncePlugin,
            ],
  });
  return join(outdir, 'child.mjs');
}
