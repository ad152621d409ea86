// config.json's `keys`: the table with the map applied, or every problem
// named (the CLI makes that exit 2). The shipped table has no clash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clashes, keySpecOf, keymapFrom } from '../../src/ui/places/keymap.js';
import { defaultBindings, type Bindings } from '../../src/ui/key-table.js';

const applied = (keys: Record<string, unknown>): Bindings => {
  const map = keymapFrom(keys);
  assert.ok('bindings' in map, 'error' in map ? map.error : '');
  return map.bindings;
};
const refused = (keys: Record<string, unknown>): string => {
  const map = keymapFrom(keys);
  assert.ok('error' in map, 'the map was taken');
  return map.error;
};

test('the shipped table binds no key to two actions in one place', () => {
  assert.deepEqual(clashes(defaultBindings() as Bindings), []);
});

test('the contract example: request.resend R, list.hide e, list.timeline T; the open request answered and answering are one place', () => {
  const table = applied({ 'request.resend': 'R', 'list.hide': 'e', 'list.timeline': 'T' });
  assert.deepEqual(table.locked.resend, ['R']);
  assert.deepEqual(table.browse.hide, ['e']);
  assert.deepEqual(table.browse.timeline, ['T']);
  assert.deepEqual(table.browse.cancelRun, ['x'], 'the rest as shipped');
  // request.back is both tables' back.
  const back = applied({ 'request.back': ['h', 'Esc'] });
  assert.deepEqual(back.answer.back, ['h', 'escape']);
  assert.deepEqual(back.locked.back, ['h', 'escape']);
  assert.deepEqual(defaultBindings().browse.hide, ['d'], 'the shipped table is not changed');
});

test('key names as docs/keys.md writes them, and as typed', () => {
  const table: Record<string, string | undefined> = {
    e: 'e',
    R: 'R',
    '?': '?',
    ' ': 'space',
    Space: 'space',
    PgDn: 'pageDown',
    pagedown: 'pageDown',
    'Ctrl-T': 'ctrlT',
    'C-t': 'ctrlT',
    '^T': 'ctrlT',
    'Shift-Tab': 'backTab',
    Delete: 'deleteForward',
    '↑': 'up',
    Esc: 'escape',
    F1: undefined,
    'Ctrl-B': undefined,
    ee: undefined,
    é: undefined,
    '\u0007': undefined,
    '': undefined,
  };
  for (const [name, want] of Object.entries(table)) assert.equal(keySpecOf(name), want, JSON.stringify(name));
  assert.deepEqual(applied({ 'list.hide': ['e', 'Delete'] }).browse.hide, ['e', 'deleteForward']);
});

test('two actions on one key in one place: refused, naming both actions', () => {
  assert.match(refused({ 'list.hide': 'x' }), /x is bound to both list\.cancelRun and list\.hide/);
  // Answering and answered are one place: a on resend would be always's key.
  assert.match(refused({ 'request.resend': 'a' }), /a is bound to both request\.always and request\.resend/);
  // Ctrl-L is taken before any place sees it.
  assert.match(refused({ 'list.hide': 'Ctrl-L' }), /Ctrl-L is bound to both anywhere\.redraw and list\.hide/);
  // The same key in two places is no clash: d is hide in the list, and nothing in the history.
  applied({ 'history.undo': 'd' });
});

test('unknown places and actions, keys that cannot be typed, and bad shapes are each named', () => {
  assert.match(refused({ 'lsit.hide': 'e' }), /no place "lsit".*the places are list, request/);
  assert.match(refused({ 'list.hdie': 'e' }), /list has no action "hdie" \(its actions are .*hide/);
  assert.match(refused({ hide: 'e' }), /no place "hide"|"hide": hide has no action/);
  assert.match(refused({ 'list.hide': 'F1' }), /"F1" is not a key the console reads/);
  assert.match(refused({ 'list.hide': [] }), /a key or a list of keys/);
  assert.match(refused({ 'list.hide': 7 }), /a key or a list of keys/);
  const both = refused({ 'list.hdie': 'e', 'list.hide': 'x' });
  assert.match(both, /hdie/);
  assert.match(both, /list\.cancelRun and list\.hide/, 'every problem, not the first');
});

test('digits, Enter, Esc, Ctrl-C and Ctrl-Z keep their bindings and cannot be given to another action', () => {
  for (const key of ['Enter', 'Esc', 'Ctrl-C', 'Ctrl-Z', '5'])
    assert.match(refused({ 'list.hide': key }), /keeps its binding and cannot be given to another action/, key);
  assert.match(refused({ 'list.pickOption': 'a' }), /the digits keep their bindings/);
  // Rebinding an action that has one keeps it: q → Q still quits on Ctrl-C, Esc still backs out.
  assert.deepEqual(applied({ 'list.quit': 'Q' }).browse.quit, ['Q', 'ctrlC']);
  assert.deepEqual(applied({ 'request.back': 'h' }).answer.back, ['h', 'escape']);
  assert.deepEqual(applied({ 'list.quit': ['Q', 'Ctrl-C'] }).browse.quit, ['Q', 'ctrlC']);
});
