// The output-rows patch asks whether a row's text holds only plain SGR
// sequences, none followed by a character that joins the sequence's last
// letter (scripts/patches/output-rows.ts notPlainSgr). Its quick answers
// must be the exact expression's answers: the characters it lets through
// unasked are none of the expression's, and texts of every kind get one
// answer from both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exactNotPlainSgr, notPlainSgr } from '../../scripts/patches/output-rows.js';
import { STANDALONE_CLASS } from '../../src/ui/text/standalone.js';

const EXACT = exactNotPlainSgr();
const JOINS = /^[\p{M}\p{Cf}\p{Grapheme_Extend}\u{1F3FB}-\u{1F3FF}]$/u;

test('no character of the standalone set joins an SGR sequence: a mark, a format character, an extender or a skin tone', () => {
  const standalone = new RegExp(`^[${STANDALONE_CLASS}]$`, 'u');
  let checked = 0;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    if (!standalone.test(ch)) continue;
    checked++;
    assert.ok(!JOINS.test(ch), `U+${cp.toString(16)} is in the set and joins`);
  }
  assert.ok(checked > 2500, `${checked} characters`);
});

/** A small deterministic generator (the same texts every run). */
function* texts(seed: number, count: number): Generator<string> {
  let state = seed;
  const next = (n: number) => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const pieces = [
    'a',
    ' ',
    '│',
    '▸',
    '·',
    '⏳',
    '\u0301', // a combining mark
    '\u200d', // the joiner (a format character)
    '\ufe0f', // a variation selector
    '\uff9e', // a halfwidth mark: an extender, neither a mark nor a format character
    '\u{1f3fd}', // a skin tone
    '\u00ad', // the soft hyphen (a format character inside Latin-1)
    '👍',
    '漢',
    '\u001b[31m',
    '\u001b[1;2m',
    '\u001b[m',
    '\u001b[39;49m',
    '\u001b]8;;x\u0007', // a hyperlink: not SGR
    '\u001b[2K', // a CSI that is not SGR
    '\u009b31m', // the C1 CSI
    '\u001b', // a lone escape
    '\u001b[3', // cut short
  ];
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = next(8);
    for (let j = 0; j < length; j++) text += pieces[next(pieces.length)];
    yield text;
  }
}

test('every text gets the exact expression answer', () => {
  let plain = 0;
  let asked = 0;
  for (const text of texts(46, 20_000)) {
    const exact = EXACT.test(text);
    assert.equal(notPlainSgr(text), exact, JSON.stringify(text));
    if (!exact) plain++;
    asked++;
  }
  assert.ok(plain > 2000 && plain < asked - 2000, `${plain} plain of ${asked}: both kinds drawn`);
});

test("a first frame's rows read as plain; a mark after a sequence does not", () => {
  for (const row of [
    '\u001b[2m │ \u001b[22m',
    '\u001b[1m▸ 1 Allow\u001b[22m',
    'j/k move · Enter open',
    '\u001b[31m⏳ 12s\u001b[39m',
  ]) {
    assert.equal(notPlainSgr(row), false, JSON.stringify(row));
  }
  assert.equal(notPlainSgr('\u001b[31m\u0301x\u001b[39m'), true, 'a mark after a sequence');
});
