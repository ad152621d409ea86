// The demo relay takes a consumer's seq-less attention.routed (AEP-0002
// §7.3: consumer-emitted, it MUST omit seq, AEP-0001 §5.2): fanned out live,
// kept for replay, byte for byte, without an error frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoRelay } from '../../src/demo/relay.js';
import { buildRouted, consoleSource } from '../../src/protocol/routed.js';
import { consumer } from './helpers.js';

const TOKEN = 'routed-token-not-secret';

test('a seq-less attention.routed from a consumer is fanned out live and replayed; no error frame', async () => {
  const relay = await startDemoRelay({ port: 0, token: TOKEN });
  const sender = await consumer(relay.url, TOKEN);
  const other = await consumer(relay.url, TOKEN);
  try {
    const note = buildRouted({
      request: { id: 'R1', session: 's1' },
      name: 'ops-1',
      source: consoleSource('box', 'ops-1', '1-ab'),
    });
    sender.send(note);
    const live = await other.waitFor((f) => f.type === 'attention.routed');
    assert.deepEqual(live, note);
    const echoed = await sender.waitFor((f) => f.type === 'attention.routed');
    assert.equal(echoed.id, note.id, 'the sender sees its own note too');
    assert.equal(
      sender.frames.some((f) => f.type === 'error'),
      false,
      'not refused',
    );
    const late = await consumer(relay.url, TOKEN);
    try {
      assert.deepEqual(await late.waitFor((f) => f.type === 'attention.routed'), note, 'replayed from the buffer');
    } finally {
      await late.close();
    }
  } finally {
    await sender.close();
    await other.close();
    await relay.close();
  }
});

test('the fault: a relay that refuses seq-less routed Events answers invalid-event naming the Event, and delivers nothing', async () => {
  const relay = await startDemoRelay({ port: 0, token: TOKEN });
  relay.faults.refuseEvents((event) =>
    event.type === 'attention.routed' && event.seq === undefined ? 'seq required' : undefined,
  );
  const sender = await consumer(relay.url, TOKEN);
  try {
    const note = buildRouted({
      request: { id: 'R1', session: 's1' },
      name: 'ops-1',
      source: consoleSource('box', 'ops-1', '1-ab'),
    });
    sender.send(note);
    const refused = await sender.waitFor((f) => f.type === 'error');
    assert.deepEqual(refused, { type: 'error', code: 'invalid-event', detail: 'seq required', cause: note.id });
    assert.equal(
      relay.faults.buffered().some((e) => e.id === note.id),
      false,
    );
  } finally {
    await sender.close();
    await relay.close();
  }
});
