import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { requestKey } from '../../src/store/identity.js';
import type { AepEvent } from '../../src/protocol/types.js';

// Requests are indexed by key only when something asks (request-table.ts keyed()):
// what is asked must answer exactly as if every key had been indexed on arrival.

const RELAY = 'http://relay.test';
const SOURCE = 'aep://host/agent/a';
const event = (n: number, type: string, id: string, extra: Partial<AepEvent> = {}): AepEvent => ({
  aep: '0.1',
  id,
  type,
  time: '2026-12-01T10:00:00Z',
  source: SOURCE,
  agent: 'a',
  session: `s${n % 5}`,
  seq: n * 3 + (type === 'attention.requested' ? 0 : type === 'attention.answered' ? 1 : 2),
  ...extra,
  data:
    type === 'attention.requested'
      ? { prompt: `Request ${n}?` }
      : type === 'attention.answered'
        ? { answer: { text: 'ok' } }
        : { resolution: 'answered' },
});

test('requests asked for by key, or all at once, at any moment of the intake: arrival order, nothing pruned, nothing missing', () => {
  const store = new ConsoleStore({ now: () => 0, terminalCap: 3 });
  // The model: held keys in arrival order; closed ones pruned oldest-closed first past the cap.
  const held: string[] = [];
  const closed: string[] = [];
  for (let n = 0; n < 600; n++) {
    const key = requestKey(RELAY, `s${n % 5}`, SOURCE, `R${n}`);
    store.applyEvent(RELAY, event(n, 'attention.requested', `R${n}`));
    held.push(key);
    if (n % 3 !== 0) {
      store.applyEvent(RELAY, event(n, 'attention.answered', `A${n}`, { subject: `R${n}` }));
      store.applyEvent(RELAY, event(n, 'attention.resolved', `S${n}`, { subject: `R${n}` }));
      closed.push(key);
      if (closed.length > 3) held.splice(held.indexOf(closed.shift()!), 1);
    }
    // Asked now and then, in different ways: by key (a held one, a pruned one), all at once, or not at all.
    if (n % 7 === 0) assert.equal(store.request(key)?.id, `R${n}`);
    if (n % 11 === 0 && n > 20)
      assert.equal(
        store.request(requestKey(RELAY, `s${(n - 20) % 5}`, SOURCE, `R${n - 20}`))?.id,
        held.includes(requestKey(RELAY, `s${(n - 20) % 5}`, SOURCE, `R${n - 20}`)) ? `R${n - 20}` : undefined,
      );
    if (n % 50 === 0)
      assert.deepEqual(
        store.allRequests().map((r) => r.key),
        held,
        `at ${n}`,
      );
    assert.equal(store.sizes().requests, held.length);
  }
  assert.deepEqual(
    store.allRequests().map((r) => r.key),
    held,
  );
});

test('requests pruned before anyone asked for their keys are not kept waiting for them', () => {
  const store = new ConsoleStore({ now: () => 0, terminalCap: 10 });
  for (let n = 0; n < 20_000; n++) {
    store.applyEvent(RELAY, event(n, 'attention.requested', `R${n}`));
    store.applyEvent(RELAY, event(n, 'attention.answered', `A${n}`, { subject: `R${n}` }));
    store.applyEvent(RELAY, event(n, 'attention.resolved', `S${n}`, { subject: `R${n}` }));
    const { requests, waitingForKeys } = store.sizes();
    assert.ok(waitingForKeys <= 2 * requests + 1025, `${waitingForKeys} waiting for ${requests} held at ${n}`);
  }
  assert.equal(store.allRequests().length, 10);
  assert.equal(store.sizes().waitingForKeys, 0, 'asking for them all keys every one');
});
