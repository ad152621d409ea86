import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StampQueue } from '../../src/store/stamp-queue.js';
import { mulberry32 } from '../support/prng.js';

test('StampQueue hands out live items oldest first, through squeezes and growth, against a model', () => {
  const random = mulberry32(5);
  // Item → its latest stamp; the model is the live (item, stamp) pairs in push order.
  const latest = new Map<number, number>();
  const queue = new StampQueue<number>((item, stamp) => latest.get(item) === stamp, 16);
  let model: [number, number][] = [];
  let clock = 0;
  for (let step = 0; step < 50_000; step++) {
    const action = random();
    // Phases: a few items re-queued often (stale pairs pile up, squeezed in place), then many live ones (it grows).
    const items = step % 20_000 < 10_000 ? 12 : 3000;
    if (action < 0.6) {
      const item = Math.floor(random() * items);
      const stamp = ++clock;
      latest.set(item, stamp);
      queue.push(item, stamp);
      model = [...model.filter(([i]) => i !== item), [item, stamp]];
    } else if (action < 0.7) {
      const item = Math.floor(random() * items);
      latest.delete(item);
      model = model.filter(([i]) => i !== item);
    } else {
      const expected = model.shift();
      const item = queue.shift();
      assert.equal(item, expected?.[0]);
      if (item !== undefined) latest.delete(item);
    }
  }
  const drained: number[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    drained.push(item);
    latest.delete(item);
  }
  assert.deepEqual(
    drained,
    model.map(([i]) => i),
  );
});

test('StampQueue stays within twice its live pairs when the same few items are queued over and over', () => {
  const latest = new Map<string, number>();
  const queue = new StampQueue<string>((item, stamp) => latest.get(item) === stamp, 16);
  for (let stamp = 1; stamp <= 100_000; stamp++) {
    const item = `k${stamp % 5}`;
    latest.set(item, stamp);
    queue.push(item, stamp);
  }
  assert.ok(queue.length <= 16, `${queue.length} pairs queued for 5 live items`);
  assert.deepEqual([queue.shift(), queue.shift()], ['k1', 'k2']);
});
