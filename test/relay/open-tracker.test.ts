// The open request's notes on the clock (relay/open-tracker.ts), with mock
// timers: one note when opened, again each minute while it stays open, none
// once it closes or is left, and a reopen within the minute sends nothing new.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { OpenTracker } from '../../src/relay/open-tracker.js';
import type { RelayHandle } from '../../src/relay/types.js';
import { ROUTED_RENEW_MS } from '../../src/protocol/routed.js';
import { permission } from '../support/events.js';
import { resolved } from '../support/ui-events.js';

const RELAY = 'http://relay.test';

function rig(connected = () => true) {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const store = new ConsoleStore();
  const a = permission('first');
  const b = permission('second');
  store.applyEvent(RELAY, a);
  store.applyEvent(RELAY, b);
  const keyOf = (id: string) => store.allRequests().find((r) => r.id === id)!.key;
  const notes: string[] = [];
  const client: RelayHandle = {
    relay: RELAY,
    respond: () => '',
    resend: () => {},
    noteOpen: (key) => {
      if (!connected()) return false;
      notes.push(key);
      return true;
    },
  };
  const tracker = new OpenTracker(() => [client], store, Date.now);
  return { store, tracker, notes, a, b, keyA: keyOf(a.id), keyB: keyOf(b.id) };
}

test('opened: one note at once, again each minute while open, none after it is left', (t) => {
  t.after(() => mock.timers.reset());
  const { tracker, notes, keyA } = rig();
  tracker.track(keyA);
  assert.deepEqual(notes, [keyA]);
  tracker.track(keyA);
  mock.timers.tick(ROUTED_RENEW_MS - 1);
  assert.equal(notes.length, 1, 'not again within the minute (the same key reported again changes nothing)');
  mock.timers.tick(1);
  assert.equal(notes.length, 2, 'renewed');
  mock.timers.tick(ROUTED_RENEW_MS);
  assert.equal(notes.length, 3);
  tracker.track(undefined);
  mock.timers.tick(5 * ROUTED_RENEW_MS);
  assert.equal(notes.length, 3, 'left: no more');
});

test('a reopen within the minute sends nothing new; the renewal comes a minute after the last note', (t) => {
  t.after(() => mock.timers.reset());
  const { tracker, notes, keyA, keyB } = rig();
  tracker.track(keyA);
  mock.timers.tick(20_000);
  tracker.track(undefined);
  tracker.track(keyB);
  tracker.track(keyA);
  assert.deepEqual(notes, [keyA, keyB]);
  mock.timers.tick(ROUTED_RENEW_MS - 20_000);
  assert.deepEqual(notes, [keyA, keyB, keyA]);
});

test('the request closes while open: no renewal; not connected: tried again a minute later; stop ends it', (t) => {
  t.after(() => mock.timers.reset());
  let live = false;
  const { store, tracker, notes, a, keyA, keyB } = rig(() => live);
  tracker.track(keyB);
  assert.deepEqual(notes, [], 'not connected: nothing sent');
  live = true;
  mock.timers.tick(ROUTED_RENEW_MS);
  assert.deepEqual(notes, [keyB]);
  tracker.track(keyA);
  store.applyEvent(RELAY, resolved(a));
  mock.timers.tick(ROUTED_RENEW_MS);
  assert.deepEqual(notes, [keyB, keyA], 'closed: not renewed');
  tracker.track(keyB);
  assert.deepEqual(notes, [keyB, keyA, keyB], 'its last note was a minute ago: said again at once');
  tracker.stop();
  mock.timers.tick(10 * ROUTED_RENEW_MS);
  tracker.track(keyA);
  assert.deepEqual(notes, [keyB, keyA, keyB], 'stopped');
});
