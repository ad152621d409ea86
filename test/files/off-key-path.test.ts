// Journal and history writes off the key path, finished on every stop:
// a batch of 50 answers returns at once (nothing written or sent in the
// key's task), every answer goes on the wire only once its journal file is
// on disk, and a stop right after the batch (what SIGHUP waits for:
// settleWrites) finds all 50 journaled. Two consoles rotating the history at
// once rotate once: neither clobbers the previous file.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { settleWrites } from '../../src/files/pending.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { Outbox, type JournaledAnswer } from '../../src/files/outbox.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { DecisionLine } from '../../src/store/decisions.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';

resetAfterEach();

/** The real outbox, noting each answer once its journal write is done. */
class WatchedOutbox extends Outbox {
  readonly onDisk = new Set<string>();
  override async record(entry: JournaledAnswer) {
    const result = await super.record(entry);
    if (result.ok) this.onDisk.add(entry.event.id);
    return result;
  }
}

describe('off the key path', () => {
  it("a batch of 50: returns before any write, each sent only once journaled, all 50 on disk after the stop's wait", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-batch-'));
    const relay = await startFakeRelay();
    cleanups.push(() => relay.close());
    const outbox = new WatchedOutbox(dir, { pid: 3131, alive: () => true });
    const store = new ConsoleStore();
    const client = new RelayClient({
      url: relay.url,
      token: 'tok-batch',
      name: 'aep-console',
      host: 'h',
      store,
      outbox,
      timing: FAST,
    });
    cleanups.push(() => client.stop());
    client.start();
    const conn = await relay.connection(0);
    await conn.next('subscribe');
    const requests = Array.from({ length: 50 }, () => requestEvent());
    for (const request of requests) conn.send(request);
    await waitFor(
      store,
      (s) => (s.allRequests().length === 50 && !s.getRelay(client.relay)?.replaying) || undefined,
      '50 requests',
    );
    const sentBeforeJournal: string[] = [];
    store.subscribe((change) => {
      for (const id of change.commands)
        if ((store.command(id)?.attempts ?? 0) > 0 && !outbox.onDisk.has(id)) sentBeforeJournal.push(id);
    });
    const ids = store.allRequests().map((record) => client.respond(record.key, { option: 'allow' }));
    assert.equal(ids.filter(Boolean).length, 50);
    assert.equal(outbox.onDisk.size, 0, "the key's task wrote nothing: the writes run off the event loop");
    assert.ok(
      ids.every((id) => store.command(id)?.attempts === 0),
      "nothing sent in the key's task",
    );
    // What every stop waits for (q, SIGTERM, SIGHUP, SIGINT, a crash).
    assert.equal(await settleWrites(), true);
    assert.equal(
      readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json')).length,
      50,
      'every answer journaled',
    );
    for (let i = 0; i < 50; i++) await conn.next(isCommand);
    assert.deepEqual(sentBeforeJournal, [], 'no answer on the wire before its journal');
  });

  it('two consoles rotating the history at once rotate once, losing no line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-rotate-'));
    const line = (id: string): DecisionLine => ({
      t: 'decision',
      time: '2026-12-01T10:00:00.000Z',
      relay: 'http://r',
      source: 'aep://h/a',
      agent: 'a',
      session: 's',
      request: `req-${id}`,
      kind: 'permission',
      prompt: 'x'.repeat(200),
      action: 'answer',
      sent: { option: 'allow' },
      by: 'you',
      command_id: id,
      capture: 'redacted',
    });
    const seed = new DecisionLog(dir, { maxBytes: 4096 });
    for (let i = 0; i < 10; i++) assert.deepEqual(await seed.append([line(`seed-${i}`)]), { ok: true });
    const one = new DecisionLog(dir, { maxBytes: 4096 });
    const two = new DecisionLog(dir, { maxBytes: 4096 });
    const results = await Promise.all([
      one.append([line('one-a'), line('one-b')]),
      two.append([line('two-a'), line('two-b')]),
    ]);
    assert.deepEqual(results, [{ ok: true }, { ok: true }]);
    const ids = seed.read().decisions.map((d) => d.command_id);
    for (const id of ['one-a', 'one-b', 'two-a', 'two-b']) assert.ok(ids.includes(id), `${id} kept`);
    assert.ok(ids.includes('seed-9'), 'the previous file is the seeded one, not clobbered by a nearly empty one');
    assert.ok(readFileSync(seed.previous, 'utf8').includes('seed-0'));
    assert.deepEqual(
      readdirSync(dir).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp')),
      [],
    );
  });
});
