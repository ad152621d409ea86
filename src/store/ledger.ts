// The answer ledger: what this console
// says about each request's answer, and the one question every path that
// answers asks before it sends (keys, a batch, `respond`, the rules with
// AUTO, a saved answer taken over from an earlier console): may an answer
// go out for this request now, and if not, why, in words. At most one live
// answer per request: one on its way (ours or a saved one) refuses a second.
// Pure: the store's records and commands are only read.

import { displayLine } from '../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from './types.js';

/** A request's answer as this console knows it (the contract's states). */
export type LedgerState =
  'idle' | 'journaled' | 'sent' | 'accepted' | 'rejected' | 'refused' | 'timed out' | 'not sent' | 'stopped waiting';

/** The state of the request's latest answer of ours (`idle`: none). */
export function ledgerState(command: OwnCommand | undefined): LedgerState {
  switch (command?.state) {
    case undefined:
      return 'idle';
    case 'sending':
      return command.queued && command.attempts === 0 ? 'journaled' : 'sent';
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'refused-by-relay':
      return 'refused';
    case 'timeout':
      return 'timed out';
    case 'not-sent':
      return 'not sent';
    case 'stopped-waiting':
      return 'stopped waiting';
  }
}

export type Refusal =
  /** The request is no longer open. */
  | { code: 'closed'; why: string }
  /** An answer is on its way (journaled, sent or accepted): ours, or a saved one from an earlier console. */
  | { code: 'in-flight'; why: string; command: OwnCommand }
  /** Another emitter shares the session name: the relay could route the answer to it. */
  | { code: 'route'; why: string };

/** What the ledger reads of the store. */
export interface LedgerReader {
  lastCommandFor(requestKey: string): OwnCommand | undefined;
  /** Why an answer for the request could reach another emitter (undefined: safe as far as the console can tell). */
  unsafeRoute(record: RequestRecord): string | undefined;
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

function answerWords(command: OwnCommand): string {
  const { answer } = command;
  if (answer.option !== undefined) return `option ${displayLine(answer.option, 40)}`;
  if (answer.text !== undefined) return 'a text reply';
  return answer.values !== undefined ? 'form values' : 'an answer';
}

/**
 * Whether an answer may be sent for `record` now (undefined), or why not.
 * Asked by every path that answers; the command sender asks it again before
 * anything goes on the wire.
 */
export function answerRefusal(reader: LedgerReader, record: RequestRecord): Refusal | undefined {
  if (record.state !== 'pending')
    return {
      code: 'closed',
      why: `This request is ${record.state === 'answered' ? 'already answered' : 'closed'}: no answer is sent.`,
    };
  const command = reader.lastCommandFor(record.key);
  if (command && (command.state === 'sending' || command.state === 'accepted')) {
    const what = answerWords(command);
    const why =
      command.savedAt !== undefined
        ? `A saved answer is on its way: ${what}, given at ${clock(command.savedAt)} UTC by an earlier console. No other answer is sent for this request until the agent acknowledges or refuses it.`
        : `Your answer (${what}, given at ${clock(command.createdAt)} UTC) is on its way: no second answer is sent for this request.`;
    return { code: 'in-flight', why, command };
  }
  const route = reader.unsafeRoute(record);
  if (route)
    return {
      code: 'route',
      why: `Not sent: ${route}. Commands are routed by session name (AEP-0004 §2.2), so this answer could reach the wrong agent.`,
    };
  return undefined;
}

/**
 * Whether the roster or the session's Events show another emitter under the
 * request's session name, in words (undefined: none is known). `claiming`:
 * the roster's claimants' agent names (undefined: no roster). `since`: other
 * emitters that sent an Event in the session after the request arrived;
 * `ever`: every other emitter seen in it.
 */
export function routeRisk(
  record: RequestRecord,
  claiming: readonly (string | undefined)[] | undefined,
  since: readonly string[],
  ever: readonly string[],
): string | undefined {
  const session = displayLine(record.session, 60);
  if (since.length) return `${displayLine(since[0], 120)} has sent Events in session "${session}" since this request`;
  if (claiming && claiming.length > 1)
    return `${claiming.length} agents are live in session "${session}" on this relay`;
  const other = claiming?.find((agent) => agent !== undefined && agent !== record.agent);
  if (other !== undefined)
    return `agent ${displayLine(other, 40)}, not ${displayLine(record.agent, 40)}, is live in session "${session}" on this relay`;
  // One claimant we cannot tell apart from another emitter seen in the session: it may not be this request's agent.
  if (claiming?.length === 1 && ever.length)
    return `${displayLine(ever[0], 120)} also uses session "${session}" here, and the relay's roster cannot tell which of them is live`;
  return undefined;
}
