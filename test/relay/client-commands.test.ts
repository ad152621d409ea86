// Commands against a scriptable loopback relay, with node:test mock timers
// driving ack windows and backoff (sockets stay real); liveness is in
// client-liveness.test.ts.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { backLive, cleanUp, drop, isCommand, ready, resetAfterEach, silentToTimeout } from './harness.js';
import { ackEvent, requestEvent, waitFor } from './helpers.js';

resetAfterEach();

describe('respond', () => {
  it('builds a respond for the request and settles on control.accepted', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    assert.ok(id);
    const sent = await conn.next(isCommand);
    assert.equal(sent.id, id);
    assert.equal(sent.subject, store.request(key)!.id);
    assert.equal(sent.session, 's1');
    assert.equal(sent.seq, undefined);
    assert.deepEqual(sent.data, { answer: { option: 'allow' } });
    assert.equal(sent.agent, 'aep-console');
    assert.equal(sent.source, 'aep://test-host/agent/aep-console');
    await waitFor(store, (s) => s.command(id)?.attempts === 1 && !s.command(id)?.queued, 'sent');
    conn.send(ackEvent('control.accepted', id));
    const command = await waitFor(
      store,
      (s) => (s.command(id)?.state === 'accepted' ? s.command(id) : undefined),
      'accepted',
    );
    assert.equal(command.attempts, 1);
  });

  it('settles rejected with reason and detail', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { text: 'maybe' });
    await conn.next(isCommand);
    conn.send(ackEvent('control.rejected', id, { reason: 'invalid', detail: 'field x' }));
    const command = await waitFor(
      store,
      (s) => (s.command(id)?.state === 'rejected' ? s.command(id) : undefined),
      'rejected',
    );
    assert.equal(command.reason, 'invalid');
    assert.equal(command.detail, 'field x');
  });

  it('settles refused-by-relay on an error frame with the cause; unauthorized flips watch-only', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'deny' });
    await conn.next(isCommand);
    conn.send({ type: 'error', cause: id, code: 'unauthorized', detail: 'watch-only relay' });
    const command = await waitFor(
      store,
      (s) => (s.command(id)?.state === 'refused-by-relay' ? s.command(id) : undefined),
      'refused',
    );
    assert.equal(command.code, 'unauthorized');
    assert.equal(command.detail, 'watch-only relay');
    assert.equal(store.getRelay(client.relay)?.watchOnly, true);
  });

  it('resends the same id on ack silence, twice, then times out locally; a late ack still settles', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    const first = await conn.next(isCommand);
    mock.timers.tick(9_999);
    await waitFor(store, (s) => s.command(id)?.attempts === 1, 'one send');
    mock.timers.tick(1);
    const second = await conn.next(isCommand);
    mock.timers.tick(10_000);
    const third = await conn.next(isCommand);
    assert.deepEqual(second, first, 'a retry is the byte-identical event');
    assert.deepEqual(third, first);
    mock.timers.tick(10_000);
    const timedOut = await waitFor(
      store,
      (s) => (s.command(id)?.state === 'timeout' ? s.command(id) : undefined),
      'timeout',
    );
    assert.equal(timedOut.attempts, 3);
    assert.equal(conn.frames.filter(isCommand).length, 3, 'timeout is never sent');
    mock.timers.tick(60_000);
    assert.equal(conn.frames.filter(isCommand).length, 3);
    conn.send(ackEvent('control.accepted', id));
    await waitFor(store, (s) => s.command(id)?.state === 'accepted', 'late ack settles');
  });

  it('uses the ack window from the roster', async () => {
    const { conn, store, client, key } = await ready([
      { session: 's1', control: { accepts: ['control.attention.respond'], ack_window_ms: 1_500 } },
    ]);
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    assert.equal(store.command(id)?.ackWindowMs, 1_500);
    await silentToTimeout(conn, store, id, { windowMs: 1_500, label: 'timeout after 3 × 1.5 s' });
  });

  it('clamps a hostile ack window read from the store to the default 10 s (no 1 ms timer, no overflow warning)', async () => {
    for (const hostile of [2 ** 40, 999, 0, -1, Infinity, NaN, 300_001]) {
      const { conn, store, client, key } = await ready();
      const read = mock.method(store, 'ackWindowMs', () => hostile);
      const warnings: Error[] = [];
      const onWarning = (w: Error): void => void warnings.push(w);
      process.on('warning', onWarning);
      try {
        const id = client.respond(key, { option: 'allow' });
        await conn.next(isCommand);
        assert.ok(read.mock.callCount() >= 1, 'the window is read from the store');
        assert.equal(store.command(id)?.ackWindowMs, 10_000, String(hostile));
        mock.timers.tick(9_999);
        await waitFor(store, (s) => s.command(id)?.attempts === 1, 'still one send');
        assert.equal(conn.frames.filter(isCommand).length, 1, `no early retry for ${hostile}`);
        mock.timers.tick(1);
        await conn.next(isCommand);
        assert.equal(store.command(id)?.attempts, 2);
        assert.deepEqual(
          warnings.filter((w) => w.name === 'TimeoutOverflowWarning'),
          [],
        );
      } finally {
        process.off('warning', onWarning);
        read.mock.restore();
        mock.timers.reset();
        await cleanUp();
      }
    }
  });

  it('resend() sends a timed-out command again with the same id and fresh retries', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    await silentToTimeout(conn, store, id);
    client.resend(id);
    const again = await conn.next(isCommand);
    assert.equal(again.id, id);
    await waitFor(store, (s) => s.command(id)?.state === 'sending' && s.command(id)?.attempts === 4, 'sending again');
    await silentToTimeout(conn, store, id, { attempts: 6, label: 'timeout again' });
    client.resend('unknown');
    client.resend(id);
    await conn.next(isCommand);
    conn.send(ackEvent('control.accepted', id));
    await waitFor(store, (s) => s.command(id)?.state === 'accepted', 'accepted');
    client.resend(id); // not timed out: ignored
    assert.equal(conn.frames.filter(isCommand).length, 7);
  });

  it("ignores an ack from another emitter that shares the session name; the target's ack settles", async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    // Same session name, other agent; then same agent and session on another host: neither is the target.
    conn.send({ ...ackEvent('control.accepted', id), source: 'aep://host-b/agent/codex/session/s1', agent: 'codex' });
    conn.send({ ...ackEvent('control.accepted', id), source: 'aep://host-z/agent/claude-code/session/s1' });
    conn.send(ackEvent('control.rejected', id, { reason: 'busy' })); // from the request's own source
    const command = await waitFor(
      store,
      (s) => (s.command(id)?.state !== 'sending' ? s.command(id) : undefined),
      'settled',
    );
    assert.equal(command.state, 'rejected', 'the impostor acks did not win');
    assert.equal(command.reason, 'busy');
  });

  it("when the request record is gone, an ack must match the request's session and agent", async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    const pruned = mock.method(store, 'request', () => undefined); // the store pruned the record
    try {
      conn.send({ ...ackEvent('control.accepted', id), source: 'aep://host-b/agent/codex/session/s1', agent: 'codex' });
      conn.send(ackEvent('control.accepted', id, {}, 's2')); // same agent, other session
      conn.send({
        ...ackEvent('control.rejected', id, { reason: 'refused' }),
        source: 'aep://host-a/agent/claude-code/session/s1-restarted',
      });
      const command = await waitFor(
        store,
        (s) => (s.command(id)?.state !== 'sending' ? s.command(id) : undefined),
        'settled',
      );
      assert.equal(command.state, 'rejected', 'only the ack with the same session and agent counts');
      assert.equal(command.reason, 'refused');
      assert.ok(pruned.mock.callCount() >= 1);
    } finally {
      pruned.mock.restore();
    }
  });

  it('a late ack after a local timeout still has to come from the target', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    await silentToTimeout(conn, store, id);
    conn.send({ ...ackEvent('control.accepted', id), source: 'aep://host-b/agent/codex/session/s1', agent: 'codex' });
    conn.send(ackEvent('control.rejected', id, { reason: 'invalid' }));
    const command = await waitFor(
      store,
      (s) => (s.command(id)?.state !== 'timeout' ? s.command(id) : undefined),
      'late ack',
    );
    assert.equal(command.state, 'rejected');
  });

  it('unknown request keys return an empty id and create nothing', async () => {
    const { store, client } = await ready();
    assert.equal(client.respond('no-such-key', { option: 'x' }), '');
    assert.equal(store.inFlightCommands().length, 0);
  });
});

