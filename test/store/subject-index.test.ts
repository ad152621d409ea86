import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { SubjectIndex } from '../../src/store/subject-index.js';
import { SeenEvents } from '../../src/store/seen-events.js';
import { event, permission } from '../support/events.js';
import { BoundedSet } from '../support/bounded-set.js';
import { mulberry32 } from '../support/prng.js';

const RELAY = 'http://relay.test';

test('one request id in many sessions: each lifecycle event ends its own request only, and pruning keeps the index exact', () => {
  const store = new ConsoleStore({ terminalCap: 10 });
  store.addRelay(RELAY);
  const sessions = Array.from({ length: 200 }, (_, i) => `s${i}`);
  for (const session of sessions) {
    store.applyEvent(
      RELAY,
      permission('same id everywhere', { id: 'SHARED', session, source: `aep://h/agent/a/session/${session}` }),
    );
  }
  assert.equal(store.sizes().subjects, 200);
  for (const session of sessions.slice(0, 150)) {
    store.applyEvent(
      RELAY,
      event({
        type: 'attention.resolved',
        id: `X-${session}`,
        session,
        subject: 'SHARED',
        source: `aep://h/agent/a/session/${session}`,
        data: { resolution: 'answered' },
      }),
    );
  }
  const byState = new Map<string, string[]>();
  for (const record of store.allRequests())
    byState.set(record.state, [...(byState.get(record.state) ?? []), record.session]);
  assert.deepEqual(byState.get('pending'), sessions.slice(150));
  assert.deepEqual(byState.get('resolved'), sessions.slice(140, 150), 'the ten newest terminal requests are kept');
  assert.equal(store.sizes().subjects, 60, 'pruned requests left the subject index');
});

test('SubjectIndex: keys in arrival order per (relay, session, id), a list handed out never changes under its reader, a session emptied and filled again found again', () => {
  const index = new SubjectIndex();
  index.add('r', 's', 'id', 'k1');
  index.add('r', 's', 'id', 'k2');
  index.add('r', 't', 'id', 'k3');
  index.add('q', 's', 'id', 'k4');
  const held = index.keys('r', 's', 'id');
  assert.deepEqual(held, ['k1', 'k2']);
  index.remove('r', 's', 'id', 'k1');
  assert.deepEqual(held, ['k1', 'k2']);
  assert.deepEqual(index.keys('r', 's', 'id'), ['k2']);
  assert.deepEqual(index.keys('r', 't', 'id'), ['k3']);
  assert.equal(index.size, 3);
  for (const [relay, session, key] of [
    ['r', 's', 'k2'],
    ['r', 't', 'k3'],
    ['q', 's', 'k4'],
  ])
    index.remove(relay, session, 'id', key);
  assert.equal(index.size, 0);
  assert.deepEqual(index.keys('r', 's', 'id'), []);
  // A session emptied while the index remembers it (looked up last), then filled again, is indexed anew.
  index.add('r', 's', 'a', 'k5');
  assert.deepEqual(index.keys('r', 's', 'a'), ['k5']);
  index.remove('r', 's', 'a', 'k5');
  index.add('r', 's', 'a', 'k6');
  index.add('r', 't', 'a', 'k7');
  assert.deepEqual(index.keys('r', 's', 'a'), ['k6']);
  assert.equal(index.size, 2);
});

test('SubjectIndex answers as a map of joined keys (against a model), whatever was looked up last', () => {
  // The index remembers the (relay, session) it looked up last: a session emptied
  // and filled again, or another relay's session of the same name, must not be read from it.
  const random = mulberry32(5);
  const index = new SubjectIndex();
  const model = new Map<string, string[]>();
  for (let step = 0; step < 30_000; step++) {
    const relay = `r${Math.floor(random() * 2)}`;
    const session = `s${Math.floor(random() * 3)}`;
    const id = `i${Math.floor(random() * 4)}`;
    const joined = `${relay}\u001f${session}\u001f${id}`;
    const keys = model.get(joined) ?? [];
    const action = random();
    if (action < 0.4) {
      const key = `k${step}`;
      index.add(relay, session, id, key);
      model.set(joined, [...keys, key]);
    } else if (action < 0.8 && keys.length) {
      const key = keys[Math.floor(random() * keys.length)];
      index.remove(relay, session, id, key);
      const rest = keys.filter((k) => k !== key);
      if (rest.length) model.set(joined, rest);
      else model.delete(joined);
    } else {
      assert.deepEqual(index.keys(relay, session, id), keys, `step ${step}`);
      assert.deepEqual(
        [...index.inSession(relay, session)].sort(),
        [...model]
          .filter(([k]) => k.startsWith(`${relay}\u001f${session}\u001f`))
          .flatMap(([, v]) => v)
          .sort(),
        `session at step ${step}`,
      );
    }
    assert.equal(index.size, model.size);
  }
});

