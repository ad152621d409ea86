// RelayClient against a scriptable loopback relay: handshake, subscription,
// intake, roster, liveness frames. Real sockets, real (shortened) timers;
// reconnects are in client-reconnect.test.ts.

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { RELAY_HELLO, startFakeRelay } from './fake-relay.js';
import { FAST, cleanUp, cleanups, resetAfterEach, setup, started } from './harness.js';
import {
  connectionKind,
  findRequest,
  relayStatus,
  requestEvent,
  sessionEvent,
  waitFor,
  waitForConnection,
} from './helpers.js';

resetAfterEach();
after(cleanUp);

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
    assert.deepEqual(sub.filter, { type: ['attention.*', 'control.*', 'session.*', 'run.*', 'progress.status'] });
    assert.equal(sub.from, 'all');
    await waitForConnection(store, client.relay, 'live');
    const status = relayStatus(store, client.relay);
    assert.equal(status.replayAll, true);
    assert.equal(status.roster, true);
    assert.equal(status.watchOnly, false);
    assert.ok(!JSON.stringify(store.relays()).includes('tok-123'));
  });

  it('strips credentials from the display id and never puts them on the socket URL', async () => {
    const relay = await startFakeRelay();
    const store = new ConsoleStore();
    const client = new RelayClient({
      url: `http://u:pw@127.0.0.1:${relay.port}/?access_token=leak`,
      name: 'c',
      store,
      timing: FAST,
    });
    cleanups.push(
      () => relay.close(),
      () => client.stop(),
    );
    assert.equal(client.relay, `http://127.0.0.1:${relay.port}`);
    client.start();
    const conn = await relay.connection(0);
    assert.equal(conn.path, '/socket');
    assert.equal(conn.headers.authorization, undefined);
  });

  it('merges the user filter and capture ceiling into the subscription', async () => {
    const { relay, client } = await setup(
      {},
      { filter: { agent: 'codex', type: ['attention.*', 'tool.*', 'control.*'] }, capture: 'metadata' },
    );
    client.start();
    const sub = await (await relay.connection(0)).next('subscribe');
    assert.deepEqual(sub.filter, { agent: 'codex', type: ['attention.*', 'control.*'] });
    assert.equal(sub.capture, 'metadata');
  });

  it('without replay.all subscribes from its own positions and warns', async () => {
    const hello = { ...RELAY_HELLO, capabilities: { control: { accepts: [] } } };
    const { relay, client, store, conn } = await started({ hello });
    const first = await conn.next('subscribe');
    assert.equal(first.from, undefined, 'no positions yet: from omitted');
    await waitForConnection(store, client.relay, 'live');
    assert.ok(relayStatus(store, client.relay).warnings.some((w) => w.includes('no replay.all')));
    conn.send(requestEvent({ session: 'sA', seq: 7, epoch: 2 }));
    await waitFor(store, (s) => s.allRequests().length === 1, 'request');
    conn.terminate();
    const again = await (await relay.connection(1)).next('subscribe');
    assert.deepEqual(again.from, [{ session: 'sA', epoch: 2, seq: 7 }]);
  });

  it('falls back once to positions when from "all" is refused invalid-filter', async () => {
    const { client, store, conn } = await started({ autoSubscribe: false });
    const first = await conn.next('subscribe');
    assert.equal(first.from, 'all');
    conn.send({ type: 'error', id: first.id, code: 'invalid-filter', detail: 'no replay.all here' });
    const second = await conn.next('subscribe');
    assert.notEqual(second.id, first.id);
    assert.equal(second.from, undefined);
    conn.send({ type: 'error', id: second.id, code: 'invalid-filter', detail: 'bad key' });
    const status = await waitFor(store, (s) => s.getRelay(client.relay)?.subscriptionError, 'subscription error');
    assert.deepEqual(status, { code: 'invalid-filter', detail: 'bad key' });
    assert.ok(
      relayStatus(store, client.relay).warnings.some((w) => w.startsWith('subscription refused: invalid-filter')),
    );
    assert.equal(conn.frames.filter((f) => f.type === 'subscribe').length, 2, 'one retry only');
  });

  it('on a relay that does not speak 0.1: says so, retries at the slow end of the backoff, goes live once the relay is fixed', async () => {
    const { relay, client, store } = await setup(
      { hello: { ...RELAY_HELLO, versions: ['0.2'] } },
      { timing: { ...FAST, versionRetryMs: 300 }, random: () => 0.5 },
    );
    client.start();
    const kind = await waitFor(
      store,
      (s) =>
        s.getRelay(client.relay)?.connection.kind === 'version-unsupported' && s.getRelay(client.relay)?.connection,
      'version-unsupported',
    );
    assert.match((kind as { detail?: string }).detail ?? '', /0\.2/);
    await (
      await relay.connection(0)
    ).closed;
    const retrying = await waitFor(
      store,
      (s) => {
        const c = s.getRelay(client.relay)?.connection;
        return c?.kind === 'version-unsupported' && c.retryAt !== undefined ? c : undefined;
      },
      'a retry scheduled',
    );
    assert.ok(retrying.retryAt! - Date.now() > 200, 'slowly: not the 20 ms first backoff');
    relay.options.hello = RELAY_HELLO;
    await waitForConnection(store, client.relay, 'live', 'live once the relay speaks 0.1');
    assert.equal(relay.connections.length, 2);
  });

  it('an error frame version-unsupported closes, and the retry is slow', async () => {
    const { relay, client, store, conn } = await started(
      { hello: null },
      { timing: { ...FAST, versionRetryMs: 60_000 } },
    );
    await conn.next('hello');
    conn.send({ type: 'error', code: 'version-unsupported', detail: 'relay speaks ["9.9"]' });
    await waitFor(
      store,
      (s) => s.getRelay(client.relay)?.connection.kind === 'version-unsupported',
      'version-unsupported',
    );
    await conn.closed;
    await waitFor(
      store,
      (s) => {
        const c = s.getRelay(client.relay)?.connection;
        return c?.kind === 'version-unsupported' && c.retryAt !== undefined;
      },
      'retry scheduled',
    );
    assert.equal(relay.connections.length, 1, 'not yet: a minute away');
  });

  it('reports unauthorized on HTTP 401 and keeps retrying slowly', async () => {
    const { relay, client, store } = await setup({ rejectStatus: 401 });
    client.start();
    const state = await waitForConnection(store, client.relay, 'unauthorized');
    assert.equal(state.detail, 'relay refused the token (HTTP 401)');
    relay.options.rejectStatus = undefined;
    await waitForConnection(store, client.relay, 'live', 'live after the token was accepted');
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
    const { client, store, conn } = await started({ autoSubscribe: false });
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
    const { client, store, conn } = await started();
    await waitForConnection(store, client.relay, 'live');
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
    const status = await waitFor(
      store,
      (s) => (s.getRelay(client.relay)!.invalid === 1 ? s.getRelay(client.relay) : undefined),
      'invalid counted',
    );
    assert.equal(status.undecodable, 4);
    assert.ok(status.lastInvalid && status.lastInvalid.length > 0);
    assert.equal(status.connection.kind, 'live');
  });

  it('warns about replay-exhausted naming the session, and about relay errors', async () => {
    const { client, store, conn } = await started();
    const sub = await conn.next('subscribe');
    conn.send({ type: 'replay-exhausted', sub: sub.id, session: 's_9', earliest: { epoch: 0, seq: 40 } });
    conn.send({ type: 'error', code: 'limit-exceeded', detail: 'slow down' });
    await waitFor(
      store,
      (s) => s.getRelay(client.relay)!.warnings.some((w) => w.includes('s_9') && w.includes('seq 40')),
      'exhausted warning',
    );
    await waitFor(
      store,
      (s) => s.getRelay(client.relay)!.warnings.some((w) => w.includes('limit-exceeded')),
      'error warning',
    );
  });

  it('asks for the roster on connect and again after session events', async () => {
    const roster = [
      { session: 's1', agent: 'claude-code', control: { accepts: ['control.attention.respond'], ack_window_ms: 1234 } },
    ];
    const { client, store, conn } = await started({ roster });
    await conn.next('roster');
    await waitFor(store, (s) => s.ackWindowMs(client.relay, 's1') === 1234, 'roster applied');
    await waitFor(
      store,
      (s) => !s.getRelay(client.relay)?.replaying && s.getRelay(client.relay)?.connection.kind === 'live',
      'live',
    );
    conn.send(sessionEvent('session.started', 's2'));
    conn.send(sessionEvent('session.ended', 's3'));
    await conn.next('roster');
    assert.equal(conn.frames.filter((f) => f.type === 'roster').length, 2, 'debounced into one request');
    assert.equal(store.claimants(client.relay, 's1'), 1);
  });
});
