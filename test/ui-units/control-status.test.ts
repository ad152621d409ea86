// The row and detail words about a session's control read the emitter's own
// session: with two agents sharing a session name, agent B cancelling its run
// r1 labels B's request in r1 "run cancelled", never agent A's request in its
// own run r1 (point 8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { controlRowStatus, sessionLine } from '../../src/ui/inbox/control-status.js';

const RELAY = 'http://relay.test';
const A = 'aep://host-a/agent/claude-code/session/shared';
const B = 'aep://host-b/agent/codex/session/shared';

test("B cancels its own run r1: only B's row and detail say so; then B pauses: only B's row is paused", () => {
  const store = new ConsoleStore();
  const base = { aep: '0.1', time: '2026-08-01T09:00:00Z', session: 'shared', data: {} };
  const events = [
    {
      ...base,
      id: 'qa',
      type: 'attention.requested',
      source: A,
      agent: 'a',
      seq: 1,
      run: 'r1',
      data: { kind: 'input', prompt: 'a?' },
    },
    {
      ...base,
      id: 'qb',
      type: 'attention.requested',
      source: B,
      agent: 'b',
      seq: 1,
      run: 'r1',
      data: { kind: 'input', prompt: 'b?' },
    },
    {
      ...base,
      id: 'c1',
      type: 'control.cancel',
      source: 'aep://ops/agent/other-console',
      agent: 'ops',
      run: 'r1',
      data: { scope: 'run' },
    },
    { ...base, id: 'rb', type: 'run.cancelled', source: B, agent: 'b', seq: 2, run: 'r1', cause: 'c1' },
  ] as AepEvent[];
  for (const event of events) store.applyEvent(RELAY, event);
  const row = (source: string) => store.allRequests().find((r) => r.source === source)!;
  assert.equal(controlRowStatus(row(A), store), undefined);
  assert.equal(sessionLine(row(A), store), undefined);
  assert.deepEqual(controlRowStatus(row(B), store), { text: 'run cancelled', color: 'red' });
  assert.match(sessionLine(row(B), store)?.text ?? '', /run r1 cancelled/);
  store.applyEvent(RELAY, {
    ...base,
    id: 'p1',
    type: 'control.pause',
    source: 'aep://ops/agent/other-console',
    agent: 'ops',
  } as AepEvent);
  store.applyEvent(RELAY, {
    ...base,
    id: 'st',
    type: 'progress.status',
    source: B,
    agent: 'b',
    seq: 3,
    cause: 'p1',
    data: { phase: 'paused' },
  } as AepEvent);
  assert.match(sessionLine(row(B), store)?.text ?? '', /session paused/);
  assert.doesNotMatch(sessionLine(row(A), store)?.text ?? '', /paused/);
});

test("the console's own cancel, sent from A's row, shows on A's rows only (B shares the session name)", () => {
  const store = new ConsoleStore();
  const base = { aep: '0.1', time: '2026-08-01T09:00:00Z', session: 'shared', run: 'r1', type: 'attention.requested' };
  for (const [id, source] of [
    ['qa', A],
    ['qb', B],
  ])
    store.applyEvent(RELAY, {
      ...base,
      id,
      source,
      agent: id,
      seq: 1,
      data: { kind: 'input', prompt: `${id}?` },
    } as AepEvent);
  const row = (source: string) => store.allRequests().find((r) => r.source === source)!;
  const cancel = {
    aep: '0.1',
    id: 'own-1',
    type: 'control.cancel',
    time: base.time,
    source: 'aep://me/agent/aep-console',
    agent: 'aep-console',
    session: 'shared',
    run: 'r1',
    data: { scope: 'run' },
  } as AepEvent;
  store.commandCreated(RELAY, row(A).key, cancel, {}, 10_000);
  assert.deepEqual(controlRowStatus(row(A), store), { text: 'cancel queued', color: 'yellow' });
  assert.match(sessionLine(row(A), store)?.text ?? '', /your cancel: queued/);
  assert.equal(controlRowStatus(row(B), store), undefined);
  assert.equal(sessionLine(row(B), store), undefined);
});
