import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent, ResumePosition } from '../../src/protocol/types.js';
import { MAX_SESSIONS_TRACKED, RelayBook } from '../../src/store/relay-book.js';
import { mulberry32 } from '../support/prng.js';

/** The resume positions as they were kept before (one map of joined keys, re-inserted on advance): the model. */
class Model {
  private readonly sessions = new Map<string, { session: string; epoch: number; seq: number }>();
  track(event: AepEvent): void {
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    const key = `${event.session.length}:${event.session}${event.source}`;
    const current = this.sessions.get(key);
    if (!current || epoch > current.epoch || (epoch === current.epoch && event.seq > current.seq)) {
      this.sessions.delete(key);
      this.sessions.set(key, { session: event.session, epoch, seq: event.seq });
      if (this.sessions.size > MAX_SESSIONS_TRACKED) this.sessions.delete(this.sessions.keys().next().value as string);
    }
  }
  positions(): ResumePosition[] {
    const lowest = new Map<string, { epoch: number; seq: number }>();
    for (const { session, epoch, seq } of this.sessions.values()) {
      const known = lowest.get(session);
      if (!known || known.epoch > epoch || (known.epoch === epoch && known.seq > seq))
        lowest.set(session, { epoch, seq });
    }
    return [...lowest].map(([session, p]) => ({ session, epoch: p.epoch, seq: p.seq }));
  }
  get size(): number {
    return this.sessions.size;
  }
}

test('resume positions, advanced in place, match the joined-key map they replaced: values, order and the cap', () => {
  const random = mulberry32(13);
  const book = new RelayBook();
  const model = new Model();
  const relay = 'http://relay.test';
  for (let step = 1; step <= 30_000; step++) {
    // Past the cap (more emitters than tracked), sessions shared by two emitters, epochs moving both ways.
    const n = Math.floor(random() * (MAX_SESSIONS_TRACKED + 1500));
    const event = {
      aep: '0.1',
      id: `e${step}`,
      type: 'progress.update',
      time: '2026-07-03T10:00:00Z',
      agent: 'a',
      session: `s${n % (MAX_SESSIONS_TRACKED + 500)}`,
      source: `aep://h/agent/a/session/${n}`,
      seq: Math.floor(random() * 1000),
      epoch: Math.floor(random() * 3),
    } as AepEvent;
    book.trackPosition(relay, event);
    model.track(event);
    if (step % 3000 === 0) {
      assert.equal(book.positionCount(), model.size);
      assert.deepEqual(book.resumePositions(relay), model.positions());
    }
  }
});
