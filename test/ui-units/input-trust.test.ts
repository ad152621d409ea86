import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KeyPress } from '../../src/ui/keys.js';
import { rebind } from '../../src/ui/key-table.js';
import { hintsFor } from '../../src/ui/key-rows.js';
import { draftFor } from '../../src/ui/inbox/state.js';
import { drawnAs } from '../support/drawn-as.js';
import { requested } from '../support/events.js';
import { permissionFrom } from '../support/ui-events.js';
import { PASTE, keyConsole } from '../support/key-console.js';

// Input you can trust, on the update alone (no React): bytes as a terminal
// sends them go through the decoder, every effect is performed the way the
// App performs it (sends reach the store, `then` dispatches the rest of a
// chunk), and each case says what was sent and where the keys left the model.

const console = keyConsole;

const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the production database?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
  permissionFrom('charlie', 'sc', 'npm publish', { run: 'r3' }),
];

test('pastes and chunks: a table of reads, what was sent, and where the keys left the console', () => {
  const cases: {
    note: string;
    reads: string[];
    sent: string[];
    mode: string;
    reply?: string;
    agent?: string;
    notice?: RegExp;
  }[] = [
    {
      note: 'a paste into Reply is text: its newline is a space, nothing sent, nothing after it runs',
      reads: ['\r', PASTE('use staging\nxy')],
      sent: [],
      mode: 'answer',
      reply: 'use staging xy',
    },
    {
      note: 'the same paste from a terminal without bracketed paste: a newline with more after it',
      reads: ['\r', 'use staging\rxy'],
      sent: [],
      mode: 'answer',
      reply: 'use staging xy',
    },
    {
      note: 'a paste holding keys and sequences is still only text',
      reads: ['\r', PASTE('a\u001b[Bb\u0003\rq\tz')],
      sent: [],
      mode: 'answer',
      reply: 'ab q z',
    },
    {
      note: 'a paste while browsing does nothing but say so',
      reads: [PASTE('1\rxy')],
      sent: [],
      mode: 'browse',
      agent: 'alpha',
      notice: /^Paste ignored: open a request first\.$/,
    },
    {
      note: 'a paste on an option row is not typed into Reply and sends nothing',
      reads: ['1', PASTE('allow\r')],
      sent: [],
      mode: 'answer',
      reply: '',
    },
    {
      note: '"1 oxy" in one read is what typing it is: open on option 1, then " oxy" into Reply',
      reads: ['1 oxy'],
      sent: [],
      mode: 'answer',
      reply: ' oxy',
    },
    {
      note: '"1ok" in one read opens the request and keeps the text',
      reads: ['1ok'],
      sent: [],
      mode: 'answer',
      reply: 'ok',
    },
    {
      note: 'a chunk that ends in its only newline acts as typed: the reply is sent',
      reads: ['\r', 'use staging\r'],
      sent: ['control.attention.respond {"text":"use staging"}'],
      mode: 'browse',
      agent: 'bravo',
    },
    {
      note: 'one send per read: keys after a send in the same read are dropped and counted, never an answer to the next request',
      reads: ['1\r1\r'],
      sent: ['control.attention.respond {"option":"allow"}'],
      mode: 'browse',
      agent: 'bravo',
      notice: /^Dropped 2 keys that came in the same read as the send/,
    },
    {
      note: 'typed fast: a send, then x in the same read: dropped, nothing asked',
      reads: ['2\rx'],
      sent: ['control.attention.respond {"option":"deny"}'],
      mode: 'browse',
      agent: 'bravo',
      notice: /^Dropped 1 key that came/,
    },
    {
      note: 'the same keys in reads of their own act: x on the next request asks',
      reads: ['2', '\r', 'x'],
      sent: ['control.attention.respond {"option":"deny"}'],
      mode: 'confirm-control',
      agent: 'bravo',
    },
  ];
  for (const c of cases) {
    const k = console(fleet());
    k.read(...c.reads);
    assert.deepEqual(k.sent(), c.sent, c.note);
    assert.equal(drawnAs(k.model.inbox), c.mode, c.note);
    if (c.reply !== undefined) assert.equal(k.reply(), c.reply, c.note);
    if (c.agent !== undefined) assert.equal(k.selectedAgent(), c.agent, c.note);
    if (c.notice) assert.match(k.model.inbox.notice ?? '', c.notice, c.note);
    assert.equal(k.quits(), 0, c.note);
  }
});

test('one request, "1\\r1\\r" in one read: the second Enter finds the answer in flight and sends nothing', () => {
  const k = console([permissionFrom('alpha', 'sa', 'Drop the production database?')]);
  k.read('1\r1\r');
  assert.deepEqual(k.sent(), ['control.attention.respond {"option":"allow"}']);
});

