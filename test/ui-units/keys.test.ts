import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  InputDecoder,
  MAX_PASTE,
  PASTE_END,
  PASTE_START,
  escapeKeys,
  looksPasted,
  pastedText,
  textKeys,
  type InputMsg,
} from '../../src/ui/keys.js';

const names = (text: string) => textKeys(text).map(({ press: p }) => (p.name === 'char' ? `char:${p.text}` : p.name));

test('a run of plain input is one key per character, as a line discipline reads it', () => {
  const cases: [string, string[]][] = [
    ['y\r', ['char:y', 'enter']],
    ['\u007f\b', ['backspace', 'backspace']],
    ['\r\r', ['enter', 'enter']],
    ['a\r\nb', ['char:a', 'enter', 'char:b']],
    ['\n', ['enter']],
    ['x\t', ['char:x', 'tab']],
    ['1 ok', ['char:1', 'space', 'char:o', 'char:k']],
    ['/\u0015make', ['char:/', 'ctrlU', 'char:m', 'char:a', 'char:k', 'char:e']],
    ['\u0001\u0003\u0004\u0005\u000c\u0017\u001a', ['ctrlA', 'ctrlC', 'ctrlD', 'ctrlE', 'ctrlL', 'ctrlW', 'ctrlZ']],
    ['a\u0007\u0085b', ['char:a', 'char:b']],
    ['é👍', ['char:é', 'char:👍']],
  ];
  for (const [text, want] of cases) assert.deepEqual(names(text), want, JSON.stringify(text));
  assert.deepEqual(
    textKeys('ab\rc').map((k) => k.at),
    [0, 1, 2, 3],
    'each key knows where it starts',
  );
});

test('escape sequences: arrows, Home/End in every spelling, pages, Shift-Tab, Delete; Esc then a key', () => {
  const cases: [string, string[]][] = [
    ['\u001b', ['escape']],
    ['\u001b[A', ['up']],
    ['\u001bOB', ['down']],
    ['\u001b[1;5C', ['right']],
    ['\u001b[H', ['home']],
    ['\u001b[1~', ['home']],
    ['\u001b[7~', ['home']],
    ['\u001b[F', ['end']],
    ['\u001b[4~', ['end']],
    ['\u001b[5~', ['pageUp']],
    ['\u001b[6~', ['pageDown']],
    ['\u001b[3~', ['deleteForward']],
    ['\u001b[Z', ['backTab']],
    ['\u001bj', ['escape', 'char']],
    ['\u001b\u001b[A', ['escape', 'up']],
    ['\u001b[I', ['none']],
    ['\u001b[<0;3;4M', ['none']],
  ];
  for (const [sequence, want] of cases)
    assert.deepEqual(
      escapeKeys(sequence).map((p) => p.name),
      want,
      JSON.stringify(sequence),
    );
});

test('the decoder: one key alone is a key, a run of keys is one chunk, a bracketed paste is text whatever it holds', () => {
  const d = new InputDecoder();
  const push = (...data: string[]): InputMsg[] => data.flatMap((x) => d.push(x));
  assert.deepEqual(push('j'), [{ type: 'key', press: { name: 'char', text: 'j' } }]);
  assert.deepEqual(push('1 oxy'), [{ type: 'keys', text: '1 oxy' }]);
  assert.deepEqual(push('\u001b[B'), [{ type: 'key', press: { name: 'down', text: '' } }]);
  // Ink's parser hands a paste over as its marks, the text runs and any sequences between them.
  assert.deepEqual(push(PASTE_START, 'use staging\rxy', '\u001b[A', '\tq\u0003', PASTE_END), [
    { type: 'paste', text: 'use staging xy q' },
  ]);
  assert.deepEqual(push(PASTE_START, 'half'), [], 'nothing until the end mark');
  assert.equal(d.pasting, true);
  assert.deepEqual(d.flush(), [{ type: 'paste', text: 'half' }], 'a lost end mark: what arrived is still text');
  assert.deepEqual(push('k'), [{ type: 'key', press: { name: 'char', text: 'k' } }], 'keys are keys again');
  assert.deepEqual(push(PASTE_END), [], 'a stray end mark is nothing');
  const big = push(PASTE_START, 'x'.repeat(MAX_PASTE), 'more', PASTE_END);
  assert.equal(big.length, 1);
  assert.equal((big[0] as { text: string }).text.length, MAX_PASTE, 'a paste is bounded');
});

test('what looks pasted without bracketed paste: a newline with more text after it', () => {
  assert.equal(looksPasted('use staging\rxy'), true);
  assert.equal(looksPasted('a\n\nb'), true);
  assert.equal(looksPasted('use staging\r'), false, 'ending in its only newline: typed');
  assert.equal(looksPasted('\r\r'), false);
  assert.equal(looksPasted('oxy'), false);
  assert.equal(pastedText('a\r\nb\tc\u0007\u009bd'), 'a b cd');
});
