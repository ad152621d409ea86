// Redaction of known secrets as the eye reads them (fold.ts): a table of
// texts with the token split by what the eye skips, texts that must stay as
// they are, and hostile input (a megabyte of near misses, lone surrogates).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { foldSecret, foldedSpans, folds, onePassSpans } from '../../src/protocol/fold.js';
import { Rng } from '../support/prng.js';
import { addSecret, forgetSecrets, redact, withoutSecrets } from '../../src/protocol/redact.js';

const TOKEN = 'sekrit-token-1234';
afterEach(forgetSecrets);

const redacted: [name: string, text: string, expected: string][] = [
  ['a combining long stroke after the first letter', 's\u0336ekrit-token-1234', '[token]'],
  ['an acute accent', 'x s\u0301ekrit-token-1234 y', 'x [token] y'],
  [
    'struck through letter by letter, the last mark too',
    `${[...TOKEN].map((c) => `${c}\u0336`).join('')}!`,
    '[token]!',
  ],
  ['a braille blank', 'sekrit\u2800-token-1234', '[token]'],
  ['a Hangul filler', 'sekrit-\u3164token-1234', '[token]'],
  ['a no-break space', 'sekrit-to\u00a0ken-1234', '[token]'],
  ['an em space and a hair space', 'se\u2003krit-token\u200a-1234', '[token]'],
  [
    'a narrow no-break, a medium mathematical and an ideographic space',
    's\u202fek\u205frit\u3000-token-1234',
    '[token]',
  ],
  ['a plain space and a tab', 'sek rit-tok\ten-1234', '[token]'],
  ['a newline', 'sekrit-\ntoken-1234', '[token]'],
  ['an astral combining mark', 'sekrit-token-12\u{1d167}34', '[token]'],
  ['a zero-width space still', 'sekrit-token\u200b-1234', '[token]'],
  ['twice, one plain and one split', `${TOKEN} and s\u0336ekrit-token-1234`, '[token] and [token]'],
  ['after a near miss', 'sekrit-token-123 s\u0336ekrit-token-1234', 'sekrit-token-123 [token]'],
  ['inside a word', 'ab\u00a0sekrit-token-1234cd', 'ab\u00a0[token]cd'],
];

for (const [name, text, expected] of redacted) {
  test(`redacted: ${name}`, () => {
    addSecret(TOKEN);
    assert.equal(redact(text), expected);
  });
}

const kept: [name: string, text: string][] = [
  ['no secret at all', 'Run rm -rf build? \u00a0 ✔️ s\u0336'],
  ['the token less its last character, split', 's\u0336ekrit-token-123'],
  ['another letter where the token has one', 's\u0336ekrit-tokem-1234'],
  ['a precomposed letter is another letter', 'śekrit-token-1234'],
];

for (const [name, text] of kept) {
  test(`kept: ${name}`, () => {
    addSecret(TOKEN);
    assert.equal(redact(text), text);
  });
}

test('a secret that overlaps itself is still found after a partial match (KMP)', () => {
  addSecret('abab-abac');
  assert.equal(redact('abab-abab-a\u0336bac'), 'abab-[token]');
  assert.equal(redact('aabab-ab\u00a0ac'), 'a[token]');
});

test('a secret with spaces or marks of its own is found folded too; one that folds to almost nothing is looked for only as it is', () => {
  assert.equal(withoutSecrets('my to\u00a0ken 99', ['to ken 99']), 'my [token]');
  assert.equal(foldSecret('  a b ', 4), undefined);
  assert.equal(withoutSecrets('a  b and a b c', ['a b ']), 'a  b and [token]c');
});

test('longest secret first; spans never overlap', () => {
  assert.equal(withoutSecrets('xx abc\u0336def yy', ['abcdef', 'abcd']), 'xx [token] yy');
  assert.equal(withoutSecrets('abcd\u00a0ef abcd', ['bcdef', 'abcd']), 'a[token] [token]');
});

test('what folds: marks, blanks, spaces, invisibles, controls, lone surrogates; not letters, digits or punctuation', () => {
  for (const cp of [
    0x0336, 0x0301, 0x20e3, 0x1d167, 0x2800, 0x115f, 0x3164, 0x00a0, 0x2000, 0x200a, 0x202f, 0x205f, 0x3000, 0x20, 0x09,
    0x0a, 0x200b, 0xfe0f, 0xe0041, 0x00ad,
    // Controls, a lone surrogate and the sanitizer's pictures of controls (Hostile input V).
    0x00, 0x1b, 0x7f, 0x85, 0x9b, 0xd800, 0xdc00, 0x2400, 0x241b, 0xfffd,
  ])
    assert.ok(folds(cp), cp.toString(16));
  for (const cp of [0x61, 0x31, 0x2d, 0x5b, 0xe9, 0x4e00, 0x1f600, 0x2714]) assert.ok(!folds(cp), cp.toString(16));
});

test('hostile input: a megabyte of near misses, marks and lone surrogates is redacted in one pass, never throws', () => {
  addSecret(TOKEN);
  const nearMiss = 's\u0336ekrit-token-123\u00a0';
  const text = `${nearMiss.repeat(50_000)}\ud800s\u0336ekrit-token-1234${'\u0336'.repeat(100_000)}\udc00`;
  const out = redact(text);
  assert.ok(out.startsWith(nearMiss.repeat(50_000)));
  assert.ok(out.endsWith('\ud800[token]\udc00'), 'the marks after the token cling to it');
  assert.equal((out.match(/\[token\]/g) ?? []).length, 1);
  // A span list for a text that is the token over and over: every one found, none overlapping.
  const spans = foldedSpans('sekrit-token-1234\u3000'.repeat(1000), foldSecret(TOKEN, 4)!);
  assert.equal(spans.length, 1000);
  for (let i = 1; i < spans.length; i++) assert.ok(spans[i][0] >= spans[i - 1][1]);
});

test('the tries and the one-pass match find the same spans, on random text over a small alphabet', () => {
  const rng = new Rng(44);
  const alphabet = ['a', 'b', 'q', ' ', '\u0336', '\u200b', '\u{1d167}', '\u{1f600}', '\ud800'];
  for (const secret of ['aqab', 'abab', 'aaaa', 'qaaaaaaq', 'a\u{1f600}ba', 'ba\u{1f600}\u{1f600}']) {
    const f = foldSecret(secret, 4)!;
    for (let round = 0; round < 400; round++) {
      const text = Array.from({ length: rng.int(60) }, () => alphabet[rng.int(alphabet.length)]).join('');
      assert.deepEqual(
        foldedSpans(text, f),
        onePassSpans(text, f),
        `${JSON.stringify(secret)} in ${JSON.stringify(text)}`,
      );
    }
  }
  // And on text whose tries read more than twice its length: the rest goes to the one pass, with the same answer.
  const gaps = `${'a'.repeat(40)}q${' '.repeat(40)}`.repeat(200);
  const f = foldSecret(`${'a'.repeat(40)}q${'a'.repeat(40)}q${'a'.repeat(40)}b`, 4)!;
  assert.deepEqual(foldedSpans(gaps, f), onePassSpans(gaps, f));
  const hits = `${gaps}${'a'.repeat(40)}q ${'a'.repeat(40)}q${'a'.repeat(40)}b`;
  assert.deepEqual(foldedSpans(hits, f), onePassSpans(hits, f));
  assert.equal(foldedSpans(hits, f).length, 1);
});
