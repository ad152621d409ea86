// The bundle's lazy segmenters (scripts/lazy-segmenters.mjs): the packages
// that made an Intl.Segmenter as they loaded make none until they segment,
// and then answer as the packages themselves do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tokenize } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
// @ts-expect-error: a plain .mjs build script, without types
import { ansiStylesFastPath } from '../../scripts/ansi-styles-fast-path.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { lazySegmenters } from '../../scripts/lazy-segmenters.mjs';
// @ts-expect-error: a plain .mjs build script, without types
import { stringWidthPrecheck } from '../../scripts/string-width-precheck.mjs';
import { bundled, TOKENIZE_BUILD } from './patched-build.js';

const require = createRequire(import.meta.url);

type Patched = {
  width: { default: typeof stringWidth };
  wrap: { default: typeof wrapAnsi };
  slice: { default: typeof sliceAnsi };
  tokens: { tokenize: typeof tokenize };
};

/**
 * Runs `run` with `holder[key]` (a constructor) replaced by one that notes
 * the first argument of each object the bundle makes with it (`noted` picks
 * which), put back after: those made from its file, a temporary folder of its
 * own (another test file sharing this process may make one while this one
 * waits).
 */
async function counting<T>(
  holder: object,
  key: string,
  noted: (first: unknown) => boolean,
  run: (made: () => unknown[]) => Promise<T>,
): Promise<T> {
  const slot = holder as Record<string, unknown>;
  const Real = slot[key] as new (...args: unknown[]) => unknown;
  const made: unknown[] = [];
  const note = (args: unknown[]) => {
    if (noted(args[0]) && new Error().stack?.includes('aep-patched-')) made.push(args[0]);
  };
  slot[key] = new Proxy(Real, {
    construct(target, args: unknown[], newTarget) {
      note(args);
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply(target, self, args: unknown[]) {
      note(args);
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  try {
    return await run(() => made);
  } finally {
    slot[key] = Real;
  }
}

/** The segmenters the bundle makes while `run` runs. */
const countingSegmenters = <T>(run: (made: () => number) => Promise<T>) =>
  counting(
    Intl,
    'Segmenter',
    () => true,
    (made) => run(() => made().length),
  );

/** The Unicode-property expressions (`\p{…}`) the bundle makes through the RegExp constructor while `run` runs. */
const countingExpressions = <T>(run: (made: () => unknown[]) => Promise<T>) =>
  counting(globalThis, 'RegExp', (pattern) => String(pattern).includes('\\p{'), run);

/** The four packages built as the bundle builds them (these patches), for a test that counts what they make. */
const patchedPackages = (t: { after: (fn: () => void) => void }) =>
  bundled<Patched>(t, [stringWidthPrecheck, ansiStylesFastPath, lazySegmenters], {
    width: require.resolve('string-width'),
    wrap: require.resolve('wrap-ansi'),
    slice: require.resolve('slice-ansi'),
    tokens: join(TOKENIZE_BUILD, 'index.js'),
  });

// Each needs its segmenter: combining marks, an emoji with a skin tone, wide characters, colour.
const TEXT = '\u001b[31me\u0301 👍🏽 漢字 café\u001b[39m and 🏳️‍🌈 ok';

test('the patched packages make no segmenter as they load, and answer as the packages do once they segment', async (t) => {
  await countingSegmenters(async (made) => {
    const { exports, text } = await patchedPackages(t);
    // Only the patch module's own, inside the function that stands for the other four.
    assert.equal(text.match(/new Intl\.Segmenter\(/g)?.length, 1, 'all four segmenters are made on first use');
    assert.equal(made(), 0, 'none made as the bundle loads');

    assert.equal(exports.width.default(TEXT), stringWidth(TEXT));
    assert.equal(made(), 1, "string-width's is made when it first segments");
    assert.equal(exports.wrap.default(TEXT, 7, { hard: true }), wrapAnsi(TEXT, 7, { hard: true }));
    assert.equal(exports.slice.default(TEXT, 3, 12), sliceAnsi(TEXT, 3, 12));
    assert.deepEqual(exports.tokens.tokenize(TEXT), tokenize(TEXT));
    assert.equal(made(), 4, 'each made once, when first used');
    exports.width.default(`${TEXT}!`);
    exports.slice.default(TEXT, 1, 5);
    assert.equal(made(), 4, 'and then kept');
  });
});

test('the patched packages make none of their Unicode-property expressions as they load, and answer as the packages do', async (t) => {
  await countingExpressions(async (made) => {
    const { exports, text } = await patchedPackages(t);
    for (const name of [
      'visibleCharacterRegex',
      'spacingMarkRegex',
      'extendedPictographicRegex',
      'defaultIgnorableCodePointRegex',
      'EMOJI_PRESENTATION_GRAPHEME_REGEX',
    ])
      assert.match(text, new RegExp(`${name} = \\w*[lL]azyRegExp\\(`), name);
    assert.deepEqual(made(), [], 'none made as the bundle loads');
    // Marks, zero-width characters, emoji sequences, spacing marks, wide text.
    const texts = [TEXT, 'a\u200bb\u00ad', 'क्षि', '👨‍👩‍👧 x', '\u0301\u0301', 'ｶﾞ', '🇯🇵'];
    for (const sample of texts) {
      assert.equal(exports.width.default(sample), stringWidth(sample), sample);
      assert.equal(exports.wrap.default(sample, 3, { hard: true }), wrapAnsi(sample, 3, { hard: true }), sample);
      assert.equal(exports.slice.default(sample, 1, 4), sliceAnsi(sample, 1, 4), sample);
    }
    assert.ok(made().length >= 5, `made when first used: ${made().length}`);
  });
});
