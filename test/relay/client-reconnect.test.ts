// RelayClient reconnects against a scriptable loopback relay: what a
// reconnect burst rings for, the subscribe timeout, backoff and closing.
// Real sockets; real (shortened) or node:test mock timers.

import assert from 'node:assert/strict';
import { after, describe, it, mock } from 'node:test';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startFakeRelay, type FakeRelayOptions } from './fake-relay.js';
import { FAST, backLive, cleanUp, drop, resetAfterEach, started } from './harness.js';
import { connectionKind, findRequest, relayStatus, requestEvent, waitFor, waitForConnection } from './helpers.js';

resetAfterEach();
after(cleanUp);

describe('bell semantics across reconnects', () => {
  // Mock timers from the start: the replay burst ends only when the test ticks.
  async function mocked(relayOptions: FakeRelayOptions = {}) {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const ctx = await started(relayOptions, { random: () => 0.5, timing: { replayQuietMs: 300 } });
    await waitForConnection(ctx.store, ctx.client.relay, 'live');
    return ctx;
  }

  it('only the start-up burst is history; a reconnect burst rings for requests raised during the outage', async () => {
    const { relay, client, store, conn: first } = await mocked();
    const old = requestEvent({ session: 'sOld' });
    first.send(old);
    await waitFor(store, (s) => findRequest(s, old.id), 'start-up history');
    assert.equal(relayStatus(store, client.relay).replaying, true);
    mock.timers.tick(300);
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'start-up burst over');
    assert.equal(findRequest(store, old.id)?.replayed, true);

    await drop(first, store, client);
    const second = await backLive(relay, store, client);
    const raisedWhileAway = requestEvent({ session: 'sNew' });
    second.send(old); // the overlap: a duplicate the store absorbs
    second.send(raisedWhileAway);
    await waitFor(store, (s) => findRequest(s, raisedWhileAway.id), 'outage request');
    assert.equal(relayStatus(store, client.relay).replaying, true, 'the status flag still shows the reconnect burst');
    assert.equal(findRequest(store, raisedWhileAway.id)?.replayed, false, 'raised during the outage: rings');
    assert.equal(findRequest(store, old.id)?.replayed, true, 'history stays history');
    assert.equal(store.allRequests().length, 2);
    mock.timers.tick(300);
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'reconnect burst over');
  });

  it('a connection lost during the start-up burst leaves start-up unfinished: the next burst is still history', async () => {
    const { relay, client, store, conn: first } = await mocked();
    const a = requestEvent({ session: 'sA' });
    first.send(a);
    await waitFor(store, (s) => findRequest(s, a.id), 'first part of the history');
    await drop(first, store, client); // before the burst went quiet
    const second = await backLive(relay, store, client);
    const b = requestEvent({ session: 'sB' });
    second.send(b);
    await waitFor(store, (s) => findRequest(s, b.id), 'rest of the history');
    assert.equal(findRequest(store, a.id)?.replayed, true);
    assert.equal(findRequest(store, b.id)?.replayed, true);
    mock.timers.tick(300);
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'burst over');
    const live = requestEvent({ session: 'sC' });
    second.send(live);
    await waitFor(store, (s) => findRequest(s, live.id), 'live request');
    assert.equal(findRequest(store, live.id)?.replayed, false);
  });
});

