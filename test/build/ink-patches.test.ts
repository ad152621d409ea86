// The bundle's patches to Ink and its ANSI tokenizer (scripts/ink-caches.mjs
// with the files it uses, scripts/ansi-styles-fast-path.mjs; the code they
// bring in scripts/patches/) must not change a single byte drawn: Ink built
// with them all draws a table of frames (frame-table.ts) as Ink itself
// does; each-patch.test.ts builds it with each alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStyledChars, ansiStylesFastPath, TOKENIZE_PATCHES } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchTokenize } from '../../scripts/ansi-tokenize-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { inkCaches } from '../../scripts/ink-caches.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { patchOutputRows } from '../../scripts/ink-output-rows.mjs';
import { mulberry32 } from '../support/prng.js';
import { ESC, STYLES, drawsAsInk, patchedInk, tokenizerSamples } from './frame-table.js';
import { TOKENIZE_BUILD, bundled, pluginOf, type PatchEntry } from './patched-build.js';

type Tokenizer = {
  tokenize: (s: string) => unknown[];
  styledCharsFromTokens: (tokens: unknown[]) => unknown[];
  styledCharsToString: (chars: unknown[]) => string;
};

/** Styled text as Ink writes it: runs of characters between style changes, some adjacent runs styled alike. */
function styledSamples(): string[] {
  const random = mulberry32(11);
  const samples = [
    '',
    'plain',
    `${ESC}1mbold${ESC}22m`,
    `${ESC}31mred ${ESC}1mand bold${ESC}22m${ESC}39m after`,
    `${ESC}7m▸ selected ● row${ESC}27m`,
    `漢字${ESC}2m dim 👍🏽${ESC}22m`,
  ];
  for (let n = 0; n < 2000; n++) {
    let text = '';
    const runs = 1 + Math.floor(random() * 6);
    for (let r = 0; r < runs; r++) {
      if (random() < 0.7) text += ESC + STYLES[Math.floor(random() * STYLES.length)];
      if (random() < 0.3) text += ESC + STYLES[Math.floor(random() * STYLES.length)];
      text += ['a', 'bc ', '│', '● ', '漢', '👍', ' ', 'xyz'][Math.floor(random() * 8)].repeat(
        1 + Math.floor(random() * 3),
      );
    }
    samples.push(text);
  }
  return samples;
}

test('the styles fast path writes the same bytes as ansi-tokenize itself', async (t) => {
  const original = (await import(pathToFileURL(join(TOKENIZE_BUILD, 'index.js')).href)) as Tokenizer;
  const { exports } = await bundled<{ fast: Tokenizer }>(
    t,
    [pluginOf('styles-fast-path', TOKENIZE_PATCHES['styles-fast-path'] as PatchEntry[])],
    { fast: join(TOKENIZE_BUILD, 'index.js') },
  );
  const { fast } = exports;
  for (const sample of styledSamples()) {
    const chars = original.styledCharsFromTokens(original.tokenize(sample));
    assert.equal(fast.styledCharsToString(chars), original.styledCharsToString(chars), JSON.stringify(sample));
    // Characters sharing their run's style list hold the same styles as with a copy each, and write the same bytes.
    const shared = fast.styledCharsFromTokens(original.tokenize(sample));
    assert.deepEqual(shared, chars, JSON.stringify(sample));
    assert.equal(fast.styledCharsToString(shared), original.styledCharsToString(chars), JSON.stringify(sample));
  }
});

test('the tokenizer fast path cuts every row into the same tokens as ansi-tokenize itself', async (t) => {
  type Tokenize = { tokenize: (s: string, endChar?: number) => unknown[] };
  const original = (await import(pathToFileURL(join(TOKENIZE_BUILD, 'tokenize.js')).href)) as Tokenize;
  const { exports } = await bundled<{ fast: Tokenize }>(
    t,
    [pluginOf('tokenize-fast-path', TOKENIZE_PATCHES['tokenize-fast-path'] as PatchEntry[])],
    { fast: join(TOKENIZE_BUILD, 'tokenize.js') },
  );
  const { fast } = exports;
  for (const sample of tokenizerSamples()) {
    assert.deepEqual(fast.tokenize(sample), original.tokenize(sample), JSON.stringify(sample));
    assert.deepEqual(
      fast.tokenize(sample, 5),
      original.tokenize(sample, 5),
      `${JSON.stringify(sample)}, up to 5 cells`,
    );
  }
});

test('Ink built with the bundle patches draws every frame as Ink itself does', async (t) => {
  const { ink, text } = await patchedInk(t, [inkCaches, ansiStylesFastPath]);
  for (const mark of [
    'standaloneTokenizer',
    'stylesFastPath',
    'MeasureCache(true)',
    'lineByLineWidest',
    'onlyPlainSgr',
    'rowCachedGet',
  ]) {
    assert.ok(text.includes(mark), `the bundle carries the patch (${mark})`);
  }
  // Every frame of the random rows.
  await drawsAsInk(t, ink, Infinity);
});

test('the Ink patches refuse sources they do not recognise', () => {
  assert.throws(() => patchStyledChars('export function styledCharsToString() {}'), /ansi-tokenize changed/);
  assert.throws(
    () => patchTokenize('export function tokenize(str) { return []; }'),
    /tokenize fast path no longer applies/,
  );
  assert.throws(
    () => patchOutputRows('export default class Output {\n    get() {\n        return {};\n    }\n}\n'),
    /row cache no longer applies/,
  );
});
