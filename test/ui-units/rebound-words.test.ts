import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyConsole, RELAY } from '../support/key-console.js';
import { permissionFrom } from '../support/ui-events.js';
import { requested } from '../support/events.js';
import { rebind, type ActionOf, type KeySpec, type Scope } from '../../src/ui/key-table.js';
import { view, bodyRows } from '../../src/ui/view.js';
import { promptSentence, regionSentences } from '../../src/ui/screen-reader/regions.js';
import { keyRows } from '../../src/ui/key-rows.js';
import { helpText } from '../../src/cli/help.js';
import { withKeys } from '../../src/ui/key-labels.js';
import type { Line } from '../../src/ui/text/line.js';
import type { AepEvent, RosterEntry } from '../../src/protocol/types.js';

// A rebinding changes every sentence that names the key: the screen (list,
// detail, form, questions, notices), the screen reader, the `?` help rows
// and --help; the old key's phrase is gone. (The footer's hints, help and
// the key table are the lead's part of issue 68: they are checked there.)

const text = (row: Line) => row.map((segment) => segment.text).join('');

/** Binds each action to its keys for one test; the old keys come back after it. */
function rebound(t: { after: (fn: () => void) => void }, table: [Scope, string, KeySpec[]][]): void {
  const undo = table.map(([scope, action, keys]) => rebind(scope, action as ActionOf<typeof scope>, keys));
  // Each undo puts back the table it found: the last one first.
  t.after(() => undo.reverse().forEach((put) => put()));
}

