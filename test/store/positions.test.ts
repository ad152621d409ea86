// Resume positions follow (epoch, seq) per emitter, never `time` or arrival.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { event } from '../support/events.js';

const RELAY = 'http://relay.test';
const ONE = 'aep://host-a/agent/claude-code/session/main';
const TWO = 'aep://host-b/agent/codex/session/main';

const at = (source: string, epoch: number, seq: number, time = '2026-07-03T10:00:00Z') =>
  event({ type: 'session.compacted', source, session: 'main', epoch, seq, time, data: {} });

test('a restarted emitter (new epoch, seq from 0, clock behind) moves the position forward; a late old-epoch event does not move it back', () => {
  const store = new ConsoleStore();
  store.applyEvent(RELAY, at(ONE, 0, 41, '2026-07-03T12:00:00Z'));
  store.applyEvent(RELAY, at(ONE, 1, 0, '2026-07-03T11:00:00Z'));
  assert.deepEqual(store.resumePositions(RELAY), [{ session: 'main', epoch: 1, seq: 0 }]);
  store.applyEvent(RELAY, at(ONE, 0, 42, '2026-07-03T13:00:00Z'));
  assert.deepEqual(store.resumePositions(RELAY), [{ session: 'main', epoch: 1, seq: 0 }]);
});

test('two emitters sharing a session name: resume from the lower position, so neither loses events', () => {
  const store = new ConsoleStore();
  store.applyEvent(RELAY, at(ONE, 3, 7));
  store.applyEvent(RELAY, at(TWO, 0, 50));
  // Resuming after (3, 7) would skip everything the second emitter sends after its (0, 50).
  assert.deepEqual(store.resumePositions(RELAY), [{ session: 'main', epoch: 0, seq: 50 }]);
  store.applyEvent(RELAY, at(TWO, 4, 0));
  assert.deepEqual(store.resumePositions(RELAY), [{ session: 'main', epoch: 3, seq: 7 }]);
});
