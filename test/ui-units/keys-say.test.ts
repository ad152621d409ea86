import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requested } from '../support/events.js';
import { permissionFrom } from '../support/ui-events.js';
import { PASTE, keyConsole } from '../support/key-console.js';
import type { AepEvent } from '../../src/protocol/types.js';
import type { UiConfig } from '../../src/ui/model.js';
import { drawnAs } from '../support/drawn-as.js';

// Keys that do what the screen says: a
// digit picks the option it names wherever one is numbered on screen, and is
// text only where none is, once Reply holds text, or after Tab; Enter is
// Enter where the terminal marks pastes; one send per read. Each case is
// reads of the terminal on the update alone, and what went on the wire.

const ESC = '\u001b';
const DOWN = '\u001b[B';

const question = (agent: string, prompt: string): AepEvent =>
  requested(
    { kind: 'question', prompt, options: [], respond_via: ['control'] },
    { agent, session: `s-${agent}`, source: `aep://host-a/agent/${agent}` },
  );

/** A permission with options of its own (ids and labels alike). */
const permissionWith = (agent: string, ids: string[]): AepEvent =>
  permissionFrom(agent, `s-${agent}`, `${agent} wants to run a tool`, {
    data: {
      kind: 'permission',
      prompt: `${agent} wants to run a tool`,
      options: ids.map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1) })),
      respond_via: ['control'],
    },
  });

const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the table?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
  permissionFrom('charlie', 'sc', 'npm publish', { run: 'r3' }),
];
const respond = (answer: unknown) => `control.attention.respond ${JSON.stringify(answer)}`;
const MARKED: Partial<UiConfig> = { pastesMarked: true };

interface Case {
  note: string;
  events?: AepEvent[];
  config?: Partial<UiConfig>;
  reads: string[];
  sent: string[];
  mode?: string;
  reply?: string;
  highlight?: number;
  agent?: string;
  notice?: RegExp;
}

