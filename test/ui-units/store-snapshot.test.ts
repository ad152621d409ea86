import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore, type StoreChange } from '../../src/store/store.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { initialModel, type Msg, type UiModel } from '../../src/ui/model.js';
import { pinStore } from '../../src/ui/store-snapshot.js';
import { update } from '../../src/ui/update.js';
import { bodyRows, view, type Frame } from '../../src/ui/view.js';
import { permissionFrom, resolved } from '../support/ui-events.js';
import { drawnAs } from '../support/drawn-as.js';

// The view reads the model and the store snapshot the model holds, never
// the live store: a frame shows what the model has folded, and a store
// change shows only once its message has been folded.

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

function text(frame: Frame): string {
  return [...frame.status, ...bodyRows(frame), frame.footer].map((line) => line.map((s) => s.text).join('')).join('\n');
}

function console(columns: number) {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const first = permissionFrom('alpha', 'sa', 'first prompt');
  store.batch(() => {
    store.applyEvent(RELAY, first);
    store.applyEvent(RELAY, permissionFrom('bravo', 'sb', 'second prompt'));
  });
  const heard: StoreChange[] = [];
  store.subscribe((change) => heard.push(change));
  let model: UiModel = initialModel(store, { columns, rows: 24 }, NOW, { bell: false, notify: false });
  const dispatch = (msg: Msg) => {
    model = update(model, msg, { store, now: () => NOW }).model;
  };
  return {
    store,
    first,
    get model() {
      return model;
    },
    dispatch,
    /** The store changes heard so far, folded (what App's loop does with each notification). */
    fold: () => heard.splice(0).forEach((change) => dispatch({ type: 'store', change })),
  };
}

test('a store change the model has not folded is not in the frame; folded, it is', () => {
  for (const columns of [80, 120]) {
    const c = console(columns);
    c.dispatch({ type: 'key', press: { name: 'enter', text: '' } });
    assert.equal(drawnAs(c.model.inbox), 'answer');
    const before = text(view(c.model));
    const key = c.model.inbox.openKey!;
    // Everything the frame shows of the store moves on: the relay drops, an answer goes out, the agent resolves.
    c.store.updateRelay(RELAY, { connection: { kind: 'reconnecting', retryAt: NOW + 1000 } });
    const record = c.store.request(key)!;
    const respond = buildRespond({
      request: { id: record.id, session: record.session },
      answer: { option: 'allow' },
      name: 'aep-console',
      host: 'h',
    });
    c.store.commandCreated(RELAY, key, respond, { option: 'allow' }, 10_000);
    c.store.applyEvent(RELAY, resolved(c.first));
    c.store.applyEvent(RELAY, permissionFrom('charlie', 'sc', 'third prompt'));
    assert.equal(text(view(c.model)), before, `${columns} columns: the frame is the model's, not the live store's`);
    c.fold();
    const after = text(view(c.model));
    assert.notEqual(after, before, `${columns} columns: folded, the changes show`);
    assert.ok(after.includes('charlie') || columns < 100, 'the new request is listed once folded');
  }
});

test('the snapshot answers as of its version once the store has moved on, and copies nothing per read', () => {
  const c = console(80);
  const key = c.model.view.list[0].key;
  const snapshot = pinStore(c.store);
  const held = snapshot.request(key);
  assert.equal(
    held,
    c.store.request(key),
    "at its version it hands out the store's own records (replaced, never mutated)",
  );
  assert.equal(snapshot.lastCommandFor(key), undefined);
  assert.equal(snapshot.allRequests(), snapshot.allRequests(), 'the pinned array, not a copy per read');
  const record = c.store.request(key)!;
  const respond = buildRespond({
    request: { id: record.id, session: record.session },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
  });
  c.store.commandCreated(RELAY, key, respond, { option: 'allow' }, 10_000);
  c.store.applyEvent(RELAY, resolved(c.first));
  assert.notEqual(c.store.request(key), held, 'the store replaced the record');
  assert.equal(snapshot.request(key), held, 'the snapshot still holds the record of its version');
  assert.equal(snapshot.lastCommandFor(key), undefined, 'and no command made after it');
  assert.ok(c.store.lastCommandFor(key));
  assert.equal(snapshot.relays().length, 1);
  assert.equal(snapshot.version < c.store.version, true);
});