test('SeenEvents forgets the oldest triple past its cap, per relay and source, and a duplicate is not re-added', () => {
  const seen = new SeenEvents(3);
  assert.equal(seen.add('r', 'a', '1'), true);
  assert.equal(seen.add('r', 'b', '1'), true, 'the same id from another source is another event');
  assert.equal(seen.add('q', 'a', '1'), true, 'and from another relay');
  assert.equal(seen.add('r', 'a', '1'), false);
  assert.equal(seen.add('r', 'a', '2'), true);
  assert.deepEqual(
    [seen.has('r', 'a', '1'), seen.has('r', 'b', '1'), seen.has('q', 'a', '1'), seen.has('r', 'a', '2')],
    [false, true, true, true],
  );
  assert.equal(seen.size, 3);
  for (let i = 0; i < 10; i++) seen.add('r', 'c', `x${i}`);
  assert.equal(seen.size, 3);
  assert.deepEqual(
    ['x6', 'x7', 'x8', 'x9'].map((id) => seen.has('r', 'c', id)),
    [false, true, true, true],
  );
});

test('SeenEvents answers as the joined-key BoundedSet it replaced (against a model)', () => {
  const random = mulberry32(9);
  const seen = new SeenEvents(50);
  const model = new BoundedSet(50);
  for (let step = 0; step < 20_000; step++) {
    const relay = `r${Math.floor(random() * 2)}`;
    const source = `s${Math.floor(random() * 5)}`;
    const id = `i${Math.floor(random() * 40)}`;
    const joined = `${relay}\u001f${source}\u001f${id}`;
    if (random() < 0.3) assert.equal(seen.has(relay, source, id), model.has(joined));
    else assert.equal(seen.add(relay, source, id), model.add(joined));
    assert.equal(seen.size, model.size);
  }
});

/** The exact reading: a triple is remembered from its add until it is deleted or its ring slot is reused. */
class ExactModel {
  private readonly ring: (string | undefined)[];
  private readonly items = new Map<string, number>();
  private at = 0;
  constructor(private readonly cap: number) {
    this.ring = new Array(cap).fill(undefined);
  }
  has(key: string): boolean {
    return this.items.has(key);
  }
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    const oldest = this.ring[this.at];
    if (oldest !== undefined) this.items.delete(oldest);
    this.ring[this.at] = key;
    this.items.set(key, this.at);
    this.at = (this.at + 1) % this.cap;
    return true;
  }
  delete(key: string): void {
    const slot = this.items.get(key);
    if (slot === undefined) return;
    this.ring[slot] = undefined;
    this.items.delete(key);
  }
  get size(): number {
    return this.items.size;
  }
}

test('SeenEvents stays exact when many emitters share ids (chained, then moved to a map of their own) and triples are deleted', () => {
  const random = mulberry32(21);
  for (const [sources, ids] of [
    [40, 3],
    [3, 40],
    [200, 1],
  ] as const) {
    const seen = new SeenEvents(64);
    const model = new ExactModel(64);
    for (let step = 0; step < 30_000; step++) {
      const relay = `r${Math.floor(random() * 2)}`;
      const source = `aep://h/s${Math.floor(random() * sources)}`;
      const id = `${Math.floor(random() * ids)}`;
      const joined = `${relay}\u001f${source}\u001f${id}`;
      const action = random();
      if (action < 0.25) assert.equal(seen.has(relay, source, id), model.has(joined));
      else if (action < 0.35) {
        seen.delete(relay, source, id);
        model.delete(joined);
      } else assert.equal(seen.add(relay, source, id, step), model.add(joined));
      assert.equal(seen.size, model.size);
    }
  }
});

test('SeenEvents grows its room with use (up to its cap) and stays exact through growth, wrap-around and deletes', () => {
  const random = mulberry32(33);
  const seen = new SeenEvents(3000);
  const model = new ExactModel(3000);
  for (let step = 0; step < 12_000; step++) {
    const relay = 'r';
    const source = `aep://h/s${Math.floor(random() * 50)}`;
    const id = `${Math.floor(random() * 2000)}`;
    const joined = `${relay}\u001f${source}\u001f${id}`;
    const action = random();
    if (action < 0.2) assert.equal(seen.has(relay, source, id), model.has(joined));
    else if (action < 0.25) {
      seen.delete(relay, source, id);
      model.delete(joined);
    } else assert.equal(seen.add(relay, source, id, step), model.add(joined));
    assert.equal(seen.size, model.size);
  }
});

test('SeenEvents keeps the first value of a triple, and finds one id shared by 1,000 sources', () => {
  const seen = new SeenEvents(5000);
  for (let s = 0; s < 1000; s++) assert.equal(seen.add('r', `aep://h/${s}`, '1', s), true);
  assert.equal(seen.add('r', 'aep://h/7', '1', 99), false);
  assert.equal(seen.get('r', 'aep://h/7', '1'), 7);
  assert.equal(seen.get('r', 'aep://h/1000', '1'), undefined);
  assert.equal(seen.size, 1000);
});
