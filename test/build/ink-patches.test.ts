// The bundle's patches to Ink and its ANSI tokenizer (scripts/ink-caches.mjs
// with ink-output-rows.mjs, scripts/ansi-styles-fast-path.mjs) must not change a single byte drawn:
// compare each with the package itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import React from 'react';
import { EventEmitter } from 'node:events';
import { Box, Text, render, renderToString } from 'ink';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStyledChars, ansiStylesFastPath } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchTokenize } from '../../scripts/ansi-tokenize-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches, patchOutput, patchRenderNodeToOutput } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchOutputRows } from '../../scripts/ink-output-rows.mjs';
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
  const fast = (await import(pathToFileURL(beside).href)) as Pick<Tokenizer, 'styledCharsToString' | 'styledCharsFromTokens'>;
  for (const sample of styledSamples()) {
    const chars = original.styledCharsFromTokens(original.tokenize(sample));
    assert.equal(fast.styledCharsToString(chars), original.styledCharsToString(chars), JSON.stringify(sample));
    // Characters sharing their run's style list hold the same styles as with a copy each, and write the same bytes.
    const shared = fast.styledCharsFromTokens(original.tokenize(sample));
    assert.deepEqual(shared, chars, JSON.stringify(sample));
    assert.equal(fast.styledCharsToString(shared), original.styledCharsToString(chars), JSON.stringify(sample));
  }
});

/** Rows of characters that do and do not join their neighbours into one grapheme, and escapes, valid or not. */
function tokenizerSamples(): string[] {
  const random = mulberry32(29);
  const pieces = [
    'a', 'Z', ' ', '~', '│', '●', '▸', '…', '—', '⏳', '✔', 'é', 'ß', 'Ω', 'ж', '€', '→', '≤', '■', '☃',
    // Joiners and what they join: combining marks, ZWJ, variation selectors, skin tones, flags, Hangul jamo, CJK, controls.
    '\u0301', '\u20DD', '\u200D', '\uFE0F', '\uFE0E', '👍', '\u{1F3FD}', '\u{1F1EB}\u{1F1F7}', '\u1100', '\u1161', '\u11A8', '한', '漢', 'ｱ', '\u00AD', '\u0600', '\u0915\u093F',
    '\t', '\n', '\u0007', '\u009B31m', '\u001B', '\u001B[', '\u001B[x', '\u001B[31', '\u001B]8;;http://x\u0007',
    ...STYLES.map((style) => ESC + style),
    `${ESC}1;31m`, `${ESC}38;5;208;1m`, `${ESC}m`, `${ESC}0;38;2;1;2;3m`,
  ];
  const samples = ['', 'plain ascii row', `${ESC}7m▸ selected ● row ⏳41s${ESC}27m`];
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    const length = 1 + Math.floor(random() * 14);
    // Most rows from the standalone set only (the fast path), some with anything.
    const from = random() < 0.5 ? 20 : pieces.length;
    for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * from)] + (random() < 0.3 ? ESC + STYLES[Math.floor(random() * STYLES.length)] : '');
    samples.push(text);
  }
  return samples;
}

test('the tokenizer fast path cuts every row into the same tokens as ansi-tokenize itself', async (t) => {
  const file = join(process.cwd(), 'node_modules', '@alcalzone', 'ansi-tokenize', 'build', 'tokenize.js');
  const original = (await import(pathToFileURL(file).href)) as { tokenize: (s: string, endChar?: number) => unknown[] };
  const beside = join(file, '..', `tokenize.fast-${process.pid}.js`);
  writeFileSync(beside, (patchTokenize as (s: string) => string)(readFileSync(file, 'utf8')));
  t.after(() => rmSync(beside, { force: true }));
  const fast = (await import(pathToFileURL(beside).href)) as typeof original;
  for (const sample of tokenizerSamples()) {
    assert.deepEqual(fast.tokenize(sample), original.tokenize(sample), JSON.stringify(sample));
    assert.deepEqual(fast.tokenize(sample, 5), original.tokenize(sample, 5), `${JSON.stringify(sample)}, up to 5 cells`);
  }
});

