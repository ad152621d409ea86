// The shipped bundle's Ink patches (scripts/ink-caches.mjs and the files it
// names, the styles fast path, the string-width precheck) on the console
// itself: the App driven through the same keys with Ink as published and
// with Ink as shipped writes the same frames, byte for byte, in the list
// alone and side by side. (ink-patches.test.ts compares generic frames.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { ansiStylesFastPath } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { stringWidthPrecheck } from '../../scripts/string-width-precheck.mjs';
import { appFrames } from './app-frames.js';

type Frames = typeof appFrames;

test("the console draws the same frames with the bundle's Ink patches as with Ink as published", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-ink-patches-app-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  await build({
    entryPoints: { frames: new URL('./app-frames.tsx', import.meta.url).pathname },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['bufferutil', 'utf-8-validate', 'react-devtools-core'],
    banner: {
      js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);",
    },
    plugins: [stringWidthPrecheck, inkCaches, ansiStylesFastPath],
    logLevel: 'error',
  });
  const shipped = (await import(pathToFileURL(join(dir, 'frames.mjs')).href)) as { appFrames: Frames };
  for (const [columns, rows] of [
    [80, 24],
    [120, 30],
  ]) {
    const theirs = await appFrames(columns, rows);
    const ours = await shipped.appFrames(columns, rows);
    assert.ok(theirs.length > 60, `a frame per key or so (${theirs.length})`);
    assert.ok(
      theirs.some((frame) => frame.includes('\u001b[')),
      'styled',
    );
    assert.ok(new Set(theirs).size > 40, 'frames that differ');
    assert.equal(ours.length, theirs.length, `${columns}x${rows}: as many frames`);
    ours.forEach((frame, i) => assert.equal(frame, theirs[i], `${columns}x${rows}, frame ${i}`));
  }
});
