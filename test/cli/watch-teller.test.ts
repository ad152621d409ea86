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