test('Ink built with the bundle patches draws every frame as Ink itself does', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-ink-patches-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, "export { render, renderToString, Box, Text } from 'ink';\nexport { default as React } from 'react';\n");
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
  for (const mark of ['aepStandalone', 'aepSameStyles', '(text).width;', 'kept.size >=', 'aepWidestLine', 'aepNotPlainSgr', 'aepSharedCaches', 'aepDrawRow', 'aepTouch', 'aepSquashed']) assert.ok(text.includes(mark), `the bundle carries the patch (${mark})`);
  const bundled = (await import(pathToFileURL(join(dir, 'ink.mjs')).href)) as {
    render: typeof render;
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
  // The row cache (scripts/ink-output-rows.mjs): frames one after another, so
  // most rows come from it, with what changes where a row is drawn: columns
  // side by side, boxes that clip (overflow hidden, a text starting left of
  // its box and past its bottom), wide characters cut at a clip's edge, a
  // box drawn over another (absolute), a text above the first row, the same
  // text at another column.
  const layered = (ink: { Box: typeof Box; Text: typeof Text; React: typeof React }, columns: number, step: number) => {
    const h = ink.React.createElement;
    const rows = Array.from({ length: 8 }, (_, i) => h(ink.Text, { key: i, color: (i + step) % 3 === 0 ? 'cyan' : undefined, inverse: i === step % 8 }, `${i === step % 8 ? '▸' : ' '} 漢字 row ${(i + step) % 11} 👍🏽 ${'x'.repeat((i * step) % 9)}`));
    return h(
      ink.Box,
      { flexDirection: 'column', width: columns, height: 14 },
      h(
        ink.Box,
        { flexDirection: 'row', height: 9 },
        h(ink.Box, { flexDirection: 'column', width: Math.floor(columns / 2), overflow: 'hidden' }, ...rows),
        h(ink.Text, { dimColor: true }, ' │ '),
        h(ink.Box, { flexDirection: 'column', flexGrow: 1, overflowX: 'hidden', overflowY: 'hidden', height: 5 }, h(ink.Box, { marginLeft: -(step % 4), marginTop: -(step % 2) }, h(ink.Text, { bold: step % 2 === 0 }, `detail ${step}\n漢字漢字漢字 wide\n${'long line '.repeat(6)}\n4\n5\n6\n7`))),
      ),
      h(ink.Box, { position: 'absolute', marginTop: 2 + (step % 3), marginLeft: 3 }, h(ink.Text, { color: 'red' }, step % 2 ? '[over]' : '[ov漢]')),
      h(ink.Box, { height: 2, overflow: 'hidden' }, h(ink.Text, {}, `tail ${step % 2}\nsecond\nthird (dropped)\nfourth`)),
      // The same text at another column, alone on its row.
      h(ink.Box, { marginLeft: step % 3 }, h(ink.Text, {}, 'same text, moving')),
      // Above the first row: Ink drops the whole text, not only its first line.
      h(ink.Box, { position: 'absolute', marginTop: -1 - (step % 2), marginLeft: 5 }, h(ink.Text, {}, 'above\nabove 2\nabove 3')),
    );
  };
  for (const columns of [30, 61, 100]) {
    for (let step = 0; step < 24; step++) {
      const theirs = renderToString(layered({ Box, Text, React }, columns, step), { columns });
      const ours = bundled.renderToString(layered(bundled, columns, step), { columns });
      assert.equal(ours, theirs, `${columns} columns, frame ${step}`);
    }
  }
  // The console's own shape: the frame as one text of styled rows, scrolled a
  // row a frame, rows drawn from their start in one write (the row cache's
  // shortcut), with wide characters, styled trailing spaces, empty rows, a
  // row wider than the frame and a row of zero-width characters.
  const block = (ink: { Box: typeof Box; Text: typeof Text; React: typeof React }, columns: number, step: number) => {
    const h = ink.React.createElement;
    const row = (n: number) =>
      n % 7 === 3
        ? ''
        : n % 11 === 5
          ? `\u001b[7m${'wide 漢字 👍🏽 '.repeat(8)}\u001b[27m`
          : n % 13 === 6
            ? 'a\u200bb\u200d\u0301c'
            : `${n === step + 4 ? '\u001b[1m\u001b[7m▸' : ' '}\u001b[33m●\u001b[39m \u001b[2mwarn\u001b[22m codex-${n} ${n % 60}s \u001b[31m⏳9m \u001b[39m漢字 prompt ${n}${n % 2 ? '\u001b[7m   \u001b[27m' : '   '}${n === step + 4 ? '\u001b[27m\u001b[22m' : ''}`;
    return h(ink.Box, { flexDirection: 'column', width: columns, height: 16 }, h(ink.Text, { wrap: 'wrap' }, Array.from({ length: 16 }, (_, i) => row(i + step)).join('\n')));
  };
  for (const columns of [30, 80]) {
    for (let step = 0; step < 12; step++) assert.equal(bundled.renderToString(block(bundled, columns, step), { columns }), renderToString(block({ Box, Text, React }, columns, step), { columns }), `one text, ${columns} columns, frame ${step}`);
    const theirs = framesOf({ Box, Text, React, render }, columns, (ink, step) => block(ink, columns, step));
    const ours = framesOf(bundled, columns, (ink, step) => block(ink, columns, step));
    ours.forEach((drawn, i) => assert.equal(drawn, theirs[i], `one text, ${columns} columns, update ${i}`));
  }
  // A row written once from its start is drawn run by run (not cell by cell)
  // when its escapes are plain SGR: the same text as Ink's, for random rows
  // of joiners, marks, wide characters, controls and escapes of every kind.
  const rows = tokenizerSamples().filter((_, i) => i % 8 === 0);
  for (const columns of [12, 60]) {
    for (const sample of rows) {
      const element = (ink: { Text: typeof Text; React: typeof React }) => ink.React.createElement(ink.Text, { wrap: 'wrap' }, sample.replaceAll('\n', ' '));
      assert.equal(bundled.renderToString(element(bundled), { columns }), renderToString(element({ Text, React }), { columns }), `${columns} columns: ${JSON.stringify(sample)}`);
    }
  }
  // One tree updated frame after frame (the joined texts kept on its nodes,
  // ink-squash-cache.mjs): restyled, retexted, reordered, added and removed
  // children, each frame as Ink itself draws it.
  for (const columns of [40, 100]) {
    const theirs = framesOf({ Box, Text, React, render }, columns, (ink, step) => (step % 5 === 4 ? frame(ink, columns, step % 12) : layered(ink, columns, step)));
    const ours = framesOf(bundled, columns, (ink, step) => (step % 5 === 4 ? frame(ink, columns, step % 12) : layered(ink, columns, step)));
    assert.equal(ours.length, theirs.length);
    ours.forEach((drawn, i) => assert.equal(drawn, theirs[i], `${columns} columns, update ${i}`));
  }
});

