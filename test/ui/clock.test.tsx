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

// Timers are mocked (t.mock.timers): the test moves time itself, so 1.5 s
// of keys take no real time. React and Ink still run on setImmediate and
// microtasks, which stay real: `settle` lets them finish a render.
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets React and Ink finish what a message started: a few turns of the loop, no time. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await settle();
}
const RELAY = 'http://relay.test';
const T0 = Date.parse('2026-07-03T10:00:05Z');

function mount(tickMs: number, wall = T0, expiresAt?: number) {
  const clock = { wall, reads: 0 };
  const store = new ConsoleStore({ now: () => clock.wall });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  const request = permissionFrom('alpha', 'sa', 'p');
  if (expiresAt !== undefined)
    request.data = { ...(request.data as object), expires_at: new Date(expiresAt).toISOString() };
  store.applyEvent(RELAY, request, { replayed: true });
  const now = () => {
    clock.reads++;
    return clock.wall;
  };
  const app = render(
    <App
      store={store}
      clients={[client]}
      now={now}
      tickMs={tickMs}
      size={{ columns: 80, rows: 12 }}
      env={{}}
      write={() => {}}
    />,
  );
  return { clock, app };
}

test('while nothing else happens, the clock ticks and ages move', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const { clock, app } = mount(1000);
  t.after(() => app.unmount());
  await flush();
  assert.match(app.lastFrame() ?? '', /alpha +5s/);
  clock.wall = T0 + 7000;
  t.mock.timers.tick(999);
  await flush();
  assert.match(app.lastFrame() ?? '', /alpha +5s/, 'no tick before the interval');
  t.mock.timers.tick(1);
  await flush();
  assert.match(app.lastFrame() ?? '', /alpha +12s/);
  app.unmount();
});

test('keys read the clock and push the tick back: no tick lands between keys', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const { clock, app } = mount(1000);
  t.after(() => app.unmount());
  await flush();
  const start = clock.reads;
  // A key every 50 ms for 1.5 s against a 1 s tick: a clock on a plain interval would tick once.
  for (let i = 1; i <= 30; i++) {
    t.mock.timers.tick(50);
    clock.wall = T0 + i * 100;
    app.stdin.write('?');
    await flush();
  }
  assert.equal(clock.reads - start, 30, 'one clock read per key, none for a tick');
  // And once the keys stop, the tick comes a whole interval after the last one.
  t.mock.timers.tick(999);
  await flush();
  assert.equal(clock.reads - start, 30, 'no tick sooner than the interval after the last key');
  t.mock.timers.tick(1);
  await flush();
  assert.equal(clock.reads - start, 31, 'the tick, one interval after the last key');
  app.unmount();
});

test('with only old requests shown, the clock ticks at the next minute an age shows, not every second', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  // Raised at 10:00:00; two hours and 5 s later the age reads 2h until 12:01:00.
  const { clock, app } = mount(1000, T0 + 2 * 3_600_000);
  t.after(() => app.unmount());
  await flush();
  assert.match(app.lastFrame() ?? '', /alpha +2h /);
  const start = clock.reads;
  for (let s = 1; s <= 54; s++) {
    clock.wall += 1000;
    t.mock.timers.tick(1000);
    await flush();
  }
  assert.equal(clock.reads - start, 0, 'no tick while no shown text changes');
  clock.wall += 1010;
  t.mock.timers.tick(1010);
  await flush();
  assert.equal(clock.reads - start, 1, 'one tick, just past the minute');
  assert.match(app.lastFrame() ?? '', /alpha +2h1m/);
  app.unmount();
});

test('a countdown ticks by the minute, then every second in its last minute', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const start = T0 + 2 * 3_600_000;
  // Two hours old; 2 minutes and 30 s left: <2m (time left, in ASCII) until 1m30s have passed... then <1m, then seconds.
  const { clock, app } = mount(1000, start, start + 150_000);
  t.after(() => app.unmount());
  await flush();
  assert.match(app.lastFrame() ?? '', /<2m /);
  const reads = clock.reads;
  const advance = async (ms: number) => {
    clock.wall += ms;
    t.mock.timers.tick(ms);
    await flush();
  };
  await advance(29_000);
  assert.equal(clock.reads - reads, 0, 'no tick while <2m and the age (2h) stay as shown');
  await advance(1_010);
  assert.match(app.lastFrame() ?? '', /<1m /);
  // Age 2h0m35s: its next change (2h1m) is in 25 s; <1m becomes 59s in 60 s: the next tick is the age's.
  await advance(25_000);
  assert.match(app.lastFrame() ?? '', /2h1m <1m /);
  const minuteReads = clock.reads;
  await advance(35_000);
  assert.match(app.lastFrame() ?? '', /<59s/);
  await advance(1_000);
  assert.match(app.lastFrame() ?? '', /<58s/, 'seconds now: every second');
  assert.equal(clock.reads - minuteReads, 2);
  app.unmount();
});
