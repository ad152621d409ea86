import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedSet } from '../support/bounded-set.js';
import { TerminalOrder } from '../../src/store/terminal-order.js';

test('TerminalOrder keeps last-added order through adds, re-adds and shifts (against a model), on the stamps its items carry', () => {
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const items = Array.from({ length: 300 }, (_, i) => ({ name: `k${i}`, terminalStamp: 0 }));
  const order = new TerminalOrder<(typeof items)[number]>();
  let model: string[] = [];
  for (let step = 0; step < 20_000; step++) {
    const item = items[Math.floor(random() * items.length)];
    if (random() < 0.6) {
      order.add(item);
      model = [...model.filter((k) => k !== item.name), item.name];
    } else {
      assert.equal(order.shift()?.name, model.shift());
    }
    assert.equal(order.size, model.length);
    assert.equal(item.terminalStamp !== 0, model.includes(item.name), 'an item carries a stamp while in the order');
  }
  const drained: string[] = [];
  for (let item = order.shift(); item !== undefined; item = order.shift()) drained.push(item.name);
  assert.deepEqual(drained, model);
  assert.ok(items.every((item) => item.terminalStamp === 0));
});

test('BoundedSet forgets the oldest past its cap, and a duplicate is not re-added', () => {
  const set = new BoundedSet(3);
  for (const key of ['a', 'b', 'c']) assert.equal(set.add(key), true);
  assert.equal(set.add('a'), false);
  set.add('d');
  assert.deepEqual(
    ['a', 'b', 'c', 'd'].map((k) => set.has(k)),
    [false, true, true, true],
  );
  set.add('e');
  set.add('f');
  assert.deepEqual(
    ['b', 'c', 'd', 'e', 'f'].map((k) => set.has(k)),
    [false, false, true, true, true],
  );
  assert.equal(set.size, 3);
});

test('50,000 evictions from a full BoundedSet stay linear', () => {
  // A JS Set's first member after many deletions costs a walk over them:
  // this loop took seconds before the ring. Not a timing assertion: a bound
  // generous enough for any machine, to catch a return to quadratic.
  const set = new BoundedSet(50_000);
  // (CPU time, which other work on the machine does not stretch.)
  const start = process.cpuUsage();
  for (let i = 0; i < 150_000; i++) set.add(`aep://host/agent/a/session/s\u001fevent-${i}`);
  assert.equal(set.size, 50_000);
  const spent = process.cpuUsage(start);
  assert.ok((spent.user + spent.system) / 1000 < 5_000);
});
