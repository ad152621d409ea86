// watch over hours: what it keeps per request goes when the store lets the request go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { Teller } from '../../src/cli/watch.js';
import type { ConsoleOptions } from '../../src/cli/options.js';
import { event, permission } from '../support/events.js';

const options = { relays: ['r'], json: true } as unknown as ConsoleOptions;

test('watch remembers only what the store still holds: 2000 requests through a store that keeps 20 closed ones', () => {
  const store = new ConsoleStore({ terminalCap: 20 });
  const lines: string[] = [];
  const teller = new Teller(store, new Set(['r']), options, { out: (line) => lines.push(line), now: () => 0 });
  store.subscribe((change) => teller.onChange(change));
  for (let i = 0; i < 2000; i++) {
    const request = permission(`step ${i}`);
    store.applyEvent('r', request);
    store.applyEvent('r', event({ type: 'attention.timeout', subject: request.id, data: {} }));
  }
  const events = lines.map((line) => (JSON.parse(line) as { event: string }).event);
  assert.equal(events.filter((e) => e === 'requested').length, 2000);
  assert.equal(events.filter((e) => e === 'timeout').length, 2000);
  assert.ok(teller.remembered() <= 21, `remembered ${teller.remembered()}`);
});

test('watch says a last call once: `expiring` when 15 s or less are left (text and --json)', () => {
  let now = Date.parse('2026-07-03T10:00:00Z');
  const store = new ConsoleStore({ now: () => now });
  const json: string[] = [];
  const text: string[] = [];
  const tellers = [
    new Teller(store, new Set(['r']), options, { out: (line) => json.push(line), now: () => now }),
    new Teller(store, new Set(['r']), { relays: ['r'], json: false } as unknown as ConsoleOptions, {
      out: (line) => text.push(line),
      now: () => now,
    }),
  ];
  for (const teller of tellers) store.subscribe((change) => teller.onChange(change));
  const request = permission('rm -rf build');
  store.applyEvent('r', {
    ...request,
    data: { ...(request.data as object), expires_at: new Date(now + 40_000).toISOString() },
  });
  const expiring = () => json.filter((line) => (JSON.parse(line) as { event: string }).event === 'expiring').length;
  for (let s = 0; s < 24; s++) {
    now += 1000;
    for (const teller of tellers) teller.lastCalls();
  }
  assert.equal(expiring(), 0, 'not at 16 s left');
  now += 1000;
  for (const teller of tellers) teller.lastCalls();
  assert.equal(expiring(), 1, 'at 15 s left');
  assert.match(text.at(-1)!, /expiring .*\(last call: 15 s left\) : rm -rf build/);
  for (let s = 0; s < 10; s++) {
    now += 1000;
    for (const teller of tellers) teller.lastCalls();
  }
  assert.equal(expiring(), 1, 'once');
});
