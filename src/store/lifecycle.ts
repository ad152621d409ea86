import type { AepEvent } from '../protocol/types.js';
import { routedAt } from '../protocol/routed.js';
import { num, readAnswer, str, word } from './read.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

/** Lifecycle Events that close their request (the fold counts it terminal). */
export function closesRequest(type: string): boolean {
  return type === 'attention.resolved' || type === 'attention.timeout';
}

/**
 * What an emitter's lifecycle Event (answered, resolved, timeout) or a
 * routing note does to its request, as a patch (a fresh object the caller
 * may add to): pure, so the fold only applies it (and counts the request
 * terminal when the Event closesRequest). Undefined when it changes nothing.
 * `receivedAt`: when the Event arrived (a routing note's age counts from it).
 */
export function lifecyclePatch(
  record: RequestRecord,
  event: AepEvent,
  receivedAt?: number,
): Partial<RequestRecord> | undefined {
  const data = event.data ?? {};
  switch (event.type) {
    case 'attention.answered': {
      const answered = {
        answer: readAnswer(data.answer),
        by: word(data.by),
        via: word(data.via),
        cause: event.cause,
        time: event.time,
      };
      // An answer recorded after the request closed is kept, but does not reopen it.
      return OPEN_STATES.has(record.state) ? { answered, state: 'answered' } : { answered };
    }
    case 'attention.resolved':
      return {
        state: 'resolved',
        resolution: {
          resolution: word(data.resolution) ?? 'answered',
          latencyMs: num(data.latency_ms),
          time: event.time,
        },
      };
    case 'attention.timeout':
      return { state: 'timeout', timeout: { afterMs: num(data.after_ms), time: event.time } };
    case 'attention.routed': {
      // Appends to a list: one re-delivered after the dedupe memory forgot
      // its id (a replay longer than the memory) must not append twice.
      if (record.routed.some((note) => note.id === event.id && note.source === event.source)) return undefined;
      const note = { id: event.id, source: event.source, by: event.agent, to: str(data.to), via: str(data.via) };
      return {
        routed: [
          ...record.routed,
          receivedAt === undefined ? note : { ...note, at: routedAt(event.time, receivedAt) },
        ].slice(-20),
      };
    }
    default:
      return undefined;
  }
}