type InkModule = { Box: typeof Box; Text: typeof Text; React: typeof React; render: typeof render };

/** Every frame Ink writes for one tree re-rendered 30 times (debug mode: each frame whole, unthrottled). */
function framesOf(ink: InkModule, columns: number, element: (ink: InkModule, step: number) => React.ReactElement): string[] {
  const frames: string[] = [];
  const stdout = Object.assign(new EventEmitter(), { columns, rows: 40, write: (chunk: string) => frames.push(chunk) > 0 });
  const instance = ink.render(element(ink, 0), { stdout: stdout as unknown as NodeJS.WriteStream, debug: true, patchConsole: false, exitOnCtrlC: false });
  for (let step = 1; step < 30; step++) instance.rerender(element(ink, step));
  instance.unmount();
  return frames;
}

test('the Ink patches refuse sources they do not recognise', () => {
  assert.throws(() => patchStyledChars('export function styledCharsToString() {}'), /ansi-tokenize changed/);
  assert.throws(() => patchRenderNodeToOutput('export default () => {}'), /render-node-to-output changed/);
  assert.throws(() => patchOutput('export default class Output {}'), /output changed/);
  assert.throws(() => patchTokenize('export function tokenize(str) { return []; }'), /tokenize fast path no longer applies/);
  assert.throws(() => patchOutputRows('export default class Output {\n    get() {\n        return {};\n    }\n}\n'), /row cache no longer applies/);
});
