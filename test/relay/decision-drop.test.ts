// A saved answer dropped on proof is a decision too: the console
// that took it over from a stopped one records the drop, what was saved, and
// why. Loopback fake relay (it plays the replay), real files.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { Outbox } from '../../src/files/outbox.js';
import { relayUrls } from '../../src/protocol/relay-url.js';
import { ConsoleStore } from '../../src/store/store.js';
import { requestKey } from '../../src/store/types.js';
import { startFakeRelay } from './fake-relay.js';
import { FAST, cleanups, resetAfterEach } from './harness.js';
import { requestEvent, waitFor } from './helpers.js';

resetAfterEach();

describe('a dropped saved answer in the history', () => {
  it('is one decision (action drop) with what was saved, completed closed-elsewhere with the reason', async () => {
    const relay = await startFakeRelay({ sse: true });
    cleanups.push(() => relay.close());
    const state = join(mkdtempSync(join(tmpdir(), 'aep-console-drop-')), 'state');
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
    const log = new DecisionLog(state);
    const recorder = new DecisionRecorder(store, log);
    recorder.start();
    const client = new RelayClient({
      url: relay.url,
      token: 'tok',
      name: 'aep-console',
      host: 'h',
      store,
      outbox: new Outbox(state, { pid: 2, start: '2', alive: () => false }),
      decisions: recorder,
      timing: FAST,
    });
    cleanups.push(() => client.stop());
    client.start();
    const conn = await relay.connection(0);
    await conn.next('subscribe');
    conn.send(request);
    const timedOut: AepEvent = {
      ...requestEvent({ subject: request.id, seq: 50 }),
      type: 'attention.timeout',
      data: { after_ms: 300_000 },
    };
    conn.send(timedOut);
    await waitFor(
      store,
      () => store.getRelay(client.relay)!.warnings.some((w) => w.startsWith('dropped 1 saved answer')),
      'the drop',
    );
    await recorder.flush();
    const [decision, ...others] = log.read().decisions;
    assert.equal(others.length, 0);
    assert.equal(decision.action, 'drop');
    assert.equal(decision.command_id, event.id);
    assert.equal(decision.request, request.id);
    assert.deepEqual(decision.sent, { option: 'allow' });
    assert.equal(decision.outcomes.length, 1);
    assert.equal(decision.outcomes[0].state, 'closed-elsewhere');
    assert.equal(decision.outcomes[0].reason, 'the relay shows the request closed (timed out)');
  });
});
