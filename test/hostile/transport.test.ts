// Hostile relay, attacks 4–6: a relay that closes 300 ms after
// every subscribe (reconnect storm), a half-open link that swallows an answer,
// and a relay that speaks another version (the smaller failures: slow retry,
// the last reason on the status line, close codes in words). Loopback fake
// relay, node:test mock clock for every delay; each loop is bounded.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { DEFAULT_TIMING } from '../../src/relay/timing.js';
import { connectionText } from '../../src/ui/inbox/status-view.js';
import { isCommand, ready, resetAfterEach, setup } from '../relay/harness.js';
import { ackEvent, waitFor, waitForConnection } from '../relay/helpers.js';

resetAfterEach();

describe('reconnect storm: a relay that closes 300 ms after each subscribe', () => {
  it('backs off to the cap instead of redialling ~1.2×/s: a few reconnects a minute; the status names the last failure', async () => {
    const { relay, store, client } = await setup({}, { timing: {}, random: () => 0.5 });
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
    client.start();
    const started = Date.now();
    const connectedAt: number[] = [];
    const delays: number[] = [];
    // Ten simulated minutes, or 60 connections, whichever comes first: the loop ends by itself.
    for (let n = 0; n < 60 && Date.now() - started < 10 * 60_000; n++) {
      const conn = await relay.connection(n);
      connectedAt.push(Date.now());
      await conn.next('subscribe');
      await waitForConnection(store, client.relay, 'live');
      mock.timers.tick(300);
      conn.close(1000, 'flap');
      const state = await waitForConnection(store, client.relay, 'reconnecting');
      assert.match(state.reason ?? '', /closed by relay \(1000: normal close; flap\)/);
      const delay = state.retryAt - Date.now();
      delays.push(delay);
      mock.timers.tick(delay);
      // Between the retry and the open, the status keeps the reason.
      const connecting = store.getRelay(client.relay)?.connection;
      assert.equal(connecting?.kind, 'connecting');
      assert.match(
        connectionText(connecting!, Date.now()).text,
        /connecting \(last attempt: closed by relay \(1000: normal close; flap\)\)/,
      );
    }
    const lastMinute = connectedAt.filter((t) => t > Date.now() - 60_000).length;
    console.log(
      `storm: ${connectedAt.length} connections in ${Math.round((Date.now() - started) / 1000)} s simulated; ${lastMinute} in the last minute; delays ${delays.slice(0, 8).join(', ')} … ms`,
    );
    assert.ok(lastMinute <= 5, `reconnects per minute once backed off: ${lastMinute}`);
    assert.equal(Math.max(...delays), DEFAULT_TIMING.backoffMaxMs, 'capped');
    assert.ok(
      delays.slice(0, 6).every((d, i) => i === 0 || d > delays[i - 1]),
      `grows: ${delays.join(',')}`,
    );
  });

  it('a connection that stays up 30 s has proved stable: the next failure starts the backoff again from 500 ms; 1006 is explained', async () => {
    const { relay, store, client } = await setup({}, { timing: {}, random: () => 0.5 });
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
    client.start();
    for (let n = 0; n < 3; n++) {
      const conn = await relay.connection(n);
      await waitForConnection(store, client.relay, 'live');
      conn.close(1000);
      const state = await waitForConnection(store, client.relay, 'reconnecting');
      mock.timers.tick(state.retryAt - Date.now());
    }
    const steady = await relay.connection(3);
    await waitForConnection(store, client.relay, 'live');
    mock.timers.tick(30_000);
    steady.terminate();
    const state = await waitForConnection(store, client.relay, 'reconnecting');
    assert.equal(state.retryAt - Date.now(), 500);
    assert.match(state.reason ?? '', /1006: connection lost without a close frame/);
  });
});

describe('half-open link: the relay stops reading and answering, without closing', () => {
  it('the answer is not blamed on the agent: the dead link is dropped and the same command id is delivered on the next connection', async () => {
    const { relay, conn, store, client, key } = await ready();
    const states: string[] = [];
    store.subscribe(() => {
      const c = store.lastCommandFor(key);
      if (c && states[states.length - 1] !== `${c.state}${c.queued ? '/queued' : ''}`)
        states.push(`${c.state}${c.queued ? '/queued' : ''}`);
    });
    relay.options.pong = false; // from now on the relay answers nothing
    const deadAt = Date.now();
    const id = client.respond(key, { option: 'deny' });
    await conn.next(isCommand);
    mock.timers.tick(10_000); // the ack window passes in silence: the link is probed, not the command resent
    await conn.next('ping');
    assert.equal(conn.frames.filter(isCommand).length, 1, 'no resend into a silent link');
    relay.options.pong = true; // the relay process is fine; only this link is dead
    mock.timers.tick(5_000); // no answer to the probe: the link is dropped
    const down = await waitForConnection(store, client.relay, 'reconnecting');
    assert.match(down.reason ?? '', /no answer to a ping within 5 s: the link is dead/);
    assert.equal(store.command(id)?.queued, true, 'back in the queue, not timed out');
    mock.timers.tick(down.retryAt - Date.now());
    const second = await relay.connection(1);
    await waitForConnection(store, client.relay, 'live');
    mock.timers.tick(30); // the replay burst goes quiet: queued commands go out
    const resent = await second.next(isCommand);
    assert.equal(resent.id, id, 'the same command id');
    second.send(ackEvent('control.accepted', id));
    await waitFor(store, (s) => s.command(id)?.state === 'accepted', 'delivered and accepted');
    console.log(
      `half-open: dead link to delivered answer in ${Math.round((Date.now() - deadAt) / 100) / 10} s (ack window 10 s, probe 5 s, backoff ${down.retryAt - deadAt - 15_000} ms, replay quiet 30 ms); states ${states.join(' → ')}`,
    );
    assert.ok(!states.includes('timeout'), `never blamed on the agent: ${states.join(' → ')}`);
    assert.ok(Date.now() - deadAt <= 16_000);
  });
});
