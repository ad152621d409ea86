import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { parseRules } from '../../src/protocol/rules.js';
import { initialModel, type Effect, type Msg, type UiConfig, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { permissionFrom } from '../support/ui-events.js';

// --notify-cmd's side of the update: which requests go to the command (the
// `phone` effect), decided where the bell decides "new request", but not
// held by the bell's 5 s window nor turned off by --no-bell; never for
// history replayed at start-up or a request a rule answers.

const RELAY = 'http://relay.test';
const NOW = Date.parse('2026-07-03T10:00:30Z');

function driver(config: Partial<UiConfig> = {}) {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let clock = NOW;
  let model: UiModel = initialModel(store, { columns: 80, rows: 24 }, clock, {
    bell: true,
    notify: false,
    phone: true,
    ...config,
  });
  const effects: Effect[] = [];
  const dispatch = (msg: Msg) => {
    const result = update(model, msg, { store, now: () => clock });
    model = result.model;
    effects.push(...result.effects);
  };
  store.subscribe((change) => dispatch({ type: 'store', change }));
  return {
    store,
    effects,
    at: (ms: number) => {
      clock = ms;
      dispatch({ type: 'tick' });
    },
    apply: (events: AepEvent[], replayed = false) =>
      store.batch(() => events.forEach((e) => store.applyEvent(RELAY, e, { replayed }))),
    phoned: () =>
      effects.flatMap((e) =>
        e.type === 'phone' ? e.keys.map((key) => `${e.event} ${store.request(key)?.agent ?? '?'}`) : [],
      ),
    bells: () => effects.filter((e) => e.type === 'bell').length,
  };
}

test('phone: each new live request goes to the command, one entry each, inside the bell window and with --no-bell', () => {
  for (const bell of [true, false]) {
    const d = driver({ bell });
    d.apply([permissionFrom('alpha', 'sa', 'a')]);
    // A second later: inside the bell's 5 s window, so no second bell; the command still hears of it.
    d.at(NOW + 1_000);
    d.apply([permissionFrom('bravo', 'sb', 'b'), permissionFrom('charlie', 'sc', 'c')]);
    assert.deepEqual(d.phoned(), ['requested alpha', 'requested bravo', 'requested charlie'], `bell ${bell}`);
    assert.equal(d.bells(), bell ? 1 : 0, `bell ${bell}: the bell keeps its window`);
  }
});

test('phone: nothing without --notify-cmd', () => {
  const d = driver({ phone: false });
  d.apply([permissionFrom('alpha', 'sa', 'a')]);
  assert.deepEqual(d.phoned(), []);
  assert.equal(d.bells(), 1);
});

test('phone: requests replayed at start-up are not sent; one arriving live after them is', () => {
  const d = driver();
  d.apply([permissionFrom('alpha', 'sa', 'a'), permissionFrom('bravo', 'sb', 'b')], true);
  assert.deepEqual(d.phoned(), []);
  d.apply([permissionFrom('charlie', 'sc', 'c')]);
  assert.deepEqual(d.phoned(), ['requested charlie']);
});

test('phone: a request a rule answers (AUTO) is not sent; one no rule matches is', () => {
  const parsed = parseRules(
    JSON.stringify({ rules: [{ name: 'bravo ok', match: { agent: 'bravo' }, decide: { option: 'allow' } }] }),
  );
  assert.ok(parsed.ok);
  const d = driver({ rules: parsed.rules, auto: true });
  d.apply([permissionFrom('bravo', 'sb', 'b'), permissionFrom('alpha', 'sa', 'a')]);
  const sent = d.effects.filter((e) => e.type === 'send');
  assert.equal(sent.length, 1, 'the rule answered bravo');
  assert.equal(sent[0].type === 'send' && d.store.request(sent[0].key)?.agent, 'bravo');
  assert.deepEqual(d.phoned(), ['requested alpha']);
});

test('phone: a last call goes to the command once, when due, even while the bell window holds its bell', () => {
  const d = driver();
  const expires = new Date(NOW + 40_000).toISOString();
  d.apply([permissionFrom('alpha', 'sa', 'a', {}), withExpiry(permissionFrom('bravo', 'sb', 'b'), expires)]);
  assert.deepEqual(d.phoned(), ['requested alpha', 'requested bravo']);
  // 26 s in: bravo has 14 s left. A new request rang a bell 2 s ago, so the last call's bell is held; the word is not.
  d.at(NOW + 24_000);
  d.apply([permissionFrom('charlie', 'sc', 'c')]);
  d.at(NOW + 26_000);
  assert.deepEqual(d.phoned(), ['requested alpha', 'requested bravo', 'requested charlie', 'expiring bravo']);
  assert.equal(d.bells(), 2, "the last call's bell waits for the window");
  d.at(NOW + 27_000);
  d.at(NOW + 31_000);
  assert.deepEqual(
    d.phoned().filter((line) => line.startsWith('expiring')),
    ['expiring bravo'],
    'once',
  );
});

function withExpiry(event: AepEvent, expiresAt: string): AepEvent {
  return { ...event, data: { ...(event.data as Record<string, unknown>), expires_at: expiresAt } };
}
