// RelayClient against a scriptable loopback relay: handshake, subscription,
// intake, roster, liveness frames, reconnect. Real sockets, real (shortened) timers.

import assert from 'node:assert/strict';
import { after, afterEach, describe, it, mock } from 'node:test';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { RELAY_HELLO, startFakeRelay } from './fake-relay.js';
import { connectionKind, findRequest, relayStatus, requestEvent, sessionEvent, waitFor } from './helpers.js';

const FAST = { backoffInitialMs: 20, backoffMaxMs: 100, replayQuietMs: 60, rosterDebounceMs: 20, unauthorizedRetryMs: 50 };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  mock.timers.reset();
  while (cleanups.length) await cleanups.pop()!();
});
after(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(relayOptions: Parameters<typeof startFakeRelay>[0] = {}, clientOptions: Partial<ConstructorParameters<typeof RelayClient>[0]> = {}) {
  const relay = await startFakeRelay(relayOptions);
  const store = new ConsoleStore();
  const client = new RelayClient({ url: relay.url, name: 'aep-console', host: 'test-host', store, token: 'tok-123', timing: FAST, ...clientOptions });
  cleanups.push(() => relay.close(), () => client.stop());
  return { relay, store, client };
}

describe('handshake', () => {
  it('sends the token only in the Authorization header and hellos as a consumer', async () => {
    const { relay, client, store } = await setup();
    assert.equal(client.relay, relay.url);
    assert.equal(connectionKind(store, client.relay), 'connecting');
    client.start();
    const conn = await relay.connection(0);
    assert.equal(conn.headers.authorization, 'Bearer tok-123');
    assert.equal(conn.path, '/socket');
    const hello = await conn.next('hello');
    assert.deepEqual(hello, {
      type: 'hello',
      versions: ['0.1'],
      role: 'consumer',
      identity: { agent: 'aep-console', instance: `test-host/${process.pid}` },
      capabilities: { filters: ['attr-match'] },
    });
    const sub = await conn.next('subscribe');
    assert.deepEqual(sub.filter, { type: ['attention.*', 'control.*', 'session.*'] });
    assert.equal(sub.from, 'all');
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    const status = relayStatus(store, client.relay);
    assert.equal(status.replayAll, true);
    assert.equal(status.roster, true);
    assert.equal(status.watchOnly, false);
    assert.ok(!JSON.stringify(store.relays()).includes('tok-123'));
  });

  it('strips credentials from the display id and never puts them on the socket URL', async () => {
    const relay = await startFakeRelay();
    const store = new ConsoleStore();
    const client = new RelayClient({ url: `http://u:pw@127.0.0.1:${relay.port}/?access_token=leak`, name: 'c', store, timing: FAST });
    cleanups.push(() => relay.close(), () => client.stop());
    assert.equal(client.relay, `http://127.0.0.1:${relay.port}`);
    client.start();
    const conn = await relay.connection(0);
    assert.equal(conn.path, '/socket');
    assert.equal(conn.headers.authorization, undefined);
  });

  it('merges the user filter and capture ceiling into the subscription', async () => {
    const { relay, client } = await setup({}, { filter: { agent: 'codex', type: ['attention.*', 'tool.*', 'control.*'] }, capture: 'metadata' });
    client.start();
    const sub = await (await relay.connection(0)).next('subscribe');
    assert.deepEqual(sub.filter, { agent: 'codex', type: ['attention.*', 'control.*'] });
    assert.equal(sub.capture, 'metadata');
  });

  it('without replay.all subscribes from its own positions and warns', async () => {
    const hello = { ...RELAY_HELLO, capabilities: { control: { accepts: [] } } };
    const { relay, client, store } = await setup({ hello });
    client.start();
    const conn = await relay.connection(0);
    const first = await conn.next('subscribe');
    assert.equal(first.from, undefined, 'no positions yet: from omitted');
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    assert.ok(relayStatus(store, client.relay).warnings.some((w) => w.includes('no replay.all')));
    conn.send(requestEvent({ session: 'sA', seq: 7, epoch: 2 }));
    await waitFor(store, (s) => s.allRequests().length === 1, 'request');
    conn.terminate();
    const again = await (await relay.connection(1)).next('subscribe');
    assert.deepEqual(again.from, [{ session: 'sA', epoch: 2, seq: 7 }]);
  });

  it('falls back once to positions when from "all" is refused invalid-filter', async () => {
    const { relay, client, store } = await setup({ autoSubscribe: false });
    client.start();
    const conn = await relay.connection(0);
    const first = await conn.next('subscribe');
    assert.equal(first.from, 'all');
    conn.send({ type: 'error', id: first.id, code: 'invalid-filter', detail: 'no replay.all here' });
    const second = await conn.next('subscribe');
    assert.notEqual(second.id, first.id);
    assert.equal(second.from, undefined);
    conn.send({ type: 'error', id: second.id, code: 'invalid-filter', detail: 'bad key' });
    const status = await waitFor(store, (s) => s.getRelay(client.relay)?.subscriptionError, 'subscription error');
    assert.deepEqual(status, { code: 'invalid-filter', detail: 'bad key' });
    assert.ok(relayStatus(store, client.relay).warnings.some((w) => w.startsWith('subscription refused: invalid-filter')));
    assert.equal(conn.frames.filter((f) => f.type === 'subscribe').length, 2, 'one retry only');
  });

  it('stops for good on a relay that does not speak 0.1', async () => {
    const { relay, client, store } = await setup({ hello: { ...RELAY_HELLO, versions: ['0.2'] } });
    client.start();
    const kind = await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'version-unsupported' && s.getRelay(client.relay)?.connection, 'version-unsupported');
    assert.match((kind as { detail?: string }).detail ?? '', /0\.2/);
    await (await relay.connection(0)).closed;
    assert.equal(relay.connections.length, 1, 'no retry');
    assert.equal(connectionKind(store, client.relay), 'version-unsupported');
  });

  it('stops for good on an error frame version-unsupported', async () => {
    const { relay, client, store } = await setup({ hello: null });
    client.start();
    const conn = await relay.connection(0);
    await conn.next('hello');
    conn.send({ type: 'error', code: 'version-unsupported', detail: 'relay speaks ["9.9"]' });
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'version-unsupported', 'version-unsupported');
    await conn.closed;
    assert.equal(relay.connections.length, 1);
  });

  it('reports unauthorized on HTTP 401 and keeps retrying slowly', async () => {
    const { relay, client, store } = await setup({ rejectStatus: 401 });
    client.start();
    const state = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'unauthorized' ? c : undefined;
    }, 'unauthorized');
    assert.equal(state.detail, 'relay refused the token (HTTP 401)');
    relay.options.rejectStatus = undefined;
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live after the token was accepted');
    assert.ok(relay.refused >= 1);
  });

  it('is watch-only when the relay hello says auth none / offers no control', async () => {
    const hello = { ...RELAY_HELLO, auth: 'none', capabilities: { replay: { all: true } } };
    const { client, store } = await setup({ hello });
    client.start();
    await waitFor(store, (s) => s.getRelay(client.relay)?.watchOnly, 'watch-only');
    assert.match(relayStatus(store, client.relay).watchOnlyReason ?? '', /without a token/);
  });
});