test('a chunk folds to exactly the model the same keys give one read at a time, where no key but the last sends', () => {
  const chunks = [
    '1 oxy',
    '1ok',
    'jj\r',
    'j2\r',
    '/br\r',
    'x\u001a',
    'q',
    '1\u007f\u007fno\u0015yes\r',
    ' j ',
    '\r2\r',
    '\r\t12\r',
  ];
  for (const chunk of chunks) {
    const together = console(fleet());
    together.read(chunk);
    const apart = console(fleet());
    apart.read(...[...chunk]);
    assert.deepEqual(together.sent(), apart.sent(), JSON.stringify(chunk));
    assert.equal(drawnAs(together.model.inbox), drawnAs(apart.model.inbox), JSON.stringify(chunk));
    assert.equal(together.reply(), apart.reply(), JSON.stringify(chunk));
    assert.equal(together.selectedAgent(), apart.selectedAgent(), JSON.stringify(chunk));
    assert.equal(together.quits(), apart.quits(), JSON.stringify(chunk));
  }
});

test('text rows take a paste: a form text field, the filter, a cancel reason; none of them moves on', () => {
  const form = requested(
    {
      kind: 'form',
      prompt: 'Deploy where?',
      fields: [
        { id: 'service', type: 'string', label: 'Service', required: true },
        { id: 'ok', type: 'boolean', label: 'Sure' },
      ],
      respond_via: ['control'],
    },
    { agent: 'delta', session: 'sd', source: 'aep://host-a/agent/delta' },
  );
  const k = console([form]);
  k.read('\r', PASTE('billing\napi'));
  assert.equal(drawnAs(k.model.inbox), 'answer');
  const record = k.store.request(k.model.inbox.openKey!)!;
  const draft = draftFor(k.model.inbox, record).form!;
  assert.equal(draft.active, 0, 'the paste did not confirm the field');
  assert.equal(draft.fields.service?.text.value, 'billing api');
  // Unmarked, on a console that has seen no marked paste (one that has, guesses no more).
  const u = console([form]);
  u.read('\r', 'billing\rapi');
  assert.equal(
    draftFor(u.model.inbox, u.store.request(u.model.inbox.openKey!)!).form!.active,
    0,
    'nor did the unbracketed one',
  );

  const f = console(fleet());
  f.read('/', PASTE('brav\no'));
  assert.equal(drawnAs(f.model.inbox), 'filter');
  assert.equal(f.model.inbox.filter, 'brav o');

  const c = console(fleet());
  c.read('x', '\t', PASTE('wrong\rbranch'));
  assert.equal(drawnAs(c.model.inbox), 'confirm-control');
  assert.equal(
    (c.model.inbox.modals.at(-1) as { reason?: { value: string } } | undefined)?.reason?.value,
    'wrong branch',
  );
  assert.deepEqual(c.sent(), [], 'the paste did not send the cancel');
  c.read('\r');
  assert.deepEqual(c.sent(), ['control.cancel "run"']);
});

test('the key table is the only binding: rebinding an action changes what the keys do, and what the footer says', () => {
  const restore = [
    rebind('browse', 'down', ['n', 'down']),
    rebind('answer', 'back', ['ctrlA']),
    rebind('edit', 'backspace', ['ctrlL']),
    rebind('answer', 'send', ['tab']),
  ];
  try {
    const k = console(fleet());
    k.read('j');
    assert.equal(k.selectedAgent(), 'alpha', 'j is no longer bound');
    k.read('n');
    assert.equal(k.selectedAgent(), 'bravo', 'n moves down now');
    assert.match(hintsFor('browse'), /^n\/k move/);
    k.read('\r', 'oky');
    assert.equal(k.reply(), 'oky');
    k.read('\u007f');
    assert.equal(k.reply(), 'oky', 'Backspace is no longer bound in the editor');
    k.read('\u000c');
    assert.equal(k.reply(), 'ok', 'Ctrl-L erases now');
    k.read('\r');
    assert.deepEqual(k.sent(), [], 'Enter no longer sends');
    k.read('\u001b');
    assert.equal(drawnAs(k.model.inbox), 'answer', 'Esc no longer goes back');
    assert.match(hintsFor('answer'), /Ctrl-A back/);
    k.read('\t');
    assert.deepEqual(k.sent(), ['control.attention.respond {"text":"ok"}'], 'Tab sends now');
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  const k = console(fleet());
  k.read('j');
  assert.equal(k.selectedAgent(), 'bravo', 'the default table is back');
});

test('a paste is never a key: no binding matches it, even a one-character paste of a bound key', () => {
  const k = console(fleet());
  for (const key of ['q', 'x', '*', '\r', 'j', '?']) k.read(PASTE(key));
  assert.equal(k.quits(), 0);
  assert.equal(drawnAs(k.model.inbox), 'browse');
  assert.equal(k.selectedAgent(), 'alpha');
  assert.equal(k.model.inbox.tagged.size, 0);
  const press: KeyPress = { name: 'paste', text: 'q' };
  assert.equal(press.name, 'paste');
});
