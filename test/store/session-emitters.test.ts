import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionEmitters, type EmitterSlot } from '../../src/store/session-emitters.js';
import type { AepEvent } from '../../src/protocol/types.js';

// Who spoke in a session since a request arrived (the ledger's route check).

const R = 'http://relay.test';
const A = 'aep://host-a/agent/deployer';
const B = 'aep://host-b/agent/deployer';
const ev = (source: string, type: string, id: string, session = 's1'): AepEvent => ({
  aep: '0.1',
  id,
  type,
  time: '2026-12-01T10:00:00Z',
  source,
  agent: 'deployer',
  session,
});

test('another emitter counts only when it spoke in the session after the request arrived; console commands never count', () => {
  const cases: { note: string; events: AepEvent[]; since: string[] }[] = [
    { note: 'alone in its session', events: [ev(A, 'attention.requested', 'REQ')], since: [] },
    {
      note: 'B spoke before the request only',
      events: [ev(B, 'tool.requested', 'b1'), ev(A, 'attention.requested', 'REQ')],
      since: [],
    },
    {
      note: 'B raised a request under the same id after it',
      events: [ev(A, 'attention.requested', 'REQ'), ev(B, 'attention.requested', 'REQ')],
      since: [B],
    },
    {
      note: 'B in another session',
      events: [ev(A, 'attention.requested', 'REQ'), ev(B, 'tool.requested', 'b1', 's2')],
      since: [],
    },
    {
      note: "a console's command and routing note",
      events: [
        ev(A, 'attention.requested', 'REQ'),
        ev(B, 'control.attention.respond', 'c1'),
        ev(B, 'attention.routed', 'r1'),
      ],
      since: [],
    },
    {
      note: 'B acknowledging a command is B speaking',
      events: [ev(A, 'attention.requested', 'REQ'), ev(B, 'control.accepted', 'k1')],
      since: [B],
    },
  ];
  for (const c of cases) {
    const emitters = new SessionEmitters();
    assert.deepEqual(emitters.othersSince(R, A, 's1', foldAll(emitters, c.events)), c.since, c.note);
  }
});

/**
 * Observes the Events as the store does: each after the fold, at the fold's
 * arrival clock, which a new request moves. Returns A's REQ's arrival.
 */
function foldAll(emitters: SessionEmitters, events: AepEvent[], kept?: EmitterSlot): number {
  let clock = 0;
  let arrival = 0;
  for (const e of events) {
    if (e.type === 'attention.requested') clock++;
    if (e.type === 'attention.requested' && e.source === A && e.id === 'REQ') arrival = clock;
    emitters.observe(R, e, clock, kept);
  }
  return arrival;
}

test("an emitter's entry kept by the caller is used until it is forgotten, then looked up again", () => {
  const emitters = new SessionEmitters();
  const kept: EmitterSlot = { emitter: undefined };
  emitters.observe(R, ev(B, 'tool.requested', 'b1'), 1, kept);
  const entry = kept.emitter;
  assert.ok(entry, 'the entry is kept');
  emitters.observe(R, ev(B, 'tool.requested', 'b2'), 2, kept);
  assert.equal(kept.emitter, entry, 'found through the kept entry');
  assert.deepEqual(emitters.othersSince(R, A, 's1', 2), [B]);
  // Sixteen other emitters in s1 push B out (the first seen there goes first).
  for (let i = 0; i < 16; i++) emitters.observe(R, ev(`aep://other-${i}/agent`, 'tool.requested', `o${i}`), 3);
  assert.equal(entry.forgotten, true);
  assert.ok(!emitters.othersEver(R, A, 's1').includes(B), 'B was forgotten');
  // B speaks again through its kept entry: it is in the session again, not written to the forgotten entry.
  emitters.observe(R, ev(B, 'tool.requested', 'b3'), 4, kept);
  assert.notEqual(kept.emitter, entry);
  assert.ok(emitters.othersSince(R, A, 's1', 4).includes(B));
});