describe('intake', () => {
  it('marks the replay burst as replayed, live events not, and flips replaying', async () => {
    const { relay, client, store } = await setup({ autoSubscribe: false });
    client.start();
    const conn = await relay.connection(0);
    const sub = await conn.next('subscribe');
    const early = requestEvent();
    const old1 = requestEvent();
    const old2 = requestEvent();
    conn.send(early); // a relay that starts replaying before its reply
    conn.send({ type: 'subscribed', id: sub.id });
    conn.send(old1);
    conn.send(old2);
    await waitFor(store, (s) => s.getRelay(client.relay)?.replaying, 'replaying');
    await waitFor(store, (s) => s.allRequests().length === 3 && !s.getRelay(client.relay)?.replaying, 'burst over');
    const fresh = requestEvent();
    conn.send(fresh);
    await waitFor(store, (s) => findRequest(s, fresh.id), 'live request');
    assert.equal(findRequest(store, early.id)?.replayed, true);
    assert.equal(findRequest(store, old1.id)?.replayed, true);
    assert.equal(findRequest(store, old2.id)?.replayed, true);
    assert.equal(findRequest(store, fresh.id)?.replayed, false);
  });

  it('counts undecodable and invalid frames, ignores unknown frames, answers ping', async () => {
    const { relay, client, store } = await setup();
    client.start();
    const conn = await relay.connection(0);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    conn.sendRaw('not json');
    conn.sendRaw('[1,2]');
    conn.sendRaw('"x"');
    conn.ws.send(Buffer.from('{"type":"ping"}'), { binary: true });
    conn.send({ type: 'mystery', stuff: 1 });
    conn.send({ stuff: 'no type at all' });
    conn.send({ type: 'attention.requested', id: 'no-envelope' });
    conn.send({ type: 'ping', t: 42 });
    const pong = await conn.next('pong');
    assert.deepEqual(pong, { type: 'pong', t: 42 });
    const status = await waitFor(store, (s) => (s.getRelay(client.relay)!.invalid === 1 ? s.getRelay(client.relay) : undefined), 'invalid counted');
    assert.equal(status.undecodable, 4);
    assert.ok(status.lastInvalid && status.lastInvalid.length > 0);
    assert.equal(status.connection.kind, 'live');
  });

  it('warns about replay-exhausted naming the session, and about relay errors', async () => {
    const { relay, client, store } = await setup();
    client.start();
    const conn = await relay.connection(0);
    const sub = await conn.next('subscribe');
    conn.send({ type: 'replay-exhausted', sub: sub.id, session: 's_9', earliest: { epoch: 0, seq: 40 } });
    conn.send({ type: 'error', code: 'limit-exceeded', detail: 'slow down' });
    await waitFor(store, (s) => s.getRelay(client.relay)!.warnings.some((w) => w.includes('s_9') && w.includes('seq 40')), 'exhausted warning');
    await waitFor(store, (s) => s.getRelay(client.relay)!.warnings.some((w) => w.includes('limit-exceeded')), 'error warning');
  });

  it('asks for the roster on connect and again after session events', async () => {
    const roster = [{ session: 's1', agent: 'claude-code', control: { accepts: ['control.attention.respond'], ack_window_ms: 1234 } }];
    const { relay, client, store } = await setup({ roster });
    client.start();
    const conn = await relay.connection(0);
    await conn.next('roster');
    await waitFor(store, (s) => s.ackWindowMs(client.relay, 's1') === 1234, 'roster applied');
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying && s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    conn.send(sessionEvent('session.started', 's2'));
    conn.send(sessionEvent('session.ended', 's3'));
    await conn.next('roster');
    assert.equal(conn.frames.filter((f) => f.type === 'roster').length, 2, 'debounced into one request');
    assert.equal(store.claimants(client.relay, 's1'), 1);
  });
});