const fleet = (): AepEvent[] => [
  permissionFrom('alpha', 'sa', 'Drop the table?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
];
const ROSTER: RosterEntry[] = ['alpha', 'bravo'].map((agent) => ({
  session: `s${agent[0]}`,
  agent,
  control: { accepts: ['control.attention.respond', 'control.cancel', 'control.pause', 'control.resume'] },
}));

/** Everything the console says now: the whole screen, the notice and hint, and the screen reader's words. */
function said(h: ReturnType<typeof keyConsole>): string {
  const frame = view(h.model);
  const screen = [...frame.status, ...bodyRows(frame), frame.footer].map(text).join('\n');
  return [
    screen,
    h.model.inbox.notice ?? '',
    h.model.inbox.hint ?? '',
    promptSentence(h.model),
    ...regionSentences(h.model, h.model.now),
  ].join('\n');
}

function console140(events = fleet()) {
  const h = keyConsole(events, {}, { size: { columns: 140, rows: 40 } });
  h.store.setRoster(RELAY, ROSTER);
  h.read();
  return h;
}

test('with the default keys the sentences name them as before (the placeholders are filled, none left)', () => {
  const h = console140();
  h.read('d');
  assert.match(said(h), /Hide this request from this console\? y hides/);
  h.read('y');
  assert.match(said(h), /Hidden from this console .*; Z undoes\./);
  assert.doesNotMatch(said(h), /\{\w+(\.\w+)?\}/);
});

test('rebound hide, undo and its question: the question, the notice and the Snoozed header name the new keys', (t) => {
  rebound(t, [
    ['browse', 'hide', ['e']],
    ['browse', 'undo', ['U']],
    ['hidePrompt', 'confirm', ['h']],
  ]);
  const h = console140();
  h.read('d');
  assert.doesNotMatch(said(h), /Hide this request/, 'd is no longer hide');
  h.read('e');
  assert.match(said(h), /Hide this request from this console\? h hides/);
  assert.doesNotMatch(said(h), /\by hides/);
  h.read('h');
  assert.match(said(h), /; U undoes\./);
  assert.doesNotMatch(said(h), /Z undoes/);
  h.read('z');
  const snoozed = said(h);
  assert.match(snoozed, /Snoozed for 10 minutes .*; U undoes\./);
  assert.match(snoozed, /Snoozed \(1\) · back when the time is up or it changes · U undoes/);
  assert.doesNotMatch(snoozed, /Z undoes/);
});

test("rebound cancel question: x asks with the control question's own keys, and they answer it", (t) => {
  rebound(t, [
    ['control', 'confirm', ['o']],
    ['control', 'back', ['b', 'escape']],
  ]);
  const h = console140();
  h.read('x');
  assert.match(said(h), /Cancel run r1 of alpha \(session sa\)\? o\/b/);
  assert.doesNotMatch(said(h), /\? y\/n/);
  // The footer's words for this question are the lead's (footer-view.ts); its hint row is rendered here.
  assert.ok(keyRows().some((row) => row.scope === 'control' && row.hint === 'b/Esc keep running'));
  h.read('o');
  assert.equal(h.client.controls.length, 1, 'o sent the cancel');
});

test('rebound copy key: the detail says which key copies the id, in the list and in the open request', (t) => {
  rebound(t, [
    ['browse', 'copyId', ['c']],
    ['answer', 'copyId', ['C']],
  ]);
  const h = console140();
  assert.match(said(h), / · c copies/);
  assert.doesNotMatch(said(h), /y copies/);
  h.read('\r');
  assert.match(said(h), / · C copies/);
});

test('rebound resend: the detail, the row and the screen reader name R after an ack timeout', (t) => {
  rebound(t, [['locked', 'resend', ['R']]]);
  const h = console140();
  h.read('\r', '1', '\r');
  const id = h.client.sent[0]?.id;
  assert.ok(id, 'the answer was sent');
  h.store.commandSettled(id, { state: 'timeout' });
  h.read('k', '\r');
  const words = said(h);
  assert.match(words, /press R to resend the same/);
  assert.match(words, /got no acknowledgement; R sends it again\./);
  assert.match(words, /no ack \(R\)/);
  assert.doesNotMatch(words, /press r to|\br sends it again|no ack \(r\)/);
});

test("rebound Reply's typing key: the screen reader and a batch's refusal name it", (t) => {
  rebound(t, [
    ['answer', 'typeText', ['ctrlT']],
    ['batch', 'typeText', ['ctrlT']],
  ]);
  const h = console140();
  h.read('\r');
  const words = said(h);
  assert.match(words, /Ctrl-T first makes digits text too/);
  assert.doesNotMatch(words, /Tab first/);
});

test('rebound form keys: the boolean field and Submit rows say the new keys', (t) => {
  rebound(t, [
    ['form', 'toggle', ['x']],
    ['form', 'setYes', ['+']],
    ['form', 'setNo', ['-']],
    ['form', 'next', ['ctrlE']],
  ]);
  const form = requested(
    {
      kind: 'form',
      prompt: 'Configure the deploy',
      fields: [{ id: 'staged', type: 'boolean', label: 'Staged rollout' }],
      respond_via: ['control'],
    },
    { agent: 'echo', session: 's-echo', source: 'aep://host-a/agent/echo' },
  );
  const h = console140([form]);
  h.read('\r');
  const words = said(h);
  assert.match(words, /x toggles · \+\/- set/);
  assert.match(words, /Tab\/Shift-Tab move · Ctrl-E confirms a field/);
  assert.doesNotMatch(words, /Space toggles|y\/n set|Enter confirms/);
});

test('the help rows and --help name the keys as rebound', (t) => {
  rebound(t, [
    ['timeline', 'back', ['B']],
    ['history', 'back', ['L']],
    ['control', 'confirm', ['o']],
    ['browse', 'auto', ['W']],
    ['browse', 'history', ['Y']],
    ['browse', 'quit', ['Q']],
  ]);
  const rows = keyRows().map((row) => `${row.keys} | ${row.does}`);
  assert.ok(rows.some((row) => row.includes('caused it (B back)')));
  assert.ok(rows.some((row) => row.includes('with its outcome (L back)')));
  assert.ok(rows.some((row) => row.includes('(control.cancel), after o/n')));
  assert.ok(!rows.some((row) => row.includes('(Esc back)') || row.includes('(control.cancel), after y/n')));
  const help = helpText();
  assert.match(help, /let the rules answer \(W in the console toggles it\)/);
  assert.match(help, /Y decision history/);
  assert.match(help, /Q quit/);
  assert.doesNotMatch(help, /H decision history|\bq quit|\(A in the console/);
});

test('withKeys: a place of its own or another, the n-th key, all keys with the other case left out; unknown braces stay', (t) => {
  assert.equal(withKeys('control', '{confirm}/{back/}'), 'y/n/Esc');
  assert.equal(withKeys('browse', '{up:2} {answer.send} {nothing} {locked.nope}'), '↑ Enter {nothing} {locked.nope}');
  rebound(t, [['browse', 'up', ['w']]]);
  assert.equal(withKeys('browse', '{up:2}'), 'w', 'fewer keys than asked: the last');
});
