// The console's own commands are bounded: past MAX_COMMANDS_REMEMBERED the
// oldest settled ones are forgotten, and so are the lists that filed them.
// Session-level commands (cancel, pause, resume) are filed per emitter session
// (relay, source, session); forgetting one once looked it up by (relay,
// session) and so never found it: 3,000 session lists stayed after 1,200
// commands were pruned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { MAX_COMMANDS_REMEMBERED, OwnCommands } from '../../src/store/own-commands.js';
import { requestKey } from '../../src/store/types.js';

const R = 'http://relay.test';
const CONSOLE = 'aep://ops/agent/aep-console';

function command(type: string, id: string, session: string): AepEvent {
  return {
    aep: '0.1',
    id,
    type,
    time: '2026-07-03T10:00:00Z',
    source: CONSOLE,
    agent: 'aep-console',
    session,
    data: {},
  } as AepEvent;
}

test('pruned session-level commands leave no session lists behind', () => {
  const own = new OwnCommands();
  const total = MAX_COMMANDS_REMEMBERED + 1_000;
  const sessionOf = (i: number) => `s${i}`;
  for (let i = 0; i < total; i++) {
    const session = sessionOf(i);
    const source = `aep://h${i % 3}/agent/a/session/${session}`;
    const type = i % 2 ? 'control.pause' : 'control.cancel';
    own.create(R, requestKey(R, session, source, `q${i}`), source, command(type, `c${i}`, session), {}, 10_000, i);
    own.settled(`c${i}`, { state: 'accepted' }, i);
    own.prune(() => false);
  }
  assert.ok(own.size < total, `pruned (${own.size} of ${total} held)`);
  assert.ok(own.size <= MAX_COMMANDS_REMEMBERED + 200);
  // One command per session here: a list per command still held, none for the forgotten.
  assert.deepEqual(own.indexSizes, { requests: 0, sessions: own.size });
  for (let i = 0; i < total; i++) {
    const session = sessionOf(i);
    const held = own.get(`c${i}`) !== undefined;
    assert.equal(own.forSession(R, `aep://h${i % 3}/agent/a/session/${session}`, session).length, held ? 1 : 0);
  }
});

test('pruned answers leave no request lists behind, and a session keeps its newest commands', () => {
  const own = new OwnCommands();
  const source = 'aep://h/agent/a/session/s';
  for (let i = 0; i < MAX_COMMANDS_REMEMBERED + 500; i++) {
    const kind = i % 4 === 0 ? 'control.resume' : 'control.attention.respond';
    own.create(R, requestKey(R, 's', source, `q${i}`), source, command(kind, `c${i}`, 's'), {}, 10_000, i);
    own.settled(`c${i}`, { state: 'accepted' }, i);
    own.prune(() => false);
  }
  const held = Array.from({ length: MAX_COMMANDS_REMEMBERED + 500 }, (_, i) => own.get(`c${i}`)).filter(
    (c) => c !== undefined,
  );
  const answers = held.filter((c) => c.event.type === 'control.attention.respond');
  assert.equal(own.indexSizes.requests, answers.length, 'one list per answer still held');
  assert.equal(own.indexSizes.sessions, 1);
  const listed = own.forSession(R, source, 's');
  assert.ok(listed.length > 0 && listed.length <= 20);
  assert.ok(listed.every((c) => own.get(c.id) !== undefined && c.event.type === 'control.resume'));
});
