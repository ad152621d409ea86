import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Key } from 'ink';
import { readKey, readKeys } from '../../src/ui/keys.js';

const none: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
} as Key;

const names = (input: string) => readKeys(input, none).map((p) => (p.name === 'char' ? `char:${p.text}` : p.name));

test('Backspace arrives as key.delete (0x7F) or key.backspace (0x08): both erase backwards', () => {
  assert.equal(readKey('', { ...none, delete: true }).name, 'backspace');
  assert.equal(readKey('', { ...none, backspace: true }).name, 'backspace');
});

test('Esc sets key.meta too; Shift-Tab is tab + shift', () => {
  assert.equal(readKey('', { ...none, escape: true, meta: true }).name, 'escape');
  assert.equal(readKey('', { ...none, tab: true, shift: true }).name, 'backTab');
  assert.equal(readKey('c', { ...none, ctrl: true }).name, 'ctrlC');
});

test('a chunk of keys typed faster than a read is split into its keys', () => {
  assert.deepEqual(names('y\r'), ['char:y', 'enter']);
  assert.deepEqual(names('\u007f\u007f\u007f'), ['backspace', 'backspace', 'backspace']);
  assert.deepEqual(names('\r\r'), ['enter', 'enter']);
  assert.deepEqual(names('ab\b'), ['char:ab', 'backspace']);
  assert.deepEqual(names('x\t'), ['char:x', 'tab']);
});

test('a scripted chunk is the keys it holds: text, then Enter (CRLF is one Enter)', () => {
  assert.deepEqual(names('use staging\r'), ['char:use staging', 'enter']);
  assert.deepEqual(names('billing-api\r12\u007f\u007f3\r'), ['char:billing-api', 'enter', 'char:12', 'backspace', 'backspace', 'char:3', 'enter']);
  assert.deepEqual(names('a\r\nb'), ['char:a', 'enter', 'char:b']);
  assert.deepEqual(names('/\u0015make'), ['char:/', 'ctrlU', 'char:make']);
});

test('plain text and control characters in a paste', () => {
  assert.deepEqual(names('hello'), ['char:hello']);
  assert.equal(readKey('a\u0007b', none).text, 'ab', 'C0 controls never reach a draft');
});
