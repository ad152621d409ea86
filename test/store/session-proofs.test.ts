import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AepEvent } from '../../src/protocol/types.js';
import { provenFacts, sessionProof, SessionProofs } from '../../src/store/session-proofs.js';

// What an ended read of a session proves about a request in it (the gate's refusal 4 settled).

const A = 'aep://host-a/agent/codex';
const B = 'aep://host-b/agent/codex';
const ev = (source: string, type: string, id: string, fields: Partial<AepEvent> = {}): AepEvent => ({
  aep: '0.1',
  id,
  type,
  time: '2026-12-07T10:00:00Z',
  source,
  agent: 'codex',
  session: 's1',
  ...fields,
});

test('a read holding the request says who spoke after it and which twins it shows; one without it settles nothing', () => {
  const cases: { note: string; events: AepEvent[]; facts: ReturnType<typeof provenFacts> }[] = [
    { note: 'the request not in the read', events: [ev(B, 'tool.requested', 'b1')], facts: undefined },
    { note: 'alone', events: [ev(A, 'attention.requested', 'REQ')], facts: { others: [], twins: [] } },
    {
      note: 'B before the request only',
      events: [ev(B, 'tool.requested', 'b1'), ev(A, 'attention.requested', 'REQ')],
      facts: { others: [], twins: [] },
    },
    {
      note: 'B after it',
      events: [ev(A, 'attention.requested', 'REQ'), ev(B, 'tool.requested', 'b1')],
      facts: { others: [B], twins: [] },
    },
    {
      note: "a console's command and note are not B's agent",
      events: [
        ev(A, 'attention.requested', 'REQ'),
        ev(B, 'control.attention.respond', 'c1'),
        ev(B, 'attention.routed', 'r1'),
      ],
      facts: { others: [], twins: [] },
    },
    {
      note: 'an earlier twin, closed',
      events: [
        ev(B, 'attention.requested', 'REQ'),
        ev(B, 'attention.resolved', 'b2', { subject: 'REQ' }),
        ev(A, 'attention.requested', 'REQ'),
      ],
      facts: { others: [], twins: [{ source: B, open: false }] },
    },
    {
      note: 'an earlier twin, open',
      events: [ev(B, 'attention.requested', 'REQ'), ev(A, 'attention.requested', 'REQ')],
      facts: { others: [], twins: [{ source: B, open: true }] },
    },
    {
      note: 'Events of another session are not this one',
      events: [ev(A, 'attention.requested', 'REQ'), ev(B, 'tool.requested', 'b1', { session: 's2' })],
      facts: { others: [], twins: [] },
    },
  ];
  for (const c of cases) assert.deepEqual(provenFacts(sessionProof('s1', c.events, 0), A, 'REQ'), c.facts, c.note);
});

test('proofs are bounded: the oldest goes first', () => {
  const proofs = new SessionProofs();
  for (let i = 0; i < 300; i++) proofs.set('http://r', `s${i}`, sessionProof(`s${i}`, [], i));
  assert.equal(proofs.size, 256);
  assert.equal(proofs.get('http://r', 's0'), undefined);
  assert.equal(proofs.get('http://r', 's299')?.clock, 299);
});
