// Whether an answer of ours still has a request to answer (a queued
// or saved answer is never sent after its request closed). A request that is
// resolved, timed out or stale is closed; one answered by someone else is
// closed to us too, even while it waits for its agent to resolve it. The
// reason names who answered, from what the emitter recorded.
import { displayLine } from '../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

/** Who answered when `attention.answered` names nobody (and no command of ours or others' caused it). */
export const UNNAMED = 'an unnamed party';

export type AnswerFate =
  | { kind: 'open' }
  /** The emitter recorded this very command as the answer: it was applied. */
  | { kind: 'applied' }
  /** Closed (or answered by someone else): `why` reads after "the request closed", e.g. "answered by other-op". */
  | { kind: 'closed'; why: string };

/** What became of request `record` for our command `commandId`. */
export function answerFate(record: RequestRecord, commandId: string): AnswerFate {
  const answered = record.answered;
  if (answered && answered.cause === commandId) return { kind: 'applied' };
  if (answered) {
    const seen = record.commands.find((c) => c.id === answered.cause);
    return { kind: 'closed', why: `answered by ${displayLine(answered.by ?? seen?.agent ?? UNNAMED, 60)}` };
  }
  if (OPEN_STATES.has(record.state)) return { kind: 'open' };
  switch (record.state) {
    case 'timeout':
      return { kind: 'closed', why: 'timed out' };
    case 'stale':
      return { kind: 'closed', why: 'its session ended' };
    default:
      return {
        kind: 'closed',
        why: `resolved by the agent (${displayLine(record.resolution?.resolution ?? 'no answer recorded', 40)})`,
      };
  }
}
