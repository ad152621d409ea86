// The `unconfirmed` mark: an open request the relay's full replay after a
// reconnect did not bring back stays listed, marked; any event about it
// clears the mark again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { event, permission } from '../support/events.js';

const RELAY = 'http://relay.test';
const OTHER = 'http://other.test';

function storeWith(...requests: ReturnType<typeof permission>[]) {
  const store = new ConsoleStore({ now: () => 0 });
  for (const request of requests) store.applyEvent(RELAY, request);
  const key = (id: string) => store.allRequests().find((r) => r.id === id)!.key;
  return { store, key };
}

test('a completed replay without a known open request marks it; re-delivered ones stay unmarked', () => {
  const kept = permission('kept');
  const gone = permission('gone');
  const { store, key } = storeWith(kept, gone);
  store.replayBegins(RELAY);
  assert.equal(store.applyEvent(RELAY, kept), 'duplicate', 'the re-delivery is still a duplicate');
  const version = store.version;
  store.replayCompleted(RELAY);
  assert.ok(store.version > version, 'subscribers hear about the mark');
  assert.equal(store.request(key(gone.id))?.unconfirmed, true);
  assert.equal(store.request(key(gone.id))?.state, 'pending', 'still listed as pending');
  assert.ok(!store.request(key(kept.id))?.unconfirmed);
  assert.equal(store.allRequests().length, 2);
});

test('any later event about the request clears the mark, a duplicate included', () => {
  const a = permission('a');
  const b = permission('b', { session: 's2', source: 'aep://host-a/agent/claude-code/session/s2' });
  const { store, key } = storeWith(a, b);
  store.replayBegins(RELAY);
  store.replayCompleted(RELAY);
  assert.equal(store.request(key(a.id))?.unconfirmed, true);
  assert.equal(store.request(key(b.id))?.unconfirmed, true);

  const version = store.version;
  assert.equal(store.applyEvent(RELAY, a), 'duplicate');
  assert.ok(store.version > version, 'a cleared mark is a change');
  assert.equal(store.request(key(a.id))?.unconfirmed, false);

  store.applyEvent(
    RELAY,
    event({
      type: 'attention.routed',
      subject: b.id,
      session: 's2',
      agent: 'router',
      source: 'aep://r/agent/router',
      data: { to: 'pager' },
    }),
  );
  assert.equal(store.request(key(b.id))?.unconfirmed, false);
  assert.equal(store.request(key(b.id))?.routed.length, 1);
});

test('terminal requests are never marked, and neither are requests of another relay', () => {
  const done = permission('done');
  const { store, key } = storeWith(done);
  store.applyEvent(RELAY, event({ type: 'attention.resolved', subject: done.id, data: { resolution: 'auto' } }));
  const elsewhere = permission('elsewhere');
  store.applyEvent(OTHER, elsewhere);
  store.replayBegins(RELAY);
  store.replayCompleted(RELAY);
  assert.ok(!store.request(key(done.id))?.unconfirmed);
  assert.ok(!store.allRequests().find((r) => r.relay === OTHER)?.unconfirmed);
});

test('a replay cut short, or one never begun, gives no verdict', () => {
  const a = permission('a');
  const { store, key } = storeWith(a);
  store.replayBegins(RELAY);
  store.replayAbandoned(RELAY);
  store.replayCompleted(RELAY);
  assert.ok(!store.request(key(a.id))?.unconfirmed);
  store.replayCompleted(RELAY);
  assert.ok(!store.request(key(a.id))?.unconfirmed);
});

test('a request first seen during the replay is not marked; one answered during it is re-confirmed by the answer', () => {
  const known = permission('known');
  const { store, key } = storeWith(known);
  store.replayBegins(RELAY);
  const fresh = permission('raised during the outage');
  store.applyEvent(RELAY, fresh);
  store.applyEvent(
    RELAY,
    event({ type: 'attention.answered', subject: known.id, data: { answer: { option: 'allow' } } }),
  );
  store.replayCompleted(RELAY);
  assert.ok(!store.request(key(fresh.id))?.unconfirmed);
  assert.ok(!store.request(key(known.id))?.unconfirmed);
  assert.equal(store.request(key(known.id))?.state, 'answered');
});
