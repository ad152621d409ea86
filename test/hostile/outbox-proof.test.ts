// A saved answer is dropped only with proof. Before, any
// burst, even from a relay without replay.all or one cut off at the time
// cap, was taken to show every request it did not bring back as closed, and
// the file was deleted. Now: a complete replay (replay.all, gone quiet) or a
// closing Event is proof; anything else keeps the file, sends nothing, and
// says so on the status line. Loopback fake relay, real files.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { Outbox } from '../../src/relay/outbox.js';
import type { RelayTiming } from '../../src/relay/timing.js';
import { relayUrls } from '../../src/relay/url.js';
import { ConsoleStore } from '../../src/store/store.js';
import { requestKey } from '../../src/store/types.js';
import { RELAY_HELLO, startFakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';

resetAfterEach();

const NO_REPLAY_ALL = { ...RELAY_HELLO, capabilities: { ...RELAY_HELLO.capabilities, replay: { buffer: 100 } } };

function savedFiles(state: string): string[] {
  return readdirSync(join(state, 'outbox')).filter((f) => f.endsWith('.json'));
}

/** A console (pid 2) taking over what a gone console (pid 1) saved for `request`; the test plays the relay. */
async function takeOver(options: { hello?: Record<string, unknown>; timing?: Partial<RelayTiming> } = {}) {
  const relay = await startFakeRelay(options.hello ? { hello: options.hello } : {});
  cleanups.push(() => relay.close());
  const state = join(mkdtempSync(join(tmpdir(), 'aep-console-proof-')), 'state');
  const request = requestEvent();
  const event = buildRespond({
    request: { id: request.id, session: 's1' },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
    fields: [],
  });
  const saved = {
    relay: relay.url,
    requestKey: requestKey(relayUrls(relay.url).relay, 's1', request.source, request.id),
    event,
    answer: { option: 'allow' },
    ackWindowMs: 10_000,
    createdAt: 1,
  };
  assert.equal((await new Outbox(state, { pid: 1, start: '1' }).record(saved)).ok, true);
  const store = new ConsoleStore();
  const client = new RelayClient({
    url: relay.url,
    token: 'tok',
    name: 'aep-console',
    host: 'h',
    store,
    outbox: new Outbox(state, { pid: 2, start: '2', alive: () => false }),
    timing: { ...FAST, ...options.timing },
  });
  cleanups.push(() => client.stop());
  client.start();
  const conn = await relay.connection(0);
  await conn.next('subscribe');
  const status = () => store.getRelay(client.relay)!;
  const burstOver = () =>
    waitFor(
      store,
      () => status().connection.kind === 'live' && !status().replaying && (status().outboxNotes?.length ?? 0) > 0,
      'burst over, saved answers decided',
    );
  return { relay, conn, state, request, saved, store, client, status, burstOver };
}

const closing = (request: AepEvent, type: string, data: Record<string, unknown>): AepEvent => ({
  ...requestEvent({ subject: request.id, seq: 50 }),
  type,
  data,
});

describe('saved answers are dropped only with proof', () => {
  it('a relay without replay.all: an unknown request is not taken for closed; kept, said; a later closing Event is proof', async () => {
    const t = await takeOver({ hello: NO_REPLAY_ALL });
    await t.burstOver();
    assert.deepEqual(t.status().outboxNotes, [
      `1 saved answer kept, not sent: the relay has no replay.all (in ${join(t.state, 'outbox')})`,
    ]);
    assert.equal(savedFiles(t.state).length, 1, 'not deleted');
    assert.ok(!t.status().warnings.some((w) => w.startsWith('dropped')));
    // The request shows up live, and then its resolution: that is proof it closed.
    t.conn.send(t.request);
    t.conn.send(closing(t.request, 'attention.resolved', { resolution: 'cancelled' }));
    await waitFor(
      t.store,
      () =>
        t
          .status()
          .warnings.includes(
            'dropped 1 saved answer: the relay shows the request closed (resolved by the agent (cancelled))',
          ),
      'the drop, with its reason',
    );
    assert.deepEqual(savedFiles(t.state), []);
    assert.deepEqual(t.status().outboxNotes, [], 'nothing kept any more');
    assert.equal(t.conn.frames.filter(isCommand).length, 0, 'never sent');
  });

  it("a replay cut off at the time cap proves nothing: an open request's saved answer is kept, not sent", async () => {
    const t = await takeOver({ timing: { replayQuietMs: 60_000, replayMaxMs: 150 } });
    t.conn.send(t.request);
    await t.burstOver();
    assert.deepEqual(t.status().outboxNotes, [
      `1 saved answer kept, not sent: the replay was cut off after 150 ms (in ${join(t.state, 'outbox')})`,
    ]);
    assert.equal(savedFiles(t.state).length, 1);
    const mine = t.client.respond(t.store.allRequests()[0].key, { option: 'deny' });
    assert.equal((await t.conn.next(isCommand)).id, mine, 'the saved answer did not go first');
  });

  it('a complete replay without the request: the relay no longer holds it, which is not proof it closed: kept, said', async () => {
    const t = await takeOver();
    await t.burstOver();
    assert.deepEqual(t.status().outboxNotes, [
      `1 saved answer kept, not sent: their requests are not in the relay's replay (in ${join(t.state, 'outbox')})`,
    ]);
    assert.equal(savedFiles(t.state).length, 1);
    // The next complete replay brings it back (its agent re-announced it): now it is resent, same id.
    t.conn.terminate();
    const again = await t.relay.connection(1);
    await again.next('subscribe');
    again.send(t.request);
    const resent = await again.next(isCommand);
    assert.equal(resent.id, t.saved.event.id);
    await waitFor(t.store, () => t.status().outboxNotes?.length === 0, 'nothing kept any more');
  });

  it('a complete replay showing the request timed out: dropped, the reason said', async () => {
    const t = await takeOver();
    t.conn.send(t.request);
    t.conn.send(closing(t.request, 'attention.timeout', { after_ms: 300_000 }));
    await waitFor(
      t.store,
      () => t.status().warnings.includes('dropped 1 saved answer: the relay shows the request closed (timed out)'),
      'said',
    );
    assert.deepEqual(savedFiles(t.state), []);
    assert.equal(t.conn.frames.filter(isCommand).length, 0);
  });
});
