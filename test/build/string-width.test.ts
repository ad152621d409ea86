// The bundle's string-width precheck (scripts/string-width-precheck.mjs) must
// not change a single width: compare it with the package itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import stringWidth from 'string-width';
// @ts-expect-error: a plain .mjs build script, without types
import { patchStringWidth, stringWidthPrecheck } from '../../scripts/string-width-precheck.mjs';
import { NARROW_ONLY, STANDALONE_ONLY, lazyRgiEmoji } from '../../scripts/patches/string-width.js';
import { mulberry32 } from '../support/prng.js';
import { bundled } from './patched-build.js';

type Width = (s: string, options?: { ambiguousIsNarrow?: boolean }) => number;

const require = createRequire(import.meta.url);

let built: Promise<{ width: Width; text: string }> | undefined;

/**
 * string-width as the bundle builds it (the declared copy, the one the patch
 * is for): built and imported once for the three tests that compare it (the
 * same input each time), its folder gone with the first of them.
 */
async function patchedStringWidth(t: { after: (fn: () => void) => void }): Promise<Width> {
  built ??= bundled<{ width: { default: Width } }>(t, [stringWidthPrecheck], {
    width: require.resolve('string-width'),
  }).then(({ exports, text }) => ({ width: exports.width.default, text }));
  const { width, text } = await built;
  assert.ok(text.includes('quickWidth'), 'the bundle carries the patch');
  return width;
}

test('string-width with the emoji precheck gives the same widths', async (t) => {
  const patchedWidth = await patchedStringWidth(t);

  const samples = [
    'plain ascii',
    '│ ● ▸ · … ━ ┃ ┏',
    '漢字かな한국어',
    '👍',
    '👍🏽',
    '🏳️‍🌈',
    '🇫🇷🇯🇵',
    '#️⃣',
    '1⃣',
    '©',
    '©️',
    '❤',
    '❤️',
    '👨‍👩‍👧‍👦',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    'e\u0301',
    'ﾊﾝｶｸ',
    'Ａ',
    '\u200b\u200d',
    'שלום',
    'مرحبا',
    '\u{1F3FB}',
    '☝🏿',
    '⌚',
    '↔️',
    'x\u20e3',
  ];
  for (let cp = 0x20; cp < 0x30000; cp += cp < 0x3000 ? 1 : 7) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    samples.push(String.fromCodePoint(cp), `${String.fromCodePoint(cp)}\ufe0f`);
  }
  for (const sample of samples) assert.equal(patchedWidth(sample), stringWidth(sample), JSON.stringify(sample));
});

/** The BMP characters (from `from`) a fast path's whole-text pattern lets through. */
function charactersOf(pattern: RegExp, from: number): string[] {
  const alone = new RegExp(pattern.source);
  const characters: string[] = [];
  for (let cp = from; cp < 0x10000; cp++)
    if (alone.test(String.fromCodePoint(cp))) characters.push(String.fromCodePoint(cp));
  return characters;
}

/** Random texts of ASCII, `characters` and (rarely) `others`: the patched widths equal the package's, both ambiguous-width settings. */
function sameWidthsInMixedText(
  patchedWidth: Width,
  characters: string[],
  others: string[],
  seed: number,
  asciiShare: number,
): void {
  const random = mulberry32(seed);
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    for (let k = Math.floor(random() * 40); k > 0; k--) {
      const pick = random();
      text +=
        pick < asciiShare
          ? String.fromCharCode(0x20 + Math.floor(random() * 95))
          : pick < 0.95
            ? characters[Math.floor(random() * characters.length)]
            : others[Math.floor(random() * others.length)];
    }
    assert.equal(patchedWidth(text), stringWidth(text), JSON.stringify(text));
    assert.equal(
      patchedWidth(text, { ambiguousIsNarrow: false }),
      stringWidth(text, { ambiguousIsNarrow: false }),
      JSON.stringify(text),
    );
  }
}

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16)}`;

/** Each character is a grapheme of its own beside anything its fast path lets through: `around(c)` is that many graphemes. */
function joinsNoNeighbour(characters: string[], around: (character: string) => string, graphemes: number): void {
  const segmenter = new Intl.Segmenter();
  for (const character of characters)
    assert.equal(
      [...segmenter.segment(around(character))].length,
      graphemes,
      `${codePoint(character)} joins no neighbour`,
    );
}

test('string-width with the narrow-symbols fast path gives the same widths, alone and in mixed text', async (t) => {
  const patchedWidth = await patchedStringWidth(t);
  const symbols = charactersOf(NARROW_ONLY, 0x80);
  assert.ok(symbols.includes('│') && symbols.includes('●') && symbols.includes('…'));
  for (const symbol of symbols) assert.equal(stringWidth(symbol), 1, `${codePoint(symbol)} is one column`);
  joinsNoNeighbour(symbols, (symbol) => `a${symbol}b${symbol}${symbol}`, 5);
  sameWidthsInMixedText(
    patchedWidth,
    symbols,
    ['\u0301', '\u20e3', '\ufe0f', '\u200d', '👍', '漢', '\u00ad', '⚠', '✓', '\t', '\u001b[1m', '\u001b[22m'],
    5,
    0.5,
  );
});

test('string-width with the standalone-characters fast path gives the same widths, in mixed text of wide symbols, letters and joiners', async (t) => {
  const patchedWidth = await patchedStringWidth(t);
  const characters = charactersOf(STANDALONE_ONLY, 0x20);
  assert.ok(characters.includes('⏳') && characters.includes('Ω') && characters.includes('é'));
  // So a text of them is one grapheme per character.
  joinsNoNeighbour(characters, (character) => `a${character}é${character}${character}⏳`, 6);
  sameWidthsInMixedText(
    patchedWidth,
    characters,
    [
      '\u0301',
      '\u20e3',
      '\ufe0f',
      '\u200d',
      '👍',
      '🏽',
      '漢',
      '\u00ad',
      '\u1100',
      '\u1161',
      '🇫',
      '\t',
      '\u001b[1m',
      '\u001b[22m',
      '\u001b',
    ],
    11,
    0.4,
  );
  // The console's own rows, styled.
  const row =
    '\u001b[7m▸\u001b[27m\u001b[31m●\u001b[39m warn codex   12m \u001b[33m⏳9m \u001b[39m\u001b[2m…Bash — rm -rf build/\u001b[22m';
  assert.equal(patchedWidth(row), stringWidth(row));
});

test('the RGI emoji expression is built on first use, not as the module loads, and answers as the expression', () => {
  const patched = (patchStringWidth as (s: string) => string)(readFileSync(require.resolve('string-width'), 'utf8'));
  assert.doesNotMatch(patched, /^const rgiEmojiRegex = \//m);
  assert.match(patched, /^const rgiEmojiRegex = aepLazyRgiEmoji;$/m);
  const expression = new RegExp('^\\p{RGI_Emoji}$', 'v');
  for (const segment of [
    'a',
    '│',
    '👍',
    '👍🏽',
    '🏳️‍🌈',
    '🇫🇷',
    '#️⃣',
    '1⃣',
    '©',
    '©️',
    '❤',
    '❤️',
    '\u{1F3FB}',
    '☝🏿',
    '⌚',
    '↔️',
    'x\u20e3',
    '漢',
  ]) {
    assert.equal(lazyRgiEmoji.test(segment), expression.test(segment), JSON.stringify(segment));
  }
});
