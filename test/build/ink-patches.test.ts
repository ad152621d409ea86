// The bundle's patches to Ink and its ANSI tokenizer (scripts/ink-caches.mjs,
// scripts/ansi-styles-fast-path.mjs) must not change a single byte drawn:
// compare each with the package itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import React from 'react';
import { Box, Text, renderToString } from 'ink';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStyledChars, ansiStylesFastPath } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches, patchOutput, patchRenderNodeToOutput } from '../../scripts/ink-caches.mjs';
import { mulberry32 } from '../support/prng.js';

type Tokenizer = {
  tokenize: (s: string) => unknown[];
  styledCharsFromTokens: (tokens: unknown[]) => unknown[];
  styledCharsToString: (chars: unknown[]) => string;
};

const ESC = '\u001b[';
const STYLES = ['1m', '2m', '3m', '4m', '7m', '22m', '23m', '24m', '27m', '31m', '32m', '33m', '39m', '90m', '38;5;208m', '38;2;10;20;30m', '41m', '49m', '0m'];

/** Styled text as Ink writes it: runs of characters between style changes, some adjacent runs styled alike. */
function styledSamples(): string[] {
  const random = mulberry32(11);
  const samples = ['', 'plain', `${ESC}1mbold${ESC}22m`, `${ESC}31mred ${ESC}1mand bold${ESC}22m${ESC}39m after`, `${ESC}7m▸ selected ● row${ESC}27m`, `漢字${ESC}2m dim 👍🏽${ESC}22m`];
  for (let n = 0; n < 2000; n++) {
    let text = '';
    const runs = 1 + Math.floor(random() * 6);
    for (let r = 0; r < runs; r++) {
      if (random() < 0.7) text += ESC + STYLES[Math.floor(random() * STYLES.length)];
      if (random() < 0.3) text += ESC + STYLES[Math.floor(random() * STYLES.length)];
      text += ['a', 'bc ', '│', '● ', '漢', '👍', ' ', 'xyz'][Math.floor(random() * 8)].repeat(1 + Math.floor(random() * 3));
    }
    samples.push(text);
  }
  return samples;
}

test('the styles fast path writes the same bytes as ansi-tokenize itself', async (t) => {
  // Ink's own copy (the package's exports have no require condition to resolve it by).
  const file = join(process.cwd(), 'node_modules', '@alcalzone', 'ansi-tokenize', 'build', 'index.js');
  const original = (await import(pathToFileURL(file).href)) as Tokenizer;
  const styledChars = join(file, '..', 'styledChars.js');
  const patched = (patchStyledChars as (s: string) => string)(readFileSync(styledChars, 'utf8'));
  // Beside the original, so its own imports resolve the same way.
  const beside = join(file, '..', `styledChars.fast-${process.pid}.js`);
  writeFileSync(beside, patched);
  t.after(() => rmSync(beside, { force: true }));
  const fast = (await import(pathToFileURL(beside).href)) as Pick<Tokenizer, 'styledCharsToString'>;
  for (const sample of styledSamples()) {
    const chars = original.styledCharsFromTokens(original.tokenize(sample));
    assert.equal(fast.styledCharsToString(chars), original.styledCharsToString(chars), JSON.stringify(sample));
  }
});

test('Ink built with the bundle patches draws every frame as Ink itself does', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-ink-patches-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, "export { renderToString, Box, Text } from 'ink';\nexport { default as React } from 'react';\n");
  await build({
    entryPoints: [entry],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    entryNames: 'ink',
    // Ink's devtools stay in a chunk of their own, loaded only when asked for.
    splitting: true,
    absWorkingDir: process.cwd(),
    nodePaths: [join(process.cwd(), 'node_modules')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react-devtools-core'],
    banner: { js: "import { createRequire as __aepRequire } from 'node:module'; const require = __aepRequire(import.meta.url);" },
    plugins: [inkCaches, ansiStylesFastPath],
    logLevel: 'error',
  });
  const text = readFileSync(join(dir, 'ink.mjs'), 'utf8');
  for (const mark of ['aepSameStyles', '(text).width;', 'cache.size >=', 'aepSharedCaches']) assert.ok(text.includes(mark), `the bundle carries the patch (${mark})`);
  const bundled = (await import(pathToFileURL(join(dir, 'ink.mjs')).href)) as {
    renderToString: typeof renderToString;
    Box: typeof Box;
    Text: typeof Text;
    React: typeof React;
  };
  const frame = (ink: { Box: typeof Box; Text: typeof Text; React: typeof React }, columns: number, selected: number) => {
    const h = ink.React.createElement;
    return h(
      ink.Box,
      { flexDirection: 'column', width: columns },
      ...Array.from({ length: 12 }, (_, i) =>
        h(
          ink.Text,
          { key: i, wrap: i % 3 === 0 ? 'truncate-end' : 'wrap' },
          h(ink.Text, { color: 'yellow', inverse: i === selected }, i === selected ? '▸● ' : ' ● '),
          h(ink.Text, { bold: i === selected, dimColor: i % 2 === 0 }, `permission codex ${i}s `),
          h(ink.Text, { color: i % 4 === 0 ? 'red' : undefined }, `Permission requested: Bash — 漢字 👍🏽 docker system prune -af row ${i} `.repeat(1 + (i % 2))),
        ),
      ),
    );
  };
  for (const columns of [40, 80, 100]) {
    for (let selected = 0; selected < 12; selected += 5) {
      const theirs = renderToString(frame({ Box, Text, React }, columns, selected), { columns });
      const ours = bundled.renderToString(frame(bundled, columns, selected), { columns });
      assert.equal(ours, theirs, `${columns} columns, row ${selected} selected`);
    }
  }
});

test('the Ink patches refuse sources they do not recognise', () => {
  assert.throws(() => patchStyledChars('export function styledCharsToString() {}'), /ansi-tokenize changed/);
  assert.throws(() => patchRenderNodeToOutput('export default () => {}'), /render-node-to-output changed/);
  assert.throws(() => patchOutput('export default class Output {}'), /output changed/);
});
