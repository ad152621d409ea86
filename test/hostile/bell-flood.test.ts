// Hostile input III, class "the bell is not rate-limited": a
// flood of live requests rang once per request (50,000 BEL bytes in 20 s).
// Now at most one bell (and one notification, "N new requests") per 5 s;
// the status line counts what arrived in between.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALERT_INTERVAL_MS, gateAlerts, initialAlerts } from '../../src/ui/alert-gate.js';
import { initialModel, type Effect, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { ConsoleStore } from '../../src/store/store.js';
import { NOW, renderApp } from '../support/ui.js';
import { permissionFrom } from '../support/ui-events.js';

const RELAY = 'http://relay.test';

test('the gate: one alert per interval, the rest held and counted; --no-bell --notify alike', () => {
  const one = { requests: [{ agent: 'a', payload: { kind: 'permission' } }] as never[], rejections: 0 };
  const config = { bell: true, notify: true };
  let state = initialAlerts;
  const rows: [number, Effect['type'][], number][] = [
    [0, ['bell', 'notify'], 0],
    [1, [], 1],
    [ALERT_INTERVAL_MS - 1, [], 2],
    [ALERT_INTERVAL_MS, ['bell', 'notify'], 0],
    [ALERT_INTERVAL_MS + 10, [], 1],
  ];
  for (const [at, effects, held] of rows) {
    const result = gateAlerts(state, one, NOW + at, config);
    state = result.alerts;
    assert.deepEqual(
      result.effects.map((e) => e.type),
      effects,
      `at +${at} ms`,
    );
    assert.equal(state.held, held, `held at +${at} ms`);
  }
  // A clock that jumped back (suspend, NTP): an alert rather than silence until it catches up.
  assert.equal(gateAlerts({ lastAt: NOW, held: 0 }, one, NOW - 60_000, config).effects.length, 2);
  const several = gateAlerts(
    initialAlerts,
    { requests: [one.requests[0], one.requests[0], one.requests[0]], rejections: 0 },
    NOW,
    { bell: false, notify: true },
  );
  assert.deepEqual(several.effects, [{ type: 'notify', title: 'aep-console', body: '3 new requests' }]);
});

test('5,000 live requests over 20 s (250 a second, in 100 ms batches) ring 4 bells, not 5,000', () => {
  const store = new ConsoleStore({ now: () => NOW });
  store.addRelay(RELAY);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let clock = NOW;
  let model: UiModel = initialModel(store, { columns: 80, rows: 24 }, clock, { bell: true, notify: true });
  const effects: Effect[] = [];
  store.subscribe((change) => {
    const result = update(model, { type: 'store', change }, { store, now: () => clock });
    model = result.model;
    effects.push(...result.effects);
  });
  let n = 0;
  for (let step = 0; step < 200; step++) {
    clock = NOW + step * 100;
    store.batch(() => {
      for (let i = 0; i < 25; i++, n++) store.applyEvent(RELAY, permissionFrom(`agent-${n}`, `s${n}`, `flood ${n}`));
    });
  }
  assert.equal(store.allRequests().length, 5_000);
  const bells = effects.filter((e) => e.type === 'bell').length;
  assert.equal(bells, 4, 'at 0, 5, 10 and 15 s');
  assert.deepEqual(
    effects.filter((e) => e.type === 'notify').map((e) => (e as { body: string }).body),
    ['25 new requests', '25 new requests', '25 new requests', '25 new requests'],
  );
  // The status line counts what arrived since the last bell (at 15 s): 49 batches of 25.
  assert.equal(model.alerts.held, 49 * 25);
});

test('a burst of 1,000 live requests on the real App writes one BEL and counts the rest on the status line', async (t) => {
  const h = await renderApp();
  t.after(h.unmount);
  for (let batch = 0; batch < 20; batch++) {
    h.store.batch(() => {
      for (let i = 0; i < 50; i++)
        h.store.applyEvent(RELAY, permissionFrom(`agent-${batch}-${i}`, `s-${batch}-${i}`, `burst ${batch * 50 + i}`));
    });
    await h.settle();
  }
  const bel = h.writes.join('').split('\u0007').length - 1;
  assert.equal(bel, 1, `BEL bytes written: ${bel}`);
  assert.match(h.frame(), /1000 pending \(\+950 since bell\) · 0 recent/);
});
