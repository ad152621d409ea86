// Relay faults over real loopback sockets (hardening): a relay that
// stops sending without closing (half-open), and one that sheds the console
// as a slow consumer with `closing` {reason: backpressure}. Mock clock;
// sockets real.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { burstOver, consoleOf, demoRelay, emitter, mockClock, tearDownAfterEach } from './fault-rig.js';
import { connectionKind, findRequest, waitFor, waitForConnection } from './helpers.js';

tearDownAfterEach();

describe('half-open connection', () => {
  it('is detected within 90 s of silence and replaced by a new connection that resumes', async () => {
    const relay = await demoRelay();
    const agent = emitter(relay, 's_half_open');
    await agent.connected(1);
    const before = agent.raise('run the migrations?');
    await agent.synced();

    mockClock();
    const { store, client } = consoleOf(relay);
    client.start();
    await waitForConnection(store, client.relay, 'live');
    await waitFor(
      store,
      (s) => findRequest(s, before) && s.claimants(client.relay, 's_half_open') === 1,
      'replay and roster',
    );
    // Every frame so far arrived at this instant of the mock clock; from now on the relay writes nothing, pongs included.
    const lastFrameAt = Date.now();
    relay.faults.silence();
    const during = agent.raise('raised while the connection was half-open');
    await agent.synced();
    await burstOver(store, client);

    mock.timers.tick(lastFrameAt + 45_000 - Date.now()); // the client pings; no pong comes
    mock.timers.tick(44_999);
    assert.equal(Date.now() - lastFrameAt, 89_999);
    assert.equal(connectionKind(store, client.relay), 'live', 'not yet: the relay may just be slow');
    assert.equal(findRequest(store, during), undefined, 'the half-open connection delivers nothing');
    mock.timers.tick(1);
    const dead = await waitForConnection(store, client.relay, 'reconnecting', 'declared dead at 90 s');
    assert.equal(dead.reason, 'no frames from the relay for 90 s');

    mock.timers.tick(500);
    await waitForConnection(store, client.relay, 'live', 'a new connection');
    await waitFor(store, (s) => findRequest(s, during), 'the request raised while half-open, from the replay');
    await burstOver(store, client);
    assert.equal(store.allRequests().length, 2, 'the overlap is deduped');
    assert.ok(!findRequest(store, before)?.unconfirmed, 're-delivered, so still vouched for');
    assert.equal(relay.faults.subscribes().length, 2, 'subscribed once per connection');
  });
});

describe('closing {reason: backpressure}', () => {
  it('reconnects and resumes: the events the relay dropped for the slow console arrive, nothing twice', async () => {
    const relay = await demoRelay();
    const agent = emitter(relay, 's_backpressure');
    await agent.connected(1);

    mockClock();
    const { store, client } = consoleOf(relay);
    client.start();
    await waitForConnection(store, client.relay, 'live');
    await burstOver(store, client);
    const seen = agent.raise('first request');
    await waitFor(store, (s) => findRequest(s, seen), 'delivered live');

    // The console's queue on the relay overflowed: what follows is dropped for it, then the relay sheds it.
    relay.faults.congest();
    const dropped = agent.raise('dropped for the slow consumer');
    await agent.synced();
    relay.faults.closing('backpressure');
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.match(state.reason ?? '', /relay closing: backpressure/);
    assert.equal(findRequest(store, dropped), undefined);

    mock.timers.tick(500);
    await waitForConnection(store, client.relay, 'live', 'live again');
    await waitFor(store, (s) => findRequest(s, dropped), 'the dropped request, from the replay');
    await burstOver(store, client);
    assert.equal(store.allRequests().length, 2);
    assert.equal(findRequest(store, dropped)?.replayed, false, 'new to the operator: it rings');
    assert.ok(!findRequest(store, seen)?.unconfirmed);
    assert.deepEqual(
      relay.faults.subscribes().map((f) => f.from),
      ['all', 'all'],
    );

    const live = agent.raise('after the reconnect');
    await waitFor(store, (s) => findRequest(s, live), 'live delivery resumed');
  });
});