describe('commands across a reconnect', () => {
  it('queues a command while disconnected and sends it once, same id, after the replay burst', async () => {
    const { relay, conn, store, client, key } = await ready();
    await drop(conn, store, client);
    const id = client.respond(key, { option: 'deny' });
    assert.equal(store.command(id)?.queued, true);
    assert.equal(store.command(id)?.attempts, 0);
    const second = await backLive(relay, store, client); // backoff: 500 ms × (1 + 0) with random 0.5
    second.send(requestEvent()); // a replayed event keeps the burst going
    await waitFor(store, (s) => s.allRequests().length === 2, 'replayed');
    assert.equal(second.frames.filter(isCommand).length, 0, 'held until the burst is over');
    mock.timers.tick(300);
    const sent = await second.next(isCommand);
    assert.equal(sent.id, id);
    await waitFor(store, (s) => s.command(id)?.attempts === 1 && !s.command(id)?.queued, 'sent');
  });

  it('puts an in-flight command back in the queue on a drop; a replayed ack settles it without a resend', async () => {
    const { relay, conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    conn.terminate();
    await waitFor(store, (s) => s.command(id)?.queued === true, 'queued again');
    assert.equal(store.command(id)?.state, 'sending');
    const second = await backLive(relay, store, client);
    second.send(ackEvent('control.accepted', id));
    await waitFor(store, (s) => s.command(id)?.state === 'accepted', 'accepted from the replay');
    mock.timers.tick(1_000);
    await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'burst over');
    assert.equal(second.frames.filter(isCommand).length, 0);
  });

  it('resends an in-flight command with the same id after reconnect when no ack was recorded', async () => {
    const { relay, conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    mock.timers.tick(10_000);
    await conn.next(isCommand); // second send of the round
    conn.terminate();
    await waitFor(store, (s) => s.command(id)?.queued === true, 'queued');
    const second = await backLive(relay, store, client);
    mock.timers.tick(300);
    const resent = await second.next(isCommand);
    assert.equal(resent.id, id);
    // A fresh round after the requeue: three sends on this connection before a timeout.
    await silentToTimeout(second, store, id);
  });
});

describe('stop', () => {
  it('settles an in-flight command as stopped-waiting (the console stopped, not the agent), never sent; resend() after stop() does nothing', async () => {
    const { conn, store, client, key } = await ready();
    const id = client.respond(key, { option: 'allow' });
    await conn.next(isCommand);
    await waitFor(store, (s) => s.command(id)?.attempts === 1, 'sent');
    const stopped = client.stop();
    const command = store.command(id);
    assert.equal(
      command?.state,
      'stopped-waiting',
      'settled at once, not "sending" forever, and not blamed on the agent',
    );
    assert.equal(command?.queued, false);
    await stopped;
    client.resend(id);
    assert.equal(store.command(id)?.state, 'stopped-waiting', 'resend after stop neither queues nor sends');
    assert.equal(store.command(id)?.queued, false);
    assert.equal(client.respond(key, { option: 'deny' }), '');
    mock.timers.tick(60_000);
    assert.equal(conn.frames.filter(isCommand).length, 1, 'nothing more on the wire');
    assert.deepEqual(store.inFlightCommands(), []);
  });

  it('settles a command still queued across an outage as stopped-waiting', async () => {
    const { relay, conn, store, client, key } = await ready();
    await drop(conn, store, client);
    const id = client.respond(key, { option: 'deny' });
    assert.equal(store.command(id)?.queued, true);
    await client.stop();
    assert.equal(store.command(id)?.state, 'stopped-waiting');
    assert.equal(store.command(id)?.attempts, 0);
    client.resend(id);
    mock.timers.tick(60_000);
    assert.equal(store.command(id)?.state, 'stopped-waiting');
    assert.equal(relay.connections.length, 1, 'no reconnect after stop');
    assert.deepEqual(store.inFlightCommands(), []);
  });
});
