import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AepEvent } from '../../src/protocol/types.js';
import { REPLAY_SLICE, RelayCore, type From, type Subscription } from '../../src/demo/relay-core.js';

function event(session: string, seq: number): AepEvent {
  return {
    aep: '0.1',
    id: `${session}-${seq}`,
    type: 'progress.status',
    time: '2026-12-05T10:00:00Z',
    source: `aep://h/agent/a/session/${session}`,
    agent: 'a',
    session,
    seq,
  } as AepEvent;
}

function coreHolding(count: number, sessions = 1): RelayCore {
  const core = new RelayCore(count, true);
  for (let n = 0; n < count; n++) {
    const e = event(`s${n % sessions}`, n);
    core.ingest(e, JSON.stringify(e), { refuse: () => undefined });
  }
  return core;
}

/** A subscription that writes each text on a later turn, as a socket does once it is full. */
function recorder(filter: Record<string, unknown> = {}) {
  const ids: string[] = [];
  const notices: string[] = [];
  const sub: Subscription = {
    id: 'sub',
    filter,
    deliver: (json, written) => {
      ids.push((JSON.parse(json) as AepEvent).id);
      if (written) setImmediate(written);
    },
    exhausted: (frame) => notices.push(`${frame.session}@${frame.earliest.seq}`),
  };
  return { sub, ids, notices };
}

const turns = (n: number) =>
  new Promise<void>((resolve) => {
    const next = (left: number) => (left === 0 ? resolve() : setImmediate(() => next(left - 1)));
    next(n);
  });

describe('demo relay: a long replay goes out in slices', () => {
  const cases: { name: string; held: number; from: From; expected: number }[] = [
    { name: 'one slice or less: all before subscribeInSlices returns', held: REPLAY_SLICE, from: 'all', expected: 0 },
    { name: 'one more than a slice: the last on a later turn', held: REPLAY_SLICE + 1, from: 'all', expected: 1 },
    { name: 'three slices and a bit', held: 3 * REPLAY_SLICE + 7, from: 'all', expected: 3 },
    { name: 'no from: nothing replayed', held: 3 * REPLAY_SLICE, from: undefined, expected: 0 },
  ];
  for (const { name, held, from, expected } of cases) {
    test(name, async () => {
      const core = coreHolding(held);
      const { sub, ids } = recorder();
      core.subscribeInSlices(sub, from);
      const replayed = from === 'all' ? held : 0;
      assert.equal(ids.length, expected === 0 ? replayed : REPLAY_SLICE);
      await turns(4 * (expected + 1));
      assert.equal(ids.length, replayed);
      assert.deepEqual(
        ids,
        Array.from({ length: replayed }, (_, n) => `s0-${n}`),
      );
    });
  }

  test('live Events that arrive during the replay follow it, in order, once', async () => {
    const core = coreHolding(2 * REPLAY_SLICE + 10, 3);
    const { sub, ids } = recorder();
    core.subscribeInSlices(sub, 'all');
    const live = [event('s1', 100_000), event('s2', 100_001)];
    for (const e of live) core.ingest(e, JSON.stringify(e), { refuse: () => undefined });
    await turns(20);
    assert.equal(ids.length, 2 * REPLAY_SLICE + 12);
    assert.deepEqual(ids.slice(-2), ['s1-100000', 's2-100001']);
    assert.equal(new Set(ids).size, ids.length);
    // Live again: the next Event goes out at once.
    const after = event('s0', 100_002);
    core.ingest(after, JSON.stringify(after), { refuse: () => undefined });
    assert.equal(ids.at(-1), 's0-100002');
  });

  test('a transport that writes together is asked to, once per slice, with the slice inside', async () => {
    const core = coreHolding(2 * REPLAY_SLICE + 1);
    const { sub, ids } = recorder();
    const sizes: number[] = [];
    sub.together = (send) => {
      const before = ids.length;
      send();
      sizes.push(ids.length - before);
    };
    core.subscribeInSlices(sub, 'all');
    await turns(12);
    assert.deepEqual(sizes, [REPLAY_SLICE, REPLAY_SLICE, 1]);
  });

  test('unsubscribed mid-replay: the rest is not sent, and nothing owed is', async () => {
    const core = coreHolding(3 * REPLAY_SLICE);
    const { sub, ids } = recorder();
    let slices = 0;
    sub.together = (send) => {
      slices++;
      send();
    };
    core.subscribeInSlices(sub, 'all');
    const live = event('s0', 100_000);
    core.ingest(live, JSON.stringify(live), { refuse: () => undefined });
    core.unsubscribe(sub);
    await turns(20);
    assert.equal(ids.length, REPLAY_SLICE);
    assert.equal(slices, 1);
    assert.equal(core.subscriptionCount(), 0);
  });

  test('the filter applies to every slice; a slice the filter empties still moves on', async () => {
    const core = coreHolding(3 * REPLAY_SLICE, 3);
    const { sub, ids } = recorder({ session: 's2' });
    core.subscribeInSlices(sub, 'all');
    await turns(20);
    assert.equal(ids.length, REPLAY_SLICE);
    assert.ok(ids.every((id) => id.startsWith('s2-')));
  });

  test('resume positions: the notice for a session past what is held comes before its Events', async () => {
    const core = new RelayCore(REPLAY_SLICE, true);
    for (let n = 0; n < 2 * REPLAY_SLICE; n++) {
      const e = event('s0', n);
      core.ingest(e, JSON.stringify(e), { refuse: () => undefined });
    }
    const { sub, ids, notices } = recorder();
    core.subscribeInSlices(sub, [{ session: 's0', epoch: 0, seq: 3 }]);
    assert.deepEqual(notices, [`s0@${REPLAY_SLICE}`]);
    await turns(10);
    assert.equal(ids.length, REPLAY_SLICE);
    assert.equal(ids[0], `s0-${REPLAY_SLICE}`);
  });
});
