// The questions asked over the screen (help, quit, a batch's y/n, a cancel's
// y/n, A, d, a) are a stack over the place the keys are in: each takes every
// key while it is on top, and answering it goes back to exactly what was
// under it, whatever was opened before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawnAs } from '../support/drawn-as.js';
import { regionSentences } from '../../src/ui/screen-reader/regions.js';
import { permissionFrom } from '../support/ui-events.js';
import { keyConsole } from '../support/key-console.js';

const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the production database?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
  permissionFrom('charlie', 'sc', 'npm publish', { run: 'r3' }),
];

const kinds = (k: ReturnType<typeof keyConsole>) => k.model.inbox.modals.map((m) => m.kind);

test('a table of reads: the place and the questions left on the stack', () => {
  const cases: { note: string; reads: string[]; place: string; stack: string[]; sent?: number }[] = [
    { note: '? over the list', reads: ['?'], place: 'help', stack: ['help'] },
    { note: '? then a key closes help: the list', reads: ['?', 'x'], place: 'browse', stack: [] },
    {
      note: '? over an open request, closed: the request again',
      reads: ['\r', 'j', '?', 'z'],
      place: 'answer',
      stack: [],
    },
    { note: '? over a batch, closed: the batch again', reads: [' ', ' ', '\r', '?', 'z'], place: 'batch', stack: [] },
    {
      note: 'the batch question, then Esc: the batch, nothing sent',
      reads: [' ', ' ', '\r', '1', '\r', '\u001b'],
      place: 'batch',
      stack: [],
      sent: 0,
    },
    {
      note: 'the batch question, then y: the list, two sent',
      reads: [' ', ' ', '\r', '1', '\r', 'y'],
      place: 'browse',
      stack: [],
      sent: 2,
    },
    { note: 'x asks over the list; n keeps it running', reads: ['x', 'n'], place: 'browse', stack: [] },
    {
      note: 'x, Tab: the question stays, now with a reason typed',
      reads: ['x', '\t', 'oops'],
      place: 'confirm-control',
      stack: ['control'],
    },
    { note: 'd asks over the list; n keeps it', reads: ['d', 'n'], place: 'browse', stack: [] },
  ];
  for (const c of cases) {
    const k = keyConsole(fleet());
    k.read(...c.reads);
    assert.equal(drawnAs(k.model.inbox), c.place, c.note);
    assert.deepEqual(kinds(k), c.stack, c.note);
    if (c.sent !== undefined) assert.equal(k.sent().length, c.sent, c.note);
  }
});

test("Ctrl-C from help: the quit question takes help's place: saying no goes back to what help was over", () => {
  const k = keyConsole(fleet());
  // A draft makes q ask (it would be lost).
  // (The batch opens on its Reply row, where ? is text: the up arrow moves off it.)
  k.read('\r', 'j', 'j', 'u', 's', 'e', '\u001b', 'j', ' ', ' ', '\r', '\u001b[A', '?');
  assert.equal(drawnAs(k.model.inbox), 'help');
  k.read('\u0003');
  assert.deepEqual(kinds(k), ['quit'], 'Ctrl-C: help gave way to the question');
  k.read('n');
  assert.equal(drawnAs(k.model.inbox), 'batch', 'back in the batch help was over');
  assert.equal(k.quits(), 0);
});

test('help opened in a batch is not the batch once the batch is left (the screen reader reads the list)', () => {
  const k = keyConsole(fleet());
  k.read(' ', ' ', '\r', '?', 'z', '\u001b', '\u001b');
  assert.equal(drawnAs(k.model.inbox), 'browse');
  const sentences = regionSentences(k.model, 0).join(' ');
  assert.doesNotMatch(sentences, /marked requests|Batch/i, sentences);
  assert.match(sentences, /charlie asks permission/);
});
