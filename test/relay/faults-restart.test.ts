// Relay fault over real loopback sockets (hardening): the demo relay
// is killed partway through the console's replay and comes back on the same
// port with an empty buffer. Mock clock; sockets real.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ulid } from 'ulid';
import type { AepEvent } from '../../src/protocol/types.js';
import {
  burstOver,
  consoleOf,
  demoRelay,
  emitter,
  mockClock,
  restarted,
  tearDownAfterEach,
  TOKEN,
} from './fault-rig.js';
import { findRequest, relayStatus, waitFor, waitForConnection } from './helpers.js';

tearDownAfterEach();

/** A request whose agent is gone: only the relay's buffer held it. */
function orphanRequest(): AepEvent {
  return {
    aep: '0.1',
    id: ulid(),
    type: 'attention.requested',
    time: new Date().toISOString(),
    source: 'aep://host-o/agent/codex/session/s_orphan',
    agent: 'codex',
    session: 's_orphan',
    seq: 1,
    severity: 'notice',
    data: { kind: 'input', prompt: 'Which branch should I rebase on?' },
  };
}

describe('relay killed mid-replay, restarted with an empty buffer', () => {
  it('keeps the known requests listed (the one the relay lost marked), duplicates nothing, and delivers the answer typed during the outage once, same id', async () => {
    const first = await demoRelay();
    const agent = emitter(first, 's_restart');
    await agent.connected(1);
    const orphan = orphanRequest();
    first.publish(orphan);
    const deploy = agent.raise('deploy to prod?');
    const cache = agent.raise('delete the cache?');
    await agent.synced();
    // The relay will write two events of its replay and then hang.
    first.faults.stallReplayAfter(2);

    mockClock();
    const { store, client } = consoleOf(first);
    client.start();
    await waitFor(
      store,
      (s) => findRequest(s, orphan.id) && findRequest(s, deploy),
      'the first two events of the replay',
    );
    assert.equal(relayStatus(store, client.relay).replaying, true, 'the replay is still going when the relay dies');
    assert.equal(findRequest(store, cache), undefined, 'the rest of the replay never came');
    await first.faults.kill();
    await waitForConnection(store, client.relay, 'reconnecting');

    // Typed while the relay is down: queued, nothing on any wire yet.
    const commandId = client.respond(findRequest(store, deploy)!.key, { option: 'allow' });
    assert.equal(store.command(commandId)?.queued, true);

    const second = await restarted(first);
    await agent.connected(2); // the emitter re-claims its session and re-announces its pending requests
    await agent.synced();
    assert.deepEqual(
      second.faults.buffered().map((e) => e.id),
      [deploy, cache],
      'the new relay knows nothing of the orphan',
    );

    mock.timers.tick(500); // the client's first backoff step
    await waitForConnection(store, client.relay, 'live');
    await waitFor(store, (s) => findRequest(s, cache), 'the request the stalled replay withheld');
    assert.equal(agent.received.length, 0, 'queued commands wait for the replay to end');
    await burstOver(store, client);

    const command = await waitFor(
      store,
      (s) => (s.command(commandId)?.state === 'accepted' ? s.command(commandId) : undefined),
      'accepted',
    );
    await waitFor(store, (s) => findRequest(s, deploy)?.state === 'resolved', 'resolved');
    assert.equal(command.attempts, 1);
    assert.deepEqual(
      agent.received.map((c) => c.id),
      [commandId],
      'delivered exactly once, with the id it was given offline',
    );
    assert.equal(findRequest(store, deploy)?.answered?.cause, commandId);

    const ids = store.allRequests().map((r) => r.id);
    assert.equal(ids.length, 3, 'nothing duplicated');
    assert.deepEqual(new Set(ids), new Set([orphan.id, deploy, cache]));
    const lost = findRequest(store, orphan.id)!;
    assert.equal(lost.state, 'pending', 'still listed');
    assert.equal(lost.unconfirmed, true, 'marked: the relay no longer vouches for it');
    assert.ok(!findRequest(store, deploy)?.unconfirmed);
    assert.ok(!findRequest(store, cache)?.unconfirmed);

    mock.timers.tick(10_000); // a full ack window: a settled command is never resent
    await agent.synced();
    assert.equal(agent.received.length, 1);

    // Its agent comes back and re-announces it: the mark goes.
    second.publish(orphan);
    await waitFor(store, (s) => findRequest(s, orphan.id)?.unconfirmed === false, 'mark cleared');
    assert.equal(store.allRequests().length, 3);
    assert.ok(!JSON.stringify(store.relays()).includes(TOKEN));
  });
});
