// Liveness against a scriptable loopback relay, with node:test mock timers
// (sockets stay real): a ping after silence, a drop after more of it.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { backLive, drop, ready, resetAfterEach } from './harness.js';
import { connectionKind, waitForConnection } from './helpers.js';

resetAfterEach();

describe('liveness', () => {
  it('pings after 45 s of silence and drops the connection after 90 s', async () => {
    const { relay, conn, store, client } = await ready();
    // The liveness timer was armed before the clock was mocked: reconnect once
    // so every timer of the new connection runs on the mock clock.
    await drop(conn, store, client);
    const second = await backLive(relay, store, client, 'live');
    mock.timers.tick(45_000);
    const ping = await second.next('ping');
    assert.equal(typeof ping.t, 'number');
    mock.timers.tick(44_000);
    assert.equal(connectionKind(store, client.relay), 'live');
    mock.timers.tick(1_000);
    const state = await waitForConnection(store, client.relay, 'reconnecting', 'dead → reconnecting');
    assert.match(state.reason ?? '', /no frames/);
  });

  it('any frame resets the silence clock', async () => {
    const { relay, conn, store, client } = await ready();
    await drop(conn, store, client);
    const second = await backLive(relay, store, client, 'live');
    for (let i = 0; i < 4; i++) {
      mock.timers.tick(40_000);
      second.send({ type: 'ping', t: i });
      await second.next((f: { type?: string; t?: number }) => f?.type === 'pong' && f.t === i);
    }
    assert.equal(connectionKind(store, client.relay), 'live');
    assert.equal(relay.connections.length, 2);
  });
});
