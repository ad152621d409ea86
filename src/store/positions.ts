import type { AepEvent } from '../protocol/types.js';
import type { RequestKeyPrefix } from './identity.js';
import { readAnswer } from './read.js';
import type { EmitterSlot } from './session-emitters.js';

/** A position in a session's stream: (epoch, seq) totally orders it (AEP-0003 §7). */
export interface Position {
  epoch: number;
  seq: number;
}

/**
 * The last position folded for one (relay, emitter, session), whatever it was
 * (a regression included), for the emitter-rule checks (violations.ts); kept
 * on the resume-position entry (relay-book.ts), so one lookup serves both.
 * `lastEpoch` is -1 before the first Event.
 */
export interface FoldedPosition extends EmitterSlot {
  lastEpoch: number;
  lastSeq: number;
  /** The entry's copies of the emitter's names (the first Event's). */
  readonly session: string;
  readonly source: string;
  readonly agent: string;
  /**
   * The start of the keys of this emitter session's requests (relay, session
   * and source: identity.ts requestKeyPrefix), made once by the fold: a key
   * is then one short step per request.
   */
  requestKeyPrefix?: RequestKeyPrefix;
  /** The dedupe hash's state after this source (seen-events.ts sourceState), made once by the fold. */
  dedupeState?: number;
  /** The source's host (hostFromSource), made once by the fold: every request of the emitter shares one copy. */
  host?: string;
  // `emitter` (EmitterSlot): who spoke in the session (session-emitters.ts), kept here by the store.
}

export function positionOf(event: AepEvent): Position {
  return {
    epoch: typeof event.epoch === 'number' ? event.epoch : 0,
    seq: typeof event.seq === 'number' ? event.seq : -1,
  };
}

export function after(a: Position, b: Position): boolean {
  return a.epoch > b.epoch || (a.epoch === b.epoch && a.seq > b.seq);
}

/** A held event keeps its envelope and only the payload members applying it reads. */
export function slimForHold(event: AepEvent): AepEvent {
  const data = event.data ?? {};
  const keep: Record<string, unknown> = {};
  for (const name of ['answer', 'by', 'via', 'resolution', 'latency_ms', 'after_ms', 'to']) {
    const value = data[name];
    // Applying reads only strings and numbers here; a nested value would cost heap for as long as it is held.
    if (name === 'answer') {
      if (name in data) keep.answer = readAnswer(value);
    } else if (typeof value === 'string' || typeof value === 'number') {
      keep[name] = value;
    }
  }
  const { data: _drop, ...envelope } = event;
  return { ...envelope, data: keep } as AepEvent;
}
