// The wire's entry for one command (command-wire.ts): what it needs to send,
// retry, probe and hold a command, apart from the store's record of it.

import type { AepEvent } from '../protocol/types.js';
import type { Refusal } from '../store/ledger.js';
import type { Target } from './command-acks.js';
import type { Recheck } from './types.js';

/**
 * One command on the wire's books: its sends, timers and probes, and the
 * wire's working flags (`queued`, `waiting`, held with a `refusal`). The
 * answer's state is the store's command (store/answer/ reads it);
 * these flags are how the wire acts on it, set in the same step as the
 * store is told, so they are not a second vocabulary of states.
 */
export interface WireEntry {
  id: string;
  requestKey: string;
  event: AepEvent;
  session: string;
  /**
   * Not yet asked at the gate as the operator's (or a rule's) send on a live
   * link: a refusal then is a refused first send (not sent, not kept), where
   * one of a command already written, or saved, holds it (gate.ts).
   */
  first: boolean;
  /** Waiting at the gate for a read of its session (gate.ts). */
  waiting?: boolean;
  /**
   * It goes only after a read of its session made since the link came back
   * has ended (gate.ts): a saved answer (taken over, queued across an outage,
   * or unacknowledged when the link dropped), and `respond`'s answer.
   */
  proof?: boolean;
  /** Why the gate holds it (held only). */
  refusal?: Refusal;
  /** A rule's answer: the rule is asked again at the gate until the answer is first written (store/rule-recheck.ts). */
  recheck?: Recheck;
  /** The request's emitter, when known (always for commands made by respond()). */
  target?: Target;
  /** Sends in the current round (reset by a requeue or by resend()). */
  sends: number;
  queued: boolean;
  /** Its journal write is under way: it goes on the wire only once that is done. */
  journaling?: boolean;
  windowMs: number;
  timer?: ReturnType<typeof setTimeout>;
  /** link.heard() at the last send: unchanged after the ack window means the whole link was silent. */
  heardAtSend: number;
  /** Probe rounds of the link since the last send (see ackSilence). */
  probes: number;
}

/** A command not sent yet in this round: queued, no probe made. */
export function queuedEntry(
  requestKey: string,
  event: AepEvent,
  session: string,
  target: Target | undefined,
  windowMs: number,
  first = false,
): WireEntry {
  return {
    id: event.id,
    requestKey,
    event,
    session,
    first,
    target,
    sends: 0,
    queued: true,
    windowMs,
    heardAtSend: -1,
    probes: 0,
  };
}