const CASES: Case[] = [
  // A digit picks the option it names.
  {
    note: 'open request (Enter), 2, Enter: option 2 (Deny), never the text "2"',
    reads: ['\r', '2', '\r'],
    sent: [respond({ option: 'deny' })],
    mode: 'browse',
    agent: 'bravo',
  },
  {
    note: 'a digit on the empty Reply row moves the highlight to that option; nothing is typed or sent',
    reads: ['\r', '2'],
    sent: [],
    mode: 'answer',
    highlight: 1,
    reply: '',
  },
  {
    note: 'the digit and Enter in one read: the same option',
    reads: ['\r', '2\r'],
    sent: [respond({ option: 'deny' })],
    mode: 'browse',
  },
  {
    note: 'from the list a digit opens on that option; Enter sends it',
    reads: ['2', '\r'],
    sent: [respond({ option: 'deny' })],
  },
  {
    note: 'a digit past the options is text (this request has no option 3)',
    reads: ['\r', '3'],
    sent: [],
    mode: 'answer',
    highlight: 2,
    reply: '3',
  },
  {
    note: 'once Reply holds text, digits are text',
    reads: ['\r', 'o', 'k', '2', '\r'],
    sent: [respond({ text: 'ok2' })],
  },
  {
    note: 'a question without options: digits are the reply',
    events: [question('delta', 'Which port?')],
    reads: ['\r', '8', '0', '8', '0', '\r'],
    sent: [respond({ text: '8080' })],
  },
  {
    note: 'the same typed in one read',
    events: [question('delta', 'Which port?')],
    reads: ['\r', '8080\r'],
    sent: [respond({ text: '8080' })],
  },
  {
    note: 'Tab on the Reply row: digits are text',
    reads: ['\r', '\t', '1', '2', '\r'],
    sent: [respond({ text: '12' })],
  },
  { note: 'Tab, then the digits and Enter in one read', reads: ['\r', '\t12\r'], sent: [respond({ text: '12' })] },
  { note: 'Tab on an option row goes to Reply, typing', reads: ['1', '\t', '1', '\r'], sent: [respond({ text: '1' })] },
  {
    note: 'Esc ends Tab: opened again, a digit picks',
    reads: ['\r', '\t', ESC, '\r', '2'],
    sent: [],
    mode: 'answer',
    highlight: 1,
    reply: '',
  },
  {
    note: 'a move off the Reply row ends Tab: back on it, a digit picks',
    reads: ['\r', '\t', '\u001b[A', DOWN, '1', '\r'],
    sent: [respond({ option: 'allow' })],
  },
  // Batches: the shared options numbered on screen, each command their id.
  {
    note: 'a batch: mark two, Enter, 1, Enter, y: both get option 1 (Allow), not the text "1"',
    reads: [' ', ' ', '\r', '1', '\r', 'y'],
    sent: [respond({ option: 'allow' }), respond({ option: 'allow' })],
    mode: 'browse',
  },
  {
    note: 'a batch opened with a digit from the list',
    reads: [' ', ' ', '2', '\r', 'y'],
    sent: [respond({ option: 'deny' }), respond({ option: 'deny' })],
  },
  {
    note: 'a batch whose requests share no option 2: the digit is refused with words, nothing typed',
    events: [permissionWith('alpha', ['allow', 'deny']), permissionWith('bravo', ['allow', 'skip'])],
    reads: [' ', ' ', '\r', '2'],
    sent: [],
    mode: 'batch',
    notice: /^No option 2 is common to the marked requests \(they share 1\)/,
  },
  {
    note: 'the same batch: its one shared option by digit',
    events: [permissionWith('alpha', ['allow', 'deny']), permissionWith('bravo', ['allow', 'skip'])],
    reads: [' ', ' ', '\r', '1', '\r', 'y'],
    sent: [respond({ option: 'allow' }), respond({ option: 'allow' })],
  },
  {
    note: 'a batch with Tab: the digit is the text',
    reads: [' ', ' ', '\r', '\t', '2', '\r', 'y'],
    sent: [respond({ text: '2' }), respond({ text: '2' })],
  },
  {
    note: 'a batch of questions (no shared option): a digit is refused; after Tab it is text',
    events: [question('delta', 'Port?'), question('echo', 'Port?')],
    reads: [' ', ' ', '\r', '8', '\t', '8', '0', '\r', 'y'],
    sent: [respond({ text: '80' }), respond({ text: '80' })],
  },
  // Enter is Enter where the terminal marks pastes.
  {
    note: 'TERM marks pastes: ok, then Enter and j in one read: "ok" is sent, j dropped and counted',
    config: MARKED,
    reads: ['\r', 'ok', '\rj'],
    sent: [respond({ text: 'ok' })],
    mode: 'browse',
    agent: 'bravo',
    notice: /^Dropped 1 key that came in the same read as the send/,
  },
  {
    note: 'TERM marks pastes: "ok⏎j" in one read, the same',
    config: MARKED,
    reads: ['\r', 'ok\rj'],
    sent: [respond({ text: 'ok' })],
    mode: 'browse',
    agent: 'bravo',
  },
  {
    note: 'TERM unknown, no marked paste yet: "⏎j" after ok is taken for a paste (the old guess)',
    reads: ['\r', 'ok', '\rj'],
    sent: [],
    mode: 'answer',
    reply: 'ok j',
  },
  {
    note: 'TERM unknown: "ok⏎2⏎" in one read is a paste: text, nothing sent',
    reads: ['\r', 'ok\r2\r'],
    sent: [],
    mode: 'answer',
    reply: 'ok 2 ',
  },
  {
    note: 'TERM unknown, but a marked paste arrived: no more guessing; "ok⏎2⏎" sends "ok" once, the 2 and Enter dropped (never Deny to the next request)',
    reads: ['\r', PASTE('x'), '\u007f', 'ok\r2\r'],
    sent: [respond({ text: 'ok' })],
    mode: 'browse',
    agent: 'bravo',
    notice: /^Dropped 2 keys/,
  },
  {
    note: 'TERM marks pastes: "ok⏎2⏎" sends "ok" once',
    config: MARKED,
    reads: ['\r', 'ok\r2\r'],
    sent: [respond({ text: 'ok' })],
    notice: /^Dropped 2 keys/,
  },
  {
    note: 'a marked paste of "ok⏎2⏎" is text, never sent',
    config: MARKED,
    reads: ['\r', PASTE('ok\r2\r')],
    sent: [],
    mode: 'answer',
    reply: 'ok 2 ',
  },
  // One send per read, whatever the key that sent.
  {
    note: 'an arrow in the same read as the Enter that sent is dropped too (Ink hands it over on its own)',
    reads: ['1', `\r${DOWN}`],
    sent: [respond({ option: 'allow' })],
    agent: 'bravo',
    notice: /^Dropped 1 key/,
  },
  {
    note: 'a batch y with a key after it in the read',
    reads: [' ', ' ', '\r', '1', '\r', 'yj'],
    sent: [respond({ option: 'allow' }), respond({ option: 'allow' })],
    notice: /^Sent "Allow" to 2 requests\. Dropped 1 key/,
  },
  {
    note: 'a cancel confirmed with y and more keys in the read',
    reads: ['x', 'y2\r'],
    sent: ['control.cancel "run"'],
    mode: 'browse',
    notice: /Dropped 2 keys/,
  },
  {
    note: 'keys in reads of their own after a send act as ever',
    reads: ['1', '\r', '2', '\r'],
    sent: [respond({ option: 'allow' }), respond({ option: 'deny' })],
    agent: 'charlie',
  },
];

test('keys do what the screen says: digits, Tab, Enter and one send per read, read by read', () => {
  for (const c of CASES) {
    const k = keyConsole(c.events ?? fleet(), c.config);
    k.read(...c.reads);
    assert.deepEqual(k.sent(), c.sent, c.note);
    if (c.mode !== undefined) assert.equal(drawnAs(k.model.inbox), c.mode, c.note);
    if (c.reply !== undefined) assert.equal(k.reply(), c.reply, c.note);
    if (c.highlight !== undefined) assert.equal(k.highlight(), c.highlight, c.note);
    if (c.agent !== undefined) assert.equal(k.selectedAgent(), c.agent, c.note);
    if (c.notice) assert.match(k.model.inbox.notice ?? '', c.notice, c.note);
    if (c.mode === 'batch') assert.equal(k.model.inbox.batch.reply.value, '', `${c.note}: nothing typed`);
  }
});

test('a sent batch records each request its own command with the shared option id', () => {
  const k = keyConsole(fleet());
  k.read(' ', ' ', '\r', '1', '\r', 'y');
  assert.equal(new Set(k.client.sent.map((e) => e.subject)).size, 2, 'two requests, one command each');
  assert.equal(new Set(k.client.sent.map((e) => e.id)).size, 2, 'each command its own id');
  assert.ok(
    k.client.sent.every((e) => JSON.stringify((e.data as { answer: unknown }).answer) === '{"option":"allow"}'),
  );
});
