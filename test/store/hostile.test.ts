// Review findings: hostile or colliding emitters must not change someone
// else's request, crash a renderer, or grow memory without bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { subjectKey } from '../../src/store/identity.js';
import { ConsoleStore } from '../../src/store/store.js';
import { describeOutcome } from '../../src/ui/words/outcome.js';

const R = 'http://relay.test';
const SRC = 'aep://host-a/agent/a/session/S';
const base = { aep: '0.1', time: '2026-07-03T10:00:00Z', source: SRC, agent: 'a', session: 'S' };
const ev = (p: Partial<AepEvent> & { id: string; type: string }): AepEvent => ({ ...base, ...p }) as AepEvent;
const req = (id: string, seq: number, extra: Partial<AepEvent> = {}) =>
  ev({
    id,
    type: 'attention.requested',
    seq,
    data: { kind: 'input', prompt: 'q', options: [{ id: 'x', label: 'X' }] },
    ...extra,
  });

test('deeply nested answer values never crash the outcome text', () => {
  const store = new ConsoleStore();
  store.applyEvent(R, req('q1', 0));
  let deep: unknown = 'x';
  for (let i = 0; i < 6000; i++) deep = [deep];
  store.applyEvent(
    R,
    ev({
      id: 'a1',
      type: 'attention.answered',
      seq: 1,
      subject: 'q1',
      data: { answer: { values: { f: deep, g: { o: 1 } } } },
    }),
  );
  const record = store.allRequests()[0];
  assert.deepEqual(record.answered?.answer.values, { f: '(unsupported value)', g: '(unsupported value)' });
  assert.doesNotThrow(() => describeOutcome(record));
});

test('a session resumed under a new epoch is not stale', () => {
  const store = new ConsoleStore();
  store.applyEvent(R, ev({ id: 'e0', type: 'session.ended', seq: 9, epoch: 0 }));
  store.applyEvent(R, ev({ id: 's1', type: 'session.started', seq: 0, epoch: 1 }));
  store.applyEvent(R, req('q-new', 1, { epoch: 1 }));
  assert.equal(store.allRequests()[0].state, 'pending');
});

test('a request replayed from before its session ended arrives stale', () => {
  const store = new ConsoleStore();
  store.applyEvent(R, ev({ id: 'e0', type: 'session.ended', seq: 9, epoch: 0 }));
  store.applyEvent(R, req('q-old', 4, { epoch: 0 }));
  assert.equal(store.allRequests()[0].state, 'stale');
});

test('another emitter sharing the session name cannot resolve, time out or end the request', () => {
  const store = new ConsoleStore();
  store.applyEvent(R, req('1', 0));
  const other = { source: 'aep://evil/agent/b/session/S', agent: 'a' };
  assert.equal(
    store.applyEvent(
      R,
      ev({ id: 'x1', type: 'attention.resolved', seq: 5, subject: '1', data: { resolution: 'answered' }, ...other }),
    ),
    'ignored',
  );
  store.applyEvent(R, ev({ id: 'x2', type: 'attention.timeout', seq: 6, subject: '1', ...other }));
  store.applyEvent(R, ev({ id: 'x3', type: 'session.ended', seq: 7, ...other }));
  assert.equal(store.allRequests()[0].state, 'pending');
  store.applyEvent(R, ev({ id: 'ok', type: 'attention.timeout', seq: 1, subject: '1', data: { after_ms: 5 } }));
  assert.equal(store.allRequests()[0].state, 'timeout');
});

test('an ack from another emitter does not mark a seen command acknowledged', () => {
  const store = new ConsoleStore();
  store.applyEvent(R, req('1', 0));
  store.applyEvent(
    R,
    ev({
      id: 'C1',
      type: 'control.attention.respond',
      subject: '1',
      source: 'aep://c/agent/console',
      agent: 'console',
      data: { answer: { option: 'x' } },
    }),
  );
  store.applyEvent(R, ev({ id: 'fake', type: 'control.accepted', seq: 3, cause: 'C1', source: 'aep://evil/agent/b' }));
  assert.equal(store.allRequests()[0].commands[0].ack, undefined);
  store.applyEvent(R, ev({ id: 'real', type: 'control.rejected', seq: 1, cause: 'C1', data: { reason: 'invalid' } }));
  assert.deepEqual(store.allRequests()[0].commands[0].ack, { accepted: false, reason: 'invalid', detail: undefined });
});

test('an answer arriving after the session ended does not reopen a stale request, and open requests are never pruned', () => {
  const store = new ConsoleStore({ terminalCap: 1 });
  store.applyEvent(
    R,
    ev({ id: 'ans', type: 'attention.answered', seq: 2, subject: 'q1', data: { answer: { option: 'x' } } }),
  );
  store.applyEvent(R, ev({ id: 'end', type: 'session.ended', seq: 3 }));
  store.applyEvent(R, req('q1', 1));
  assert.equal(store.allRequests()[0].state, 'stale');
  store.applyEvent(R, req('p', 0, { session: 'T', source: 'aep://h/agent/a/session/T' }));
  for (let i = 0; i < 3; i++) {
    store.applyEvent(R, req(`t${i}`, 1 + i, { session: 'U', source: 'aep://h/agent/a/session/U' }));
    store.applyEvent(
      R,
      ev({
        id: `to${i}`,
        type: 'attention.timeout',
        seq: 10 + i,
        subject: `t${i}`,
        session: 'U',
        source: 'aep://h/agent/a/session/U',
      }),
    );
  }
  assert.ok(store.allRequests().some((r) => r.id === 'p' && r.state === 'pending'));
});

test('hostile roster ack windows are ignored', () => {
  const store = new ConsoleStore();
  for (const ms of [1e12, 0.001, -5, Number.NaN]) {
    store.setRoster(R, [{ session: 'S', control: { ack_window_ms: ms } }]);
    assert.equal(store.ackWindowMs(R, 'S'), undefined, String(ms));
  }
  store.setRoster(R, [{ session: 'S', control: { ack_window_ms: 4000 } }]);
  assert.equal(store.ackWindowMs(R, 'S'), 4000);
});

test('held events keep only what applying them needs', () => {
  const store = new ConsoleStore();
  const big = 'x'.repeat(100_000);
  store.applyEvent(R, ev({ id: 'r1', type: 'attention.routed', subject: 'later', data: { to: 'ops', junk: big } }));
  store.applyEvent(
    R,
    ev({
      id: 'a1',
      type: 'attention.answered',
      seq: 2,
      subject: 'later',
      data: { answer: { option: 'x', junk: big }, by: 'op', junk: big },
    }),
  );
  const held = (store as unknown as { fold: { held: { groups: Map<string, unknown> } } }).fold.held.groups;
  const heldSize = JSON.stringify(held.get(subjectKey(R, 'S', 'later'))).length;
  assert.ok(heldSize < 2000, `held ${heldSize} bytes`);
  store.applyEvent(R, req('later', 1));
  const record = store.allRequests()[0];
  assert.deepEqual(record.answered?.answer, { option: 'x' });
  assert.equal(record.routed[0].to, 'ops');
});
