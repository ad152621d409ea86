import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { initialModel, type Effect, type Msg, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import type { KeyPress } from '../../src/ui/keys.js';
import { event, permission, requested } from '../support/events.js';
import { permissionFrom, resolved, timedOut } from '../support/ui-events.js';
import { drawnAs } from '../support/drawn-as.js';

// The update function driven by message sequences, no React: each case is a
// table row of messages and what the model and the effects must then be.

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

function driver(options: { bell?: boolean; notify?: boolean; rows?: number } = {}) {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let clock = NOW;
  let model: UiModel = initialModel(store, { columns: 80, rows: options.rows ?? 24 }, clock, {
    bell: options.bell ?? true,
    notify: options.notify ?? false,
  });
  const effects: Effect[] = [];
  let messages = 0;
  const dispatch = (msg: Msg) => {
    messages++;
    const result = update(model, msg, { store, now: () => clock });
    model = result.model;
    effects.push(...result.effects);
  };
  store.subscribe((change) => dispatch({ type: 'store', change }));
  return {
    store,
    effects,
    get model() {
      return model;
    },
    get messages() {
      return messages;
    },
    setClock: (ms: number) => {
      clock = ms;
    },
    dispatch,
    keys: (...presses: (string | KeyPress['name'])[]) => {
      for (const p of presses)
        dispatch({
          type: 'key',
          press:
            p.length === 1
              ? p === ' '
                ? { name: 'space', text: ' ' }
                : { name: 'char', text: p }
              : { name: p as KeyPress['name'], text: '' },
        });
    },
    apply: (events: AepEvent[], replayed = false) =>
      store.batch(() => events.forEach((e) => store.applyEvent(RELAY, e, { replayed }))),
    selectedAgent: () => model.view.list[model.inbox.selectedIndex]?.agent,
  };
}

const three = () => [
  permissionFrom('alpha', 'sa', 'a'),
  permissionFrom('bravo', 'sb', 'b'),
  permissionFrom('charlie', 'sc', 'c'),
];

test('keys: a table of key sequences and where the selection and mode end up', () => {
  const cases: { keys: string[]; selected: string; mode: string; note: string }[] = [
    { keys: [], selected: 'alpha', mode: 'browse', note: 'the selection starts on the first row' },
    { keys: ['j'], selected: 'bravo', mode: 'browse', note: 'j moves down' },
    { keys: ['down', 'down', 'down'], selected: 'charlie', mode: 'browse', note: 'no wrap past the end' },
    { keys: ['end', 'k'], selected: 'bravo', mode: 'browse', note: 'End then k' },
    { keys: ['pageDown', 'home'], selected: 'alpha', mode: 'browse', note: 'Home is the first row' },
    { keys: ['j', 'enter'], selected: 'bravo', mode: 'answer', note: 'Enter opens the selected request' },
    {
      keys: ['j', 'enter', 'escape'],
      selected: 'bravo',
      mode: 'browse',
      note: 'Esc returns to the list on the same row',
    },
    { keys: ['?'], selected: 'alpha', mode: 'help', note: '? opens help' },
    { keys: ['?', 'j'], selected: 'alpha', mode: 'help', note: 'j scrolls help, it does not close it' },
    { keys: ['?', 'x'], selected: 'alpha', mode: 'browse', note: 'any other key closes help' },
    {
      keys: ['/', 'b', 'r', 'enter'],
      selected: 'bravo',
      mode: 'browse',
      note: 'a kept filter moves the selection onto what it shows',
    },
  ];
  for (const c of cases) {
    const d = driver({ bell: false });
    d.apply(three());
    d.keys(...c.keys);
    assert.equal(d.selectedAgent(), c.selected, c.note);
    assert.equal(drawnAs(d.model.inbox), c.mode, c.note);
    assert.deepEqual(d.effects, [], `${c.note}: keys alone send nothing`);
  }
});

test('keys: Enter on an option sends exactly one answer to the open request; q asks first with a draft', () => {
  const d = driver({ bell: false });
  d.apply(three());
  d.keys('enter', 'up', 'up');
  const key = d.model.inbox.openKey;
  d.keys('enter');
  assert.deepEqual(d.effects, [{ type: 'send', key, answer: { option: 'allow' } }]);
  const other = driver({ bell: false });
  other.apply(three());
  other.keys('enter', 'h', 'i', 'escape', 'q');
  assert.equal(drawnAs(other.model.inbox), 'confirm-quit', 'an unsent draft makes q ask');
  assert.deepEqual(other.effects, []);
  other.keys('y');
  assert.deepEqual(other.effects, [{ type: 'quit' }]);
  assert.equal(other.model.quitting, true);
});

test('store: a new live pending request rings once; replayed, informational and closed ones never do', () => {
  const cases: { name: string; run: (d: ReturnType<typeof driver>) => void; effects: Effect['type'][] }[] = [
    { name: 'one live request', run: (d) => d.apply([permission()]), effects: ['bell'] },
    { name: 'replayed history', run: (d) => d.apply([permission()], true), effects: [] },
    {
      name: 'informational',
      run: (d) =>
        d.apply([
          requested({ kind: 'permission', prompt: 'p', options: [{ id: 'a', label: 'A' }], respond_via: ['ui'] }),
        ]),
      effects: [],
    },
    {
      name: 'the same request re-delivered and then changed',
      run: (d) => {
        const request = permission();
        d.apply([request]);
        d.apply([request]);
        d.apply([resolved(request)]);
      },
      effects: ['bell'],
    },
    { name: 'two in one batch: one bell', run: (d) => d.apply([permission(), permission()]), effects: ['bell'] },
    {
      name: 'one per 5 s: a second within 5 s is held, one after 5 s rings',
      run: (d) => {
        d.apply([permission()]);
        d.setClock(NOW + 4_999);
        d.apply([permission()]);
        d.setClock(NOW + 5_000);
        d.apply([permission()]);
      },
      effects: ['bell', 'bell'],
    },
  ];
  for (const c of cases) {
    const d = driver();
    c.run(d);
    assert.deepEqual(
      d.effects.map((e) => e.type),
      c.effects,
      c.name,
    );
  }
  const quiet = driver({ bell: false, notify: true });
  quiet.apply([permissionFrom('alpha', 'sa', 'p')]);
  assert.deepEqual(quiet.effects, [{ type: 'notify', title: 'aep-console', body: 'alpha needs you: permission' }]);
});

test('store: a request that closes under the selection keeps the selection on a listed request, in one pass', () => {
  const d = driver();
  const events = three();
  d.apply(events);
  d.keys('j');
  assert.equal(d.selectedAgent(), 'bravo');
  const before = d.messages;
  d.apply([timedOut(events[1])]);
  assert.equal(d.messages, before + 1, 'one store message, no second pass');
  assert.ok(d.model.view.list[d.model.inbox.selectedIndex], 'the selection is on a listed row');
  assert.equal(
    d.model.inbox.selectedKey,
    d.model.view.list[d.model.inbox.selectedIndex].key,
    'selection key and index agree',
  );
});

test('store: during the start-up replay an untouched selection stays on the first row, then pins', () => {
  const d = driver();
  d.store.updateRelay(RELAY, { replaying: true });
  d.apply([permissionFrom('zulu', 'sz', 'z')], true);
  assert.equal(d.model.inbox.selectedKey, undefined, 'not pinned while replaying');
  d.apply([event({ ...permissionFrom('alpha', 'sa', 'a'), severity: 'critical' })], true);
  assert.equal(d.selectedAgent(), 'alpha', 'the more urgent request that arrived later is first');
  d.store.updateRelay(RELAY, { replaying: false });
  assert.equal(d.model.inbox.selectedKey, d.model.view.list[0].key, 'pinned once the replay is over');
});

test('store: a rejected form answer comes back into the draft with the field the agent named', () => {
  const d = driver();
  const form = requested({
    kind: 'form',
    prompt: 'Pick',
    fields: [{ id: 'db', type: 'string', label: 'Database', required: true }],
    respond_via: ['control'],
  });
  d.apply([form]);
  d.keys('enter', 'p', 'g');
  const key = d.model.inbox.openKey!;
  const record = d.store.request(key)!;
  const respond = buildRespond({
    request: { id: record.id, session: record.session },
    answer: { values: { db: 'pg' } },
    name: 'aep-console',
    host: 'h',
    fields: record.payload.fields,
  });
  d.store.commandCreated(RELAY, key, respond, { values: { db: 'pg' } }, 10_000);
  d.store.commandSettled(respond.id, { state: 'rejected', reason: 'invalid', detail: 'db: unknown database' });
  const draft = d.model.inbox.drafts[key];
  assert.equal(draft.form?.errors.db, 'unknown database');
  assert.equal(draft.form?.rejection, 'db: unknown database');
  assert.equal(draft.form?.fields.db.text.value, 'pg', 'what was typed is kept');
  // The same rejection heard again (another store change) is not applied twice.
  d.keys('x');
  d.store.commandSent(respond.id);
  assert.equal(d.model.inbox.drafts[key].form?.fields.db.text.value, 'pgx');
});

test('ticks move the clock without touching anything else; resizes re-window the list', () => {
  const d = driver({ rows: 10 });
  d.apply(Array.from({ length: 30 }, (_, i) => permissionFrom(`agent-${String(i).padStart(2, '0')}`, `s${i}`, 'p')));
  const before = d.model;
  d.setClock(NOW + 5000);
  d.dispatch({ type: 'tick' });
  assert.equal(d.model.now, NOW + 5000);
  assert.equal(d.model.inbox, before.inbox, 'a tick changes nothing but the time');
  assert.equal(d.model.view, before.view, 'and does not rebuild the list');
  d.keys(...Array(20).fill('j'));
  const start = d.model.listStart;
  assert.ok(start > 0, 'the window followed the selection');
  d.dispatch({ type: 'resize', size: { columns: 80, rows: 40 } });
  assert.equal(d.model.size.rows, 40);
  assert.equal(d.model.listStart, 0, 'everything fits at 40 rows: the window starts at the top');
  d.dispatch({ type: 'resize', size: { columns: 80, rows: 8 } });
  const rows = 8 - 1 - 1 - 1 - 1; // frame, status, footer, "more" row
  const selectedLine = 1 + d.model.inbox.selectedIndex;
  assert.ok(
    selectedLine >= d.model.listStart && selectedLine < d.model.listStart + rows,
    'the selection is inside the window after shrinking',
  );
});

test('keys act on the list as last painted: a row that closed before the paint is still the row Enter meant', () => {
  const d = driver({ bell: false });
  const events = three();
  d.apply(events);
  d.keys('j');
  d.dispatch({ type: 'painted' });
  // bravo closes; the store moves on, but nothing has been painted since.
  d.apply([timedOut(events[1])]);
  assert.equal(d.selectedAgent(), 'charlie', 'the model already hands the selection on');
  d.keys('enter');
  assert.equal(d.store.request(d.model.inbox.openKey!)?.agent, 'bravo', 'Enter opens what the operator saw selected');
  const after = driver({ bell: false });
  after.apply(three());
  after.keys('j');
  after.dispatch({ type: 'painted' });
  after.apply([timedOut(three()[0])]);
  after.dispatch({ type: 'painted' });
  after.keys('enter');
  assert.equal(
    after.store.request(after.model.inbox.openKey!)?.agent,
    'bravo',
    'once painted, keys act on the new list',
  );
});

test('after a send the selection goes to the next request that takes an answer; a digit never sends', () => {
  const d = driver({ bell: false });
  d.apply(three());
  d.keys('2');
  assert.deepEqual(d.effects, [], 'a digit opens, it does not send');
  assert.equal(drawnAs(d.model.inbox), 'answer');
  d.keys('enter');
  assert.equal(d.effects.length, 1);
  assert.equal(drawnAs(d.model.inbox), 'browse');
  assert.equal(d.selectedAgent(), 'bravo');
});

test('batch marks: Space marks and moves, * marks the listed, closed requests drop their marks, y sends one per request', () => {
  const d = driver({ bell: false });
  const events = three();
  d.apply(events);
  d.keys(' ');
  assert.equal(d.selectedAgent(), 'bravo');
  assert.equal(d.model.inbox.tagged.size, 1);
  d.keys('*');
  assert.equal(d.model.inbox.tagged.size, 3);
  d.apply([timedOut(events[2])]);
  assert.equal(d.model.inbox.tagged.size, 2, 'a request that closed is no longer marked');
  d.keys('1', 'enter');
  assert.equal(drawnAs(d.model.inbox), 'confirm-batch');
  d.keys('y');
  const sends = d.effects.filter((e) => e.type === 'send');
  assert.equal(sends.length, 2);
  assert.deepEqual(
    sends.map((e) => (e.type === 'send' ? e.answer : undefined)),
    [{ option: 'allow' }, { option: 'allow' }],
  );
  assert.equal(d.model.inbox.tagged.size, 0);
  assert.equal(drawnAs(d.model.inbox), 'browse');
});
