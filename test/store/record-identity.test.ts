// Records handed out are never changed under their reader (renderers compare
// them by reference); one nobody has been handed yet may be written in place
// (request-table.ts), which must not show: every reader sees the same states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { event, permission } from '../support/events.js';

const RELAY = 'http://relay.test';

function lifecycle(subject: string, type: string, data: Record<string, unknown>) {
  return event({ type, subject, data });
}

test('a record handed out never changes; a change makes a new one, in a batch or not, once or twice', () => {
  for (const read of ['request', 'allRequests'] as const) {
    const store = new ConsoleStore();
    store.addRelay(RELAY);
    const request = permission();
    store.applyEvent(RELAY, request);
    const key = store.allRequests()[0].key;
    const held = read === 'request' ? store.request(key)! : store.allRequests()[0];
    const before = JSON.stringify(held);
    store.batch(() => {
      store.applyEvent(RELAY, lifecycle(request.id, 'attention.answered', { answer: { option: 'deny' } }));
      store.applyEvent(RELAY, lifecycle(request.id, 'attention.resolved', { resolution: 'answered' }));
    });
    assert.equal(JSON.stringify(held), before, `${read}: the record handed out is as it was`);
    const after = store.request(key)!;
    assert.notEqual(after, held);
    assert.equal(after.state, 'resolved');
    assert.deepEqual(after.answered?.answer, { option: 'deny' });
  }
});

test('a request answered and resolved before anyone read it reads the same as one read between its Events', () => {
  const unread = new ConsoleStore({ now: () => 5 });
  const read = new ConsoleStore({ now: () => 5 });
  const request = permission();
  const answered = lifecycle(request.id, 'attention.answered', { answer: { option: 'allow' }, via: 'control' });
  const resolved = lifecycle(request.id, 'attention.resolved', { resolution: 'answered', latency_ms: 9 });
  for (const store of [unread, read]) store.addRelay(RELAY);
  unread.batch(() => {
    for (const e of [request, answered, resolved]) unread.applyEvent(RELAY, structuredClone(e));
  });
  for (const e of [request, answered, resolved]) {
    read.applyEvent(RELAY, structuredClone(e));
    read.allRequests();
  }
  assert.deepEqual(unread.allRequests(), read.allRequests());
});
