// The status rows are kept from frame to frame while what they read stays
// the same (view.ts), and built anew while a relay counts down to a retry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { initialModel, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { view } from '../../src/ui/view.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

function console() {
  let now = NOW;
  const store = new ConsoleStore({ now: () => now });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  store.batch(() => {
    for (let i = 0; i < 30; i++) store.applyEvent(RELAY, permissionFrom(`agent-${i}`, `s${i}`, `prompt ${i}`));
  });
  let model: UiModel = initialModel(store, { columns: 80, rows: 24 }, now, { bell: false, notify: false });
  const dispatch = (msg: Msg) => {
    model = update(model, msg, { store, now: () => now }).model;
  };
  dispatch({
    type: 'store',
    change: { version: store.version, added: [], requests: new Set(), commands: new Set(), relays: true },
  });
  return {
    store,
    dispatch,
    at: (ms: number) => {
      now = ms;
    },
    status: () => view(model).status.map((line) => line.map((s) => s.text).join('')),
    statusRows: () => view(model).status,
  };
}

test('a move keeps the status rows (the same rows, not rebuilt), and a store change rebuilds them', () => {
  const c = console();
  const before = c.statusRows();
  c.dispatch({ type: 'key', press: { name: 'down', text: '' } });
  assert.equal(c.statusRows()[0], before[0], 'a key changes nothing the status reads');
  c.store.updateRelay(RELAY, { connection: { kind: 'closed' } });
  c.dispatch({
    type: 'store',
    change: { version: c.store.version, added: [], requests: new Set(), commands: new Set(), relays: true },
  });
  assert.notEqual(c.statusRows()[0], before[0]);
  assert.match(c.status()[0], /closed/);
});

test('a relay waiting to reconnect counts down on the status line from frame to frame, also within one second', () => {
  const c = console();
  c.store.updateRelay(RELAY, { connection: { kind: 'reconnecting', retryAt: NOW + 4_500 } });
  c.dispatch({
    type: 'store',
    change: { version: c.store.version, added: [], requests: new Set(), commands: new Set(), relays: true },
  });
  assert.match(c.status()[0], /reconnecting in 5s/);
  c.at(NOW + 600);
  c.dispatch({ type: 'key', press: { name: 'down', text: '' } });
  assert.match(c.status()[0], /reconnecting in 4s/);
  c.at(NOW + 1_600);
  c.dispatch({ type: 'tick' });
  assert.match(c.status()[0], /reconnecting in 3s/);
});
