// Relay fault over real loopback sockets (hardening): an emitter
// restarts with a new `epoch` (seq starts over, its clock an hour behind).
// The console must order the session and resume by (epoch, seq), never by
// `time`. The demo relay runs without replay.all here, so every reconnect
// resumes from the console's own positions. Mock clock; sockets real.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ulid } from 'ulid';
import type { AepEvent } from '../../src/protocol/types.js';
import { barrier, emitter as rawEmitter, type TestClient } from '../demo/helpers.js';
import { burstOver, consoleOf, demoRelay, mockClock, onTeardown, tearDownAfterEach, TOKEN } from './fault-rig.js';
import { findRequest, waitFor, waitForConnection } from './helpers.js';

tearDownAfterEach();

const SESSION = 's_epoch';
const SOURCE = `aep://host-e/agent/codex/session/${SESSION}`;

/** One event of the session at (epoch, seq), stamped with the emitter's own (possibly wrong) clock. */
function at(epoch: number, seq: number, type: string, time: string, extra: Partial<AepEvent> = {}): AepEvent {
  return {
    aep: '0.1',
    id: ulid(),
    type,
    time,
    source: SOURCE,
    agent: 'codex',
    session: SESSION,
    epoch,
    seq,
    data: {},
    ...extra,
  };
}

function request(epoch: number, seq: number, time: string, prompt: string): AepEvent {
  return at(epoch, seq, 'attention.requested', time, {
    severity: 'notice',
    capture: 'redacted',
    data: { kind: 'input', prompt },
  });
}

/** One emitter process: a fresh emitter connection claiming the session. */
async function emitterProcess(url: string, instance: string): Promise<TestClient> {
  const c = await rawEmitter(url, TOKEN, { identity: { agent: 'codex', instance }, sessions: [SESSION] });
  onTeardown(() => c.close());
  return c;
}

describe('an emitter restarting with a new epoch', () => {
  it('orders the session and resumes by (epoch, seq), not by time', async () => {
    const relay = await demoRelay({ replayAll: false });
    mockClock();
    const { store, client } = consoleOf(relay);
    client.start();
    await waitForConnection(store, client.relay, 'live');
    await burstOver(store, client);
    assert.equal(relay.faults.subscribes()[0].from, undefined, 'nothing seen yet: live only');

    // Process 1 (epoch 0): raises a request, then its session ends without answering it.
    const v1 = await emitterProcess(relay.url, 'host-e/1');
    const old = request(0, 1, '2026-07-03T12:01:00Z', 'old process: continue?');
    v1.send(at(0, 0, 'session.started', '2026-07-03T12:00:00Z'));
    v1.send(old);
    v1.send(at(0, 2, 'session.ended', '2026-07-03T12:02:00Z', { data: { reason: 'exit' } }));
    await waitFor(store, (s) => findRequest(s, old.id)?.state === 'stale', 'stale: its session ended');
    assert.deepEqual(store.resumePositions(client.relay), [{ session: SESSION, epoch: 0, seq: 2 }]);
    await v1.close();

    // The console is away while process 2 starts: epoch 1, seq from 0 again, its clock an hour behind.
    relay.faults.closing('shutdown', 1001);
    await waitForConnection(store, client.relay, 'reconnecting');
    const v2 = await emitterProcess(relay.url, 'host-e/2');
    const fresh = request(1, 1, '2026-07-03T11:01:00Z', 'new process: deploy?');
    v2.send(at(1, 0, 'session.started', '2026-07-03T11:00:00Z'));
    v2.send(fresh);
    await barrier(v2);

    mock.timers.tick(500);
    await waitForConnection(store, client.relay, 'live', 'live again');
    assert.deepEqual(
      relay.faults.subscribes()[1].from,
      [{ session: SESSION, epoch: 0, seq: 2 }],
      'resumes after the last (epoch, seq) seen',
    );
    const reopened = await waitFor(store, (s) => findRequest(s, fresh.id), 'the new epoch, from the replay');
    await burstOver(store, client);
    assert.equal(reopened.state, 'pending', 'after the end in (epoch, seq) order, though stamped an hour before it');
    assert.equal(findRequest(store, old.id)?.state, 'stale', 'the old request stays stale');
    assert.deepEqual(store.resumePositions(client.relay), [{ session: SESSION, epoch: 1, seq: 1 }]);

    // Live: a new-epoch request, then a late epoch-0 event with the newest timestamp, then a seq-less
    // routing note as a marker that both were applied.
    const next = request(1, 2, '2026-07-03T11:02:00Z', 'new process: migrate?');
    v2.send(next);
    await barrier(v2);
    relay.publish(at(0, 3, 'session.compacted', '2026-07-03T13:00:00Z'));
    relay.publish({
      aep: '0.1',
      id: ulid(),
      type: 'attention.routed',
      time: '2026-07-03T13:00:01Z',
      source: 'aep://host-p/agent/pager',
      agent: 'pager',
      session: SESSION,
      subject: fresh.id,
      data: { to: 'oncall' },
    });
    await waitFor(store, (s) => findRequest(s, fresh.id)?.routed.length === 1, 'the marker');
    assert.equal(findRequest(store, next.id)?.state, 'pending');
    assert.deepEqual(
      store.resumePositions(client.relay),
      [{ session: SESSION, epoch: 1, seq: 2 }],
      'an older epoch never moves the position back',
    );

    relay.faults.closing('shutdown', 1001);
    await waitForConnection(store, client.relay, 'reconnecting');
    // The second failure in a row: the last connection never proved stable (30 s), so the backoff doubled.
    mock.timers.tick(1000);
    await waitForConnection(store, client.relay, 'live', 'live once more');
    assert.deepEqual(relay.faults.subscribes()[2].from, [{ session: SESSION, epoch: 1, seq: 2 }]);
    await burstOver(store, client);
    assert.equal(store.allRequests().length, 3, 'nothing replayed twice');
  });
});
