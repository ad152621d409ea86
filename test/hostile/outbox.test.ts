// Hostile relay, attack 3: an answer given while the relay is down
// ("queued"), then the console is stopped (SIGTERM stops the relay clients
// exactly like this). The answer was journaled (0600) before it could be
// lost; the next console resends it with the same command id once the
// replay shows its request still open, or drops it (and says so) when the
// request closed. Two consoles never both take one answer. Loopback fake
// relay; each console is a store + relay client with its own outbox owner.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { settleWrites } from '../../src/files/pending.js';
import { RelayClient } from '../../src/relay/client.js';
import { Outbox } from '../../src/files/outbox.js';
import { ConsoleStore } from '../../src/store/store.js';
import { agreeingAnswer } from '../support/journal.js';
import { startFakeRelay, type FakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { ackEvent, requestEvent, waitFor, waitForConnection } from '../relay/helpers.js';

resetAfterEach();
const running = new Set<number>();

function consoleOn(relay: FakeRelay, dir: string, pid: number) {
  running.add(pid);
  const outbox = new Outbox(dir, { pid, alive: (p) => running.has(p) });
  const store = new ConsoleStore();
  const client = new RelayClient({
    url: relay.url,
    token: 'tok-outbox',
    name: 'aep-console',
    host: 'h',
    store,
    outbox,
    timing: FAST,
  });
  const stop = async () => {
    await client.stop();
    running.delete(pid);
  };
  cleanups.push(stop);
  return { outbox, store, client, stop };
}

const files = (dir: string) => readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json'));

async function answeredWhileDown(closeAfter: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-outbox-'));
  const relay = await startFakeRelay({ sse: true });
  cleanups.push(() => relay.close());
  const request = requestEvent();
  const first = consoleOn(relay, dir, 1001);
  first.client.start();
  const conn = await relay.connection(0);
  conn.send(request);
  const record = await waitFor(first.store, (s) => s.allRequests()[0], 'the request');
  await waitFor(first.store, (s) => !s.getRelay(first.client.relay)?.replaying, 'burst over');
  // The relay goes away and stays away: the answer is queued.
  relay.options.rejectStatus = 503;
  conn.terminate();
  await waitForConnection(first.store, first.client.relay, 'reconnecting');
  const id = first.client.respond(record.key, { option: 'deny' });
  assert.equal(first.store.command(id)?.queued, true, 'queued');
  await settleWrites();
  assert.deepEqual(files(dir).length, 1, 'journaled before anything was sent');
  assert.equal(statSync(join(dir, 'outbox', files(dir)[0])).mode & 0o777, 0o600);
  assert.equal(statSync(join(dir, 'outbox')).mode & 0o777, 0o700);
  await first.stop(); // SIGTERM
  assert.equal(files(dir).length, 1, 'a stop does not clear the journal');

  relay.options.rejectStatus = undefined;
  const second = consoleOn(relay, dir, 1002);
  second.client.start();
  const conn2 = await relay.connection(relay.connections.length);
  // A relay replays after the subscribe: a request sent before it would not be in the replay (and so not vouched for).
  await conn2.next('subscribe');
  conn2.send(request);
  if (closeAfter)
    conn2.send({ ...requestEvent({ subject: request.id, seq: 99 }), type: 'attention.timeout', data: {} });
  return { dir, id, relay, conn2, second, request };
}

describe('durable outbox', () => {
  it('an answer queued when the console is stopped is resent by the next console with the same command id, and cleared on the ack', async () => {
    const { dir, id, conn2, second } = await answeredWhileDown(false);
    const resent = await conn2.next(isCommand);
    assert.equal(resent.id, id, 'the original command id');
    assert.deepEqual(resent.data.answer, { option: 'deny' });
    await waitFor(
      second.store,
      (s) =>
        s.getRelay(second.client.relay)?.warnings.some((w) => /resending 1 answer saved by an earlier console/.test(w)),
      'said on the status line',
    );
    conn2.send(ackEvent('control.accepted', id));
    await waitFor(second.store, (s) => s.command(id)?.state === 'accepted', 'accepted');
    assert.deepEqual(files(dir), [], 'cleared once acknowledged');
  });

  it('an answer whose request closed meanwhile is dropped, and that is said', async () => {
    const { dir, conn2, second } = await answeredWhileDown(true);
    await waitFor(
      second.store,
      (s) =>
        s
          .getRelay(second.client.relay)
          ?.warnings.some((w) => /dropped 1 saved answer: the relay shows the request closed \(timed out\)/.test(w)),
      'said',
    );
    assert.deepEqual(files(dir), []);
    assert.equal(conn2.frames.filter(isCommand).length, 0, 'nothing sent');
  });

  it("two consoles starting at once never both take one answer; a running console's answers are not taken at all", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-outbox-'));
    const owner = new Outbox(dir, { pid: 3001, alive: () => true });
    const entry = (id: string) => ({
      relay: 'http://r',
      ...agreeingAnswer(id),
      answer: { option: 'x' },
      ackWindowMs: 10_000,
      createdAt: 1,
    });
    assert.deepEqual(await owner.record(entry('A1')), { ok: true });
    const a = new Outbox(dir, { pid: 3002, alive: (p) => p !== 3001 });
    const b = new Outbox(dir, { pid: 3003, alive: (p) => p !== 3001 });
    const live = new Outbox(dir, { pid: 3004, alive: () => true });
    assert.deepEqual(live.recover('http://r').entries, [], 'the owner is running: not taken');
    const taken = [...a.recover('http://r').entries, ...b.recover('http://r').entries];
    assert.equal(taken.length, 1, 'exactly one of the two');
    // Garbage in the directory is kept aside and reported, never sent.
    writeFileSync(join(dir, 'outbox', `${files(dir)[0].slice(0, 16)}-BAD.1.json`), '{not json', { mode: 0o600 });
    const later = new Outbox(dir, { pid: 3005, alive: () => false }).recover('http://r');
    assert.deepEqual(
      later.entries.map((e) => e.event.id),
      ['A1'],
    );
    assert.deepEqual(
      later.keptAside.map((k) => k.why),
      ['torn: not complete JSON'],
    );
    assert.ok(!files(dir).some((f) => f.includes('BAD')));
  });

  it('the journal is bounded: past its cap an answer is still sent, but not saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-outbox-'));
    const outbox = new Outbox(dir, { maxEntries: 2, maxEntryBytes: 400 });
    const entry = (id: string, text = '') => ({
      relay: 'http://r',
      ...agreeingAnswer(id),
      answer: { text },
      ackWindowMs: 1,
      createdAt: 1,
    });
    assert.equal((await outbox.record(entry('a'))).ok, true);
    assert.equal((await outbox.record(entry('b', 'x'.repeat(500)))).ok, false, 'too large');
    assert.equal((await outbox.record(entry('c'))).ok, true);
    assert.deepEqual(await outbox.record(entry('d')), { ok: false, reason: '2 answers already waiting' });
  });
});
