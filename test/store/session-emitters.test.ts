import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionEmitters } from '../../src/store/session-emitters.js';
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
    for (const e of c.events) emitters.observe(R, e);
    assert.deepEqual(emitters.othersSince(R, A, 's1', 'REQ'), c.since, c.note);
  }
});

test('a request whose arrival was forgotten counts every other emitter ever seen there (fails closed); sessions stay bounded', () => {
  const emitters = new SessionEmitters();
  emitters.observe(R, ev(B, 'tool.requested', 'b1'));
  emitters.observe(R, ev(A, 'attention.requested', 'REQ'));
  for (let i = 0; i < 300; i++) emitters.observe(R, ev(A, 'attention.requested', `more-${i}`));
  assert.deepEqual(emitters.othersSince(R, A, 's1', 'REQ'), [B], 'REQ forgotten: B counts');
  assert.deepEqual(emitters.othersEver(R, A, 's1'), [B]);
  for (let i = 0; i < 6_000; i++) emitters.observe(R, ev(A, 'tool.requested', `t${i}`, `s-${i}`));
  assert.ok(emitters.size.sessions <= 5_000, `${emitters.size.sessions} sessions held`);
});
