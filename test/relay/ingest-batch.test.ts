// Bursts from the network are applied in batches: one store notification per
// turn of the event loop, across every relay of the console, in arrival order.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { IngestBatch } from '../../src/relay/ingest-batch.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startFakeRelay, type FakeRelay } from './fake-relay.js';
import { FAST } from './harness.js';
import { requestEvent, waitFor, waitForConnection } from './helpers.js';

const relays: FakeRelay[] = [];
const clients: RelayClient[] = [];
after(async () => {
  await Promise.all(clients.map((c) => c.stop()));
  await Promise.all(relays.map((r) => r.close()));
});

describe('store.batch', () => {
  it('notifies once at the end, and only if something changed', () => {
    const store = new ConsoleStore();
    let heard = 0;
    store.subscribe(() => heard++);
    store.batch(() => {
      store.addRelay('http://a');
      store.applyEvent('http://a', requestEvent());
      store.applyEvent('http://a', requestEvent());
      store.batch(() => store.applyEvent('http://a', requestEvent()));
      assert.equal(heard, 0, 'nothing is heard inside the batch, nested ones included');
    });
    assert.equal(heard, 1);
    assert.equal(store.allRequests().length, 3);
    store.batch(() => {});
    assert.equal(heard, 1, 'an empty batch is silent');
  });

  it('a flush from inside a handler (the gate folding what arrived) runs the rest in arrival order, each once', () => {
    const store = new ConsoleStore();
    const batch = new IngestBatch(store, () => {});
    const ran: string[] = [];
    batch.add(() => {
      ran.push('h1');
      batch.add(() => ran.push('h4'));
      batch.flush();
      ran.push('h1 done');
    });
    batch.add(() => ran.push('h2'));
    batch.add(() => ran.push('h3'));
    batch.flush();
    batch.flush();
    assert.deepEqual(ran, ['h1', 'h2', 'h3', 'h4', 'h1 done']);
  });

  it('still notifies when a handler throws', () => {
    const store = new ConsoleStore();
    let heard = 0;
    store.subscribe(() => heard++);
    const batch = new IngestBatch(store, () => {});
    batch.add(() => store.addRelay('http://a'));
    batch.add(() => {
      throw new Error('a bad frame');
    });
    batch.add(() => store.applyEvent('http://a', requestEvent()));
    batch.flush();
    assert.equal(heard, 1);
    assert.equal(store.allRequests().length, 1, 'the handler after the throwing one ran');
  });
});

describe('relay clients', () => {
  it('apply a burst from two relays in one notification, in order', async () => {
    const store = new ConsoleStore();
    const ingest = new IngestBatch(store);
    for (let i = 0; i < 2; i++) {
      const relay = await startFakeRelay();
      relays.push(relay);
      const client = new RelayClient({
        url: relay.url,
        token: 'tok',
        name: 'aep-console',
        host: 'h',
        store,
        timing: FAST,
        ingest,
      });
      clients.push(client);
      client.start();
      await waitForConnection(store, client.relay, 'live');
    }
    const conns = await Promise.all(relays.map((relay) => relay.connection(0)));
    let heard = 0;
    store.subscribe(() => heard++);
    const burst = 300;
    // Both relays write before the console's next turn of the event loop.
    const sent: string[][] = [];
    for (const conn of conns) {
      const events = Array.from({ length: burst }, () => requestEvent());
      sent.push(events.map((e) => e.id));
      for (const event of events) conn.ws.send(JSON.stringify(event));
    }
    await waitFor(store, (s) => s.allRequests().length === burst * 2, 'all requests');
    assert.ok(heard < 20, `${burst * 2} events were heard as ${heard} notifications`);
    for (const [i, client] of clients.entries()) {
      const arrived = store
        .allRequests()
        .filter((r) => r.relay === client.relay)
        .sort((a, b) => a.arrival - b.arrival);
      assert.deepEqual(
        arrived.map((r) => r.id),
        sent[i],
        'arrival order kept',
      );
    }
  });
});