test('sessions stay bounded; an entry kept for a forgotten session is not written to', () => {
  const emitters = new SessionEmitters();
  const kept: EmitterSlot = { emitter: undefined };
  emitters.observe(R, ev(B, 'tool.requested', 'b1'), 1, kept);
  emitters.observe(R, ev(A, 'attention.requested', 'REQ'), 2);
  assert.deepEqual(emitters.othersEver(R, A, 's1'), [B]);
  for (let i = 0; i < 6_000; i++) emitters.observe(R, ev(A, 'tool.requested', `t${i}`, `s-${i}`), 3);
  assert.ok(emitters.size.sessions <= 5_000, `${emitters.size.sessions} sessions held`);
  assert.equal(kept.emitter?.forgotten, true, 's1 went first');
  emitters.observe(R, ev(B, 'tool.requested', 'b2'), 4, kept);
  assert.deepEqual(emitters.othersSince(R, A, 's1', 2), [B], 'B counts again in s1');
});

test('the memory says unknown, never "nobody", for a span it forgot part of', () => {
  const C = 'aep://host-c/agent/deployer';
  type Case = { note: string; run: (m: SessionEmitters) => void; known: boolean; others?: string[] };
  // A's request arrives at clock 2 in s1 (B spoke at 1); each case then does something and asks from clock 2.
  const cases: Case[] = [
    { note: 'nothing forgotten', run: () => undefined, known: true, others: [] },
    {
      note: 'B spoke since: known, and said',
      run: (m) => m.observe(R, ev(B, 'tool.requested', 'b2'), 3),
      known: true,
      others: [B],
    },
    {
      note: 'the session forgotten whole (other sessions pushed it out)',
      run: (m) => {
        for (let i = 0; i < 5; i++) m.observe(R, ev(A, 'session.started', `x${i}`, `other-${i}`), 3);
      },
      known: false,
    },
    {
      note: 'forgotten, then A spoke again: remembered only from then on',
      run: (m) => {
        for (let i = 0; i < 5; i++) m.observe(R, ev(A, 'session.started', `x${i}`, `other-${i}`), 3);
        m.observe(R, ev(A, 'tool.requested', 'a2'), 4);
      },
      known: false,
    },
    {
      note: 'another emitter of the session forgotten after speaking since the request',
      run: (m) => {
        m.observe(R, ev(C, 'tool.requested', 'c1'), 3);
        for (let i = 0; i < 16; i++) m.observe(R, ev(`aep://other-${i}/agent`, 'tool.requested', `o${i}`), 1);
      },
      known: false,
    },
    {
      note: "a closed request of B's forgotten by the store (a twin cannot be told from it)",
      run: (m) => m.forgotRequest(R, 's1', B, 3),
      known: false,
    },
    { note: "one of A's own forgotten: no twin", run: (m) => m.forgotRequest(R, 's1', A, 3), known: true, others: [] },
    { note: 'the relay said the history is partly gone', run: (m) => m.lost(R, 's1', 3), known: false },
  ];
  for (const c of cases) {
    const m = new SessionEmitters(3);
    m.observe(R, ev(B, 'tool.requested', 'b1'), 1);
    m.observe(R, ev(A, 'attention.requested', 'REQ'), 2);
    c.run(m);
    const facts = m.memory(R, A, 's1', 2);
    assert.equal(facts.known, c.known, c.note);
    if (facts.known) assert.deepEqual(facts.others, c.others, c.note);
  }
});

test("a read's span: remembered from its start whole, until forgotten again", () => {
  const m = new SessionEmitters(2);
  m.observe(R, ev(A, 'attention.requested', 'REQ'), 1);
  for (let i = 0; i < 3; i++) m.observe(R, ev(A, 'session.started', `x${i}`, `other-${i}`), 2);
  assert.equal(m.memory(R, A, 's1', 1).known, false, 's1 was forgotten');
  m.remember(R, 's1', 5);
  assert.deepEqual(m.memory(R, A, 's1', 5, false), { known: true, others: [] }, 'whole from the read on');
  m.observe(R, ev(B, 'tool.requested', 'b9'), 6);
  assert.deepEqual(m.memory(R, A, 's1', 5, false), { known: true, others: [B] }, 'and B speaking after it is said');
  for (let i = 3; i < 6; i++) m.observe(R, ev(A, 'session.started', `x${i}`, `other-${i}`), 7);
  assert.equal(m.memory(R, A, 's1', 5, false).known, false, 'forgotten again');
});
