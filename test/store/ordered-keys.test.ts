import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedSet } from '../support/bounded-set.js';
import { OrderedKeys } from '../../src/store/ordered-keys.js';

test('OrderedKeys keeps last-added order through adds, re-adds, deletes and shifts (against a model)', () => {
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const keys = new OrderedKeys();
  let model: string[] = [];
  for (let step = 0; step < 20_000; step++) {
    const key = `k${Math.floor(random() * 300)}`;
    const action = random();
    if (action < 0.5) {
      keys.add(key);
      model = [...model.filter((k) => k !== key), key];
    } else if (action < 0.75) {
      assert.equal(keys.delete(key), model.includes(key));
      model = model.filter((k) => k !== key);
    } else {
      assert.equal(keys.shift(), model.shift());
    }
    assert.equal(keys.size, model.length);
  }
  const drained: string[] = [];
  for (let key = keys.shift(); key !== undefined; key = keys.shift()) drained.push(key);
  assert.deepEqual(drained, model);
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
  const start = Date.now();
  for (let i = 0; i < 150_000; i++) set.add(`aep://host/agent/a/session/s\u001fevent-${i}`);
  assert.equal(set.size, 50_000);
  assert.ok(Date.now() - start < 5_000);
});
