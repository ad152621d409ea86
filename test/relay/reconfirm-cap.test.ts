// A replay after a reconnect that is cut off at its length cap (live traffic
// that never pauses) has not shown everything the relay holds: it must not
// mark known requests as "not re-confirmed".
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startFakeRelay } from './fake-relay.js';
import { findRequest, realSetTimeout, requestEvent, waitFor } from './helpers.js';

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('a reconnect replay cut off at the cap gives no verdict; a quiet one would', async () => {
  const relay = await startFakeRelay();
  cleanups.push(() => relay.close());
  const store = new ConsoleStore();
  const timing = {
    backoffInitialMs: 20,
    backoffMaxMs: 50,
    replayQuietMs: 2000,
    replayMaxMs: 400,
    rosterDebounceMs: 20,
  };
  const client = new RelayClient({
    url: relay.url,
    token: 't',
    name: 'aep-console',
    host: 'h',
    store,
    timing,
    random: () => 0.5,
  });
  cleanups.push(() => client.stop());
  client.start();
  const first = await relay.connection(0);
  await first.next('subscribe');
  const known = requestEvent();
  first.send(known);
  await waitFor(
    store,
    (s) => findRequest(s, known.id) && s.getRelay(client.relay)?.replaying === false,
    'the first replay to end',
  );

  first.close();
  const second = await relay.connection(1);
  await second.next('subscribe');
  // Live traffic that never goes quiet for 2 s (a loaded machine may stall the
  // stream tens of milliseconds, never seconds): the burst ends at the 400 ms cap.
  let streaming = true;
  const stream = () => {
    if (!streaming) return;
    second.send(requestEvent());
    realSetTimeout(stream, 10);
  };
  stream();
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.replaying === false && s.allRequests().length > 5,
    'the capped burst to end',
  );
  streaming = false;
  assert.equal(findRequest(store, known.id)?.unconfirmed ?? false, false, 'not marked by a replay that never finished');
});
