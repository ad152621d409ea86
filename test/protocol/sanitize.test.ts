import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayText, displayLine, hasUnsafeText } from '../../src/protocol/index.js';
import { showsAsIs } from '../../src/protocol/sanitize.js';

const ESC = '\u001b';
// Everything that must never reach the terminal from producer text.
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;
const LONE_SURROGATE = /\p{Cs}/u;

function assertSafe(out: string): void {
  const hit = FORBIDDEN.exec(out);
  assert.equal(hit, null, `forbidden U+${hit?.[0].codePointAt(0)?.toString(16)} in ${JSON.stringify(out)}`);
  assert.equal(LONE_SURROGATE.test(out), false);
}

const hostile: [name: string, input: string, expected: string][] = [
  ['OSC 52 clipboard write', `${ESC}]52;c;cm0gLXJmIH4=\u0007`, '␛]52;c;cm0gLXJmIH4=␇'],
  ['OSC 52 with ST terminator', `${ESC}]52;c;eA==${ESC}\\`, '␛]52;c;eA==␛\\'],
  ['CSI 2J clear screen', `${ESC}[2J${ESC}[H`, '␛[2J␛[H'],
  ['cursor-left + erase hiding part of a command', `rm -rf /${ESC}[24D${ESC}[Kls`, 'rm -rf /␛[24D␛[Kls'],
  ['OSC 0 title change', `${ESC}]0;pwned\u0007title`, '␛]0;pwned␇title'],
  [
    'DCS / APC / PM / SOS',
    `${ESC}Pq#0${ESC}\\${ESC}_apc${ESC}\\${ESC}^pm${ESC}\\${ESC}Xsos${ESC}\\`,
    '␛Pq#0␛\\␛_apc␛\\␛^pm␛\\␛Xsos␛\\',
  ],
  ['two-char ESC sequence and lone ESC', `${ESC}c${ESC}`, '␛c␛'],
  ['8-bit CSI', '\u009b2J', '⟨U+009B⟩2J'],
  ['8-bit OSC and ST', '\u009d0;x\u009c', '⟨U+009D⟩0;x⟨U+009C⟩'],
  ['NEL', 'a\u0085b', 'a⟨U+0085⟩b'],
  ['BEL', 'ding\u0007', 'ding␇'],
  ['backspace overwrite', 'allow\b\b\b\b\bdeny', 'allow␈␈␈␈␈deny'],
  ['lone CR', 'safe\rDANGER', 'safe␍DANGER'],
  ['CRLF', 'one\r\ntwo', 'one␍\ntwo'],
  ['NUL and DEL', 'a\u0000b\u007fc', 'a␀b␡c'],
  ['bidi override', 'file\u202Etxt.exe', 'file⟨U+202E⟩txt.exe'],
  ['bidi isolates and marks', '\u2066a\u2069\u200e\u200f\u061c', '⟨U+2066⟩a⟨U+2069⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'],
  ['zero-width space', 'rm\u200B -rf', 'rm⟨U+200B⟩ -rf'],
  ['zero-width joiner, word joiner, BOM', 'a\u200db\u2060c\ufeff', 'a⟨U+200D⟩b⟨U+2060⟩c⟨U+FEFF⟩'],
  ['tag characters', 'ok\u{E0041}\u{E0042}', 'ok⟨U+E0041⟩⟨U+E0042⟩'],
  ['lone surrogates', 'a\ud800b\udc00c', 'a\ufffdb\ufffdc'],
];

for (const [name, input, expected] of hostile) {
  test(`displayText neutralises: ${name}`, () => {
    const out = displayText(input);
    assert.equal(out, expected);
    assertSafe(out);
    assert.ok(hasUnsafeText(input));
    const line = displayLine(input);
    assertSafe(line);
    assert.doesNotMatch(line, /[\n\t]/);
  });
}

test('plain text, newlines, tabs and real emoji/astral text pass unchanged', () => {
  const s = 'Permission requested: Bash — rm -rf build/\n\tline 2 👍 𝔘 日本語';
  assert.equal(displayText(s), s);
  assert.equal(hasUnsafeText(s), false);
  assert.equal(displayLine('a\nb\tc'), 'a⏎b c');
});

test('non-strings never throw', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const hostileObj = {
    toJSON() {
      throw new Error('boom');
    },
  };
  assert.equal(displayText(undefined), '');
  assert.equal(displayText(null), '');
  assert.equal(displayText(42), '42');
  assert.equal(displayText(true), 'true');
  assert.equal(displayText(10n), '10');
  assert.equal(displayText({ a: `x${ESC}[2J` }), '{"a":"x\\u001b[2J"}');
  assert.equal(displayText(['\u202e']), '["⟨U+202E⟩"]');
  assert.equal(displayText(cyclic), '{"a":1,"self":"[circular]"}');
  assert.equal(displayText(hostileObj), '[unprintable value]');
  assert.equal(displayText(Symbol('s')), 'Symbol(s)');
  assert.equal(
    displayText(() => 1),
    '[function]',
  );
});

test('length cap on a 1 MB string: cut with an accurate count', () => {
  const big = 'a'.repeat(1024 * 1024);
  const out = displayText(big);
  assert.equal(out, `${'a'.repeat(4000)}… (${1024 * 1024 - 4000} more characters)`);
  assert.equal(displayText(big, 10), `aaaaaaaaaa… (${1024 * 1024 - 10} more characters)`);
});

test('length cap on a 1 MB hostile string stays safe', () => {
  // Each 6-code-point unit renders as 20 code points: '␛[2J' + '⟨U+009B⟩' + '⟨U+202E⟩'.
  const big = `${ESC}[2J\u009b\u202e`.repeat(200_000);
  const out = displayText(big, 100);
  assertSafe(out);
  assert.equal(out, `${'␛[2J⟨U+009B⟩⟨U+202E⟩'.repeat(5)}… (${200_000 * 6 - 30} more characters)`);
  // A marker that does not fit is not split: it is counted as not shown.
  assert.equal(displayText(big, 105), `${'␛[2J⟨U+009B⟩⟨U+202E⟩'.repeat(5)}␛[2J… (${200_000 * 6 - 34} more characters)`);
});

test('cap counts code points, not UTF-16 units, and never splits a pair or marker', () => {
  assert.equal(displayText('👍👍👍', 2), '👍👍… (1 more characters)');
  assert.equal(displayText('ab\u202ecd', 3), 'ab… (3 more characters)');
  assert.equal(displayText('abc', 3), 'abc');
  assert.equal(displayText('abc', 0), '… (3 more characters)');
  assert.equal(displayText('abc', Number.NaN), 'abc');
  assert.equal(displayText('abc', Infinity), 'abc');
});

test('emoji sequences drawn for width are still text: not unsafe, and printable for names and ids', () => {
  for (const s of ['ship ✔️❤️', '1️⃣ #️⃣', '👍🏽', '⌚︎']) {
    assert.equal(hasUnsafeText(s), false, s);
    assert.equal(showsAsIs(s, 80), true, s);
    assert.notEqual(displayLine(s), s, `${s} is drawn otherwise`);
  }
  assert.equal(showsAsIs('a\ufe0f', 80), false, 'a stray selector is not printable');
  assert.equal(showsAsIs('two\nlines', 80), false);
  assert.equal(showsAsIs('x'.repeat(81), 80), false);
});
