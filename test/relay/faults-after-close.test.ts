// End to end on the demo relay: an answer given while the
// relay is away is queued; meanwhile another operator answers and the agent
// resolves the request; on reconnect the replay shows it closed, so the
// queued answer is never sent (it once went out three times), its journal
// file goes, and the row says why. Mock clock; sockets real.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, mock } from 'node:test';
import { settleWrites } from '../../src/files/pending.js';
import { Outbox } from '../../src/files/outbox.js';
import { answerStatusLines } from '../../src/ui/inbox/answer-status.js';
import { rowStatus } from '../../src/ui/inbox/row-status.js';
import { UTF8_GLYPHS } from '../../src/ui/glyphs.js';
import { burstOver, consoleOf, demoRelay, emitter, mockClock, tearDownAfterEach } from './fault-rig.js';
import { findRequest, waitFor, waitForConnection } from './helpers.js';

tearDownAfterEach();

const lineText = (lines: { text: string }[][]) => lines.map((line) => line.map((s) => s.text).join('')).join(' ');

describe('a queued answer whose request closed during the outage', () => {
  it('is not sent on reconnect: the replay shows it answered by someone else, the command says "not sent" and who answered', async () => {
    const relay = await demoRelay();
    const agent = emitter(relay, 's_after_close');
    await agent.connected(1);
    const drop = agent.raise('Drop the production database?');
    await agent.synced();

    mockClock();
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-after-close-'));
    const { store, client } = consoleOf(relay, { outbox: new Outbox(dir) });
    client.start();
    await waitForConnection(store, client.relay, 'live');
    await waitFor(store, (s) => findRequest(s, drop), 'the request');
    await burstOver(store, client);

    // The relay sheds this console; it will retry in 500 ms (mock clock, not ticked yet).
    relay.faults.closing('maintenance');
    await waitForConnection(store, client.relay, 'reconnecting');
    const mine = client.respond(findRequest(store, drop)!.key, { option: 'allow' });
    assert.equal(store.command(mine)?.queued, true, 'queued while away');
    await settleWrites(); // the journal write runs off the event loop
    assert.equal(readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json')).length, 1, 'journaled');

    // Another operator, connected meanwhile, answers; the agent applies it and resolves.
    const other = consoleOf(relay, { name: 'other-op' });
    other.client.start();
    await waitForConnection(other.store, other.client.relay, 'live');
    const theirs = await waitFor(other.store, (s) => findRequest(s, drop), 'the other console sees the request');
    const sent = other.client.respond(theirs.key, { option: 'deny' });
    await waitFor(other.store, (s) => findRequest(s, drop)?.state === 'resolved', 'resolved by the other answer');
    await agent.synced();
    assert.deepEqual(
      agent.received.map((c) => c.id),
      [sent],
    );

    // Back: the replay shows the request answered and resolved; the queued answer waits for the replay, then is not sent.
    mock.timers.tick(500);
    await waitForConnection(store, client.relay, 'live');
    await waitFor(store, (s) => findRequest(s, drop)?.state === 'resolved', 'the replay shows it resolved');
    await burstOver(store, client);
    const command = await waitFor(
      store,
      (s) => (s.command(mine)?.state === 'not-sent' ? s.command(mine) : undefined),
      'not sent',
    );
    assert.equal(command.reason, 'not sent: the request closed while you were offline (answered by other-op)');
    assert.equal(command.attempts, 0);
    assert.deepEqual(
      readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json')),
      [],
      'its journal file is gone: the request is closed',
    );

    // A few ack windows later nothing has gone out, ever.
    for (let i = 0; i < 4; i++) mock.timers.tick(10_000);
    await agent.synced();
    assert.deepEqual(
      agent.received.map((c) => c.id),
      [sent],
      "only the other operator's answer reached the agent",
    );

    // What the operator sees: the row and the detail say it.
    const record = findRequest(store, drop)!;
    assert.equal(rowStatus(record, command, UTF8_GLYPHS)?.text, 'not sent');
    const detail = lineText(answerStatusLines(record, command, 200));
    assert.match(detail, /⊘ not sent: the request closed while you were offline \(answered by other-op\)/);
    assert.match(detail, /resolved|answered/, 'and the outcome as recorded');
  });
});