describe('bell semantics across reconnects', () => {
  // Mock timers from the start: the replay burst ends only when the test ticks.
  async function mocked(relayOptions: Parameters<typeof startFakeRelay>[0] = {}) {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const ctx = await setup(relayOptions, { random: () => 0.5, timing: { replayQuietMs: 300 } });
    ctx.client.start();
    return ctx;
  }

  it('only the start-up burst is history; a reconnect burst rings for requests raised during the outage', async () => {
    const { relay, client, store } = await mocked();
    const first = await relay.connection(0);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    const old = requestEvent({ session: 'sOld' });
    first.send(old);
    await waitFor(store, (s) => findRequest(s, old.id), 'start-up history');
    assert.equal(relayStatus(store, client.relay).replaying, true);
    mock.timers.tick(300);
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'start-up burst over');
    assert.equal(findRequest(store, old.id)?.replayed, true);

    first.terminate();
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'reconnecting', 'reconnecting');
    mock.timers.tick(500);
    const second = await relay.connection(1);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live again');
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
    const { relay, client, store } = await mocked();
    const first = await relay.connection(0);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    const a = requestEvent({ session: 'sA' });
    first.send(a);
    await waitFor(store, (s) => findRequest(s, a.id), 'first part of the history');
    first.terminate(); // before the burst went quiet
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'reconnecting', 'reconnecting');
    mock.timers.tick(500);
    const second = await relay.connection(1);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live again');
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
    const { relay, client, store } = await setup({ autoSubscribe: false }, { random: () => 0.5, timing: {} });
    client.start();
    const first = await relay.connection(0);
    await first.next('subscribe');
    mock.timers.tick(5_000);
    first.send({ type: 'ping', t: 1 }); // the relay is alive: liveness alone would keep this open forever
    await first.next('pong');
    mock.timers.tick(4_999);
    assert.equal(connectionKind(store, client.relay), 'connecting');
    assert.equal(relay.connections.length, 1);
    mock.timers.tick(1);
    const state = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'reconnecting' ? c : undefined;
    }, 'reconnecting');
    assert.equal(state.reason, 'relay did not answer subscribe within 10 s');
    assert.equal(state.retryAt - Date.now(), 500, 'first backoff step');
    assert.ok(relayStatus(store, client.relay).warnings.includes('relay did not answer subscribe within 10 s: reconnecting'));
    await first.closed;

    // Still unanswered on the next connection: the backoff grows (the connection never went live).
    mock.timers.tick(500);
    const second = await relay.connection(1);
    await second.next('subscribe');
    mock.timers.tick(10_000);
    const again = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'reconnecting' && relay.connections.length === 2 && c.retryAt - Date.now() === 1_000 ? c : undefined;
    }, 'reconnecting with a longer backoff');
    assert.match(again.reason ?? '', /did not answer subscribe/);
    await second.closed;

    // A relay that answers: live, and the stale warning goes.
    relay.options.autoSubscribe = true;
    mock.timers.tick(1_000);
    await relay.connection(2);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    assert.ok(!relayStatus(store, client.relay).warnings.some((w) => w.includes('did not answer subscribe')));
    mock.timers.tick(60_000);
    assert.equal(connectionKind(store, client.relay), 'live', 'an answered subscribe arms no timeout');
    assert.equal(relay.connections.length, 3);
  });

  it('the timeout restarts for the fallback subscribe, and an in-band refusal is an answer', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { relay, client, store } = await setup({ autoSubscribe: false }, { random: () => 0.5, timing: {} });
    client.start();
    const conn = await relay.connection(0);
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
    const { relay, client, store } = await setup();
    client.start();
    const conn = await relay.connection(0);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    const before = Date.now();
    conn.terminate();
    const state = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'reconnecting' ? c : undefined;
    }, 'reconnecting');
    assert.ok(state.retryAt >= before && state.retryAt <= Date.now() + 100);
    const second = await relay.connection(1);
    assert.equal((await second.next('subscribe')).from, 'all');
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live again');
  });

  it('honours closing: expects the close and reconnects', async () => {
    const { relay, client, store } = await setup();
    client.start();
    const conn = await relay.connection(0);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live');
    conn.send({ type: 'closing', reason: 'backpressure', delivered: [] });
    conn.close(1001, 'backpressure');
    const state = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'reconnecting' ? c : undefined;
    }, 'reconnecting');
    assert.match(state.reason ?? '', /backpressure/);
    await relay.connection(1);
    await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind === 'live', 'live again');
  });

  it('keeps retrying while the port is closed, then stop() settles on closed', async () => {
    const relay = await startFakeRelay();
    const port = relay.port;
    await relay.close();
    const store = new ConsoleStore();
    const client = new RelayClient({ url: `http://127.0.0.1:${port}`, name: 'c', store, timing: FAST });
    client.start();
    const state = await waitFor(store, (s) => {
      const c = s.getRelay(client.relay)?.connection;
      return c?.kind === 'reconnecting' ? c : undefined;
    }, 'reconnecting');
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
