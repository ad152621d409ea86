import { test } from 'node:test';
import assert from 'node:assert/strict';
import React from 'react';
import { render } from 'ink-testing-library';
import { App } from '../../src/ui/app.js';
import { ConsoleStore } from '../../src/store/store.js';
import { FakeClient } from '../support/fake-client.js';
import { permissionFrom } from '../support/ui-events.js';

// The clock is a message like any other: it ticks after a quiet interval,
// and any other message reads the time and pushes the tick back.

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RELAY = 'http://relay.test';
const T0 = Date.parse('2026-07-03T10:00:05Z');

function mount(tickMs: number) {
  const clock = { wall: T0, reads: 0 };
  const store = new ConsoleStore({ now: () => clock.wall });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  store.applyEvent(RELAY, permissionFrom('alpha', 'sa', 'p'), { replayed: true });
  const now = () => {
    clock.reads++;
    return clock.wall;
  };
  const app = render(<App store={store} clients={[client]} now={now} tickMs={tickMs} size={{ columns: 80, rows: 12 }} env={{}} write={() => {}} />);
  return { clock, app };
}

test('while nothing else happens, the clock ticks and ages move', async (t) => {
  const { clock, app } = mount(20);
  t.after(() => app.unmount());
  assert.match(app.lastFrame() ?? '', /alpha +5s/);
  clock.wall = T0 + 7000;
  const deadline = Date.now() + 5000;
  while (!/alpha +12s/.test(app.lastFrame() ?? '') && Date.now() < deadline) await wait(10);
  assert.match(app.lastFrame() ?? '', /alpha +12s/);
  app.unmount();
});

test('keys read the clock and push the tick back: no tick lands between keys', async (t) => {
  const { clock, app } = mount(1000);
  t.after(() => app.unmount());
  await wait(10);
  const start = clock.reads;
  // A key every 50 ms for 1.5 s against a 1 s tick: a clock on a plain interval would tick once.
  for (let i = 1; i <= 30; i++) {
    await wait(50);
    clock.wall = T0 + i * 100;
    app.stdin.write('?');
  }
  await wait(10);
  assert.equal(clock.reads - start, 30, 'one clock read per key, none for a tick');
  app.unmount();
});