describe('subscribe timeout', () => {
  it('drops a connection whose subscribe is never answered and reconnects with backoff, saying why', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const {
      relay,
      client,
      store,
      conn: first,
    } = await started({ autoSubscribe: false }, { random: () => 0.5, timing: {} });
    await first.next('subscribe');
    mock.timers.tick(5_000);
    first.send({ type: 'ping', t: 1 }); // the relay is alive: liveness alone would keep this open forever
    await first.next('pong');
    mock.timers.tick(4_999);
    assert.equal(connectionKind(store, client.relay), 'connecting');
    assert.equal(relay.connections.length, 1);
    mock.timers.tick(1);
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.equal(state.reason, 'relay did not answer subscribe within 10 s');
    assert.equal(state.retryAt - Date.now(), 500, 'first backoff step');
    assert.ok(
      relayStatus(store, client.relay).warnings.includes('relay did not answer subscribe within 10 s: reconnecting'),
    );
    await first.closed;

    // Still unanswered on the next connection: the backoff grows (the connection never went live).
    mock.timers.tick(500);
    const second = await relay.connection(1);
    await second.next('subscribe');
    mock.timers.tick(10_000);
    const again = await waitFor(
      store,
      (s) => {
        const c = s.getRelay(client.relay)?.connection;
        return c?.kind === 'reconnecting' && relay.connections.length === 2 && c.retryAt - Date.now() === 1_000
          ? c
          : undefined;
      },
      'reconnecting with a longer backoff',
    );
    assert.match(again.reason ?? '', /did not answer subscribe/);
    await second.closed;

    // A relay that answers: live, and the stale warning goes.
    relay.options.autoSubscribe = true;
    mock.timers.tick(1_000);
    await relay.connection(2);
    await waitForConnection(store, client.relay, 'live');
    assert.ok(!relayStatus(store, client.relay).warnings.some((w) => w.includes('did not answer subscribe')));
    mock.timers.tick(60_000);
    assert.equal(connectionKind(store, client.relay), 'live', 'an answered subscribe arms no timeout');
    assert.equal(relay.connections.length, 3);
  });

  it('the timeout restarts for the fallback subscribe, and an in-band refusal is an answer', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { relay, client, store, conn } = await started({ autoSubscribe: false }, { random: () => 0.5, timing: {} });
    const first = await conn.next('subscribe');
    mock.timers.tick(9_000);
    conn.send({ type: 'error', id: first.id, code: 'invalid-filter', detail: 'no replay.all here' });
    const second = await conn.next('subscribe');
    mock.timers.tick(9_999);
    assert.equal(relay.connections.length, 1);
    assert.equal(connectionKind(store, client.relay), 'connecting');
    conn.send({ type: 'error', id: second.id, code: 'unauthorized', detail: 'no' });
    await waitFor(store, (s) => s.getRelay(client.relay)?.subscriptionError, 'refused in band');
    mock.timers.tick(60_000);
    assert.equal(connectionKind(store, client.relay), 'live', 'the connection survives a refused subscription');
    assert.equal(relay.connections.length, 1);
  });
});

describe('reconnect', () => {
  it('reconnects with backoff after a drop, showing reconnecting with retryAt, and resubscribes from all', async () => {
    const { relay, client, store, conn } = await started();
    await waitForConnection(store, client.relay, 'live');
    const before = Date.now();
    conn.terminate();
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.ok(state.retryAt >= before && state.retryAt <= Date.now() + 100);
    const second = await relay.connection(1);
    assert.equal((await second.next('subscribe')).from, 'all');
    await waitForConnection(store, client.relay, 'live', 'live again');
  });

  it('honours closing: expects the close and reconnects', async () => {
    const { relay, client, store, conn } = await started();
    await waitForConnection(store, client.relay, 'live');
    conn.send({ type: 'closing', reason: 'backpressure', delivered: [] });
    conn.close(1001, 'backpressure');
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.match(state.reason ?? '', /backpressure/);
    await relay.connection(1);
    await waitForConnection(store, client.relay, 'live', 'live again');
  });

  it('keeps retrying while the port is closed, then stop() settles on closed', async () => {
    const relay = await startFakeRelay();
    const port = relay.port;
    await relay.close();
    const store = new ConsoleStore();
    const client = new RelayClient({ url: `http://127.0.0.1:${port}`, name: 'c', store, timing: FAST });
    client.start();
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.equal(state.reason, 'connection refused');
    await client.stop();
    assert.equal(connectionKind(store, client.relay), 'closed');
  });

  it('start/stop/respond never throw, even with a bad URL', async () => {
    const store = new ConsoleStore();
    const client = new RelayClient({ url: 'nonsense', name: 'c', store });
    client.start();
    assert.equal(client.respond('nope', { option: 'x' }), '');
    client.resend('nope');
    await client.stop();
    assert.equal(connectionKind(store, client.relay), 'closed');
    assert.ok(relayStatus(store, client.relay).warnings.some((w) => w.startsWith('invalid relay URL')));
  });
});
