// The answer ledger: what this console
// says about each request's answer, and the questions asked before anything
// goes out: `answerRefusal` where a path decides to answer (keys, a batch,
// `respond`, the rules with AUTO), and `gateRefusal` at the wire itself,
// for every command frame (relay/gate.ts). At most one live answer per
// request: one on its way (ours or a saved one) refuses a second. Commands
// are routed by session name (AEP-0004 §2.2), so a command is refused while
// the console cannot prove that only the request's own emitter could take
// it: what it cannot prove ("unknown") it refuses too.
// Pure: the store's records and commands are only read.

import { displayLine } from '../protocol/sanitize.js';
import { stands } from './answer/index.js';
import type { SessionMemoryFacts } from './session-emitters.js';
import type { Twin } from './session-proofs.js';
import type { OwnCommand, RequestRecord } from './types.js';

/** Why the route of a command is not proven safe (the gate's refusals 1–4). */
/** `risk`: the reason alone, as the detail's warning shows it; `why`: the whole sentence. */
export type RouteRefusal =
  /** 1, 2: another emitter is live under the session name, or spoke there since the request. */
  | { code: 'route'; why: string; risk: string }
  /** 3: another emitter's request has the same session and id. */
  | { code: 'twin'; why: string; risk: string }
  /** 4: the console's memory of the session is partial; a read of it may settle it. */
  | { code: 'unknown'; why: string; risk: string };

export type Refusal =
  /** The request is no longer open. */
  | { code: 'closed'; why: string }
  /** An answer is on its way (journaled, sent or accepted): ours, or a saved one from an earlier console. */
  | { code: 'in-flight'; why: string; command: OwnCommand }
  /** A rule's answer not yet written that the rule, asked again at the gate, no longer gives (store/rule-recheck.ts). */
  | { code: 'rule'; why: string }
  | RouteRefusal;

/** What the gate weighs of a request's route (store.routeFacts). */
export interface RouteFacts {
  /** The roster's claimants of the session, their agent names (undefined: no roster). */
  claiming: readonly (string | undefined)[] | undefined;
  /** Who spoke in the session since the request, or that the console's memory of that is partial. */
  memory: SessionMemoryFacts;
  /** Other emitters' requests with the same session and id. */
  twins: readonly Twin[];
}

/** What the ledger reads of the store. */
export interface LedgerReader {
  lastCommandFor(requestKey: string): OwnCommand | undefined;
  routeFacts(record: RequestRecord): RouteFacts;
  /** The open requests of emitter `source` in (relay, session). */
  openRequestsOf(relay: string, source: string, session: string): RequestRecord[];
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

function answerWords(command: OwnCommand): string {
  const { answer } = command;
  if (answer.option !== undefined) return `option ${displayLine(answer.option, 40)}`;
  if (answer.text !== undefined) return 'a text reply';
  return answer.values !== undefined ? 'form values' : 'an answer';
}

const ROUTING = 'Commands are routed by session name (AEP-0004 §2.2), so it could reach the wrong agent.';

function refuse(code: RouteRefusal['code'], risk: string): RouteRefusal {
  return { code, risk, why: `Not sent: ${risk}. ${ROUTING}` };
}

/**
 * The gate's refusals 1–4 for a command about `record`, in words (undefined:
 * only the request's own emitter can take it, as far as the console can prove).
 * No roster is not by itself a refusal; neither is a roster that lists only
 * the request's own agent.
 */
export function routeRefusal(record: RequestRecord, facts: RouteFacts): RouteRefusal | undefined {
  const session = displayLine(record.session, 60);
  const { claiming, memory, twins } = facts;
  if (claiming && claiming.length > 1)
    return refuse('route', `${claiming.length} agents are live in session "${session}" on this relay`);
  const other = claiming?.find((agent) => agent !== undefined && agent !== record.agent);
  if (other !== undefined)
    return refuse(
      'route',
      `agent ${displayLine(other, 40)}, not ${displayLine(record.agent, 40)}, is live in session "${session}" on this relay`,
    );
  if (memory.known && memory.others.length)
    return refuse(
      'route',
      `${displayLine(memory.others[0], 120)} has sent Events in session "${session}" since this request`,
    );
  const rosterNamesNone = !claiming || claiming.length === 0;
  const twin = twins.find((t) => t.open) ?? (rosterNamesNone ? twins[0] : undefined);
  if (twin)
    return refuse(
      'twin',
      twin.open
        ? `${displayLine(twin.source, 120)} has an open request with the same session "${session}" and id`
        : `${displayLine(twin.source, 120)} had a request with the same session "${session}" and ` +
            `id, and the relay's roster does not say who holds the session`,
    );
  if (!memory.known)
    return refuse(
      'unknown',
      `the console cannot tell who else speaks in session "${session}" (its memory of the ` +
        `session is partial) until a read of the session has ended`,
    );
  return undefined;
}

/**
 * Whether an answer may be sent for `record` now (undefined), or why not.
 * Asked by every path that answers; the gate at the wire asks gateRefusal
 * again before each frame (relay/gate.ts).
 */
export function answerRefusal(reader: LedgerReader, record: RequestRecord): Refusal | undefined {
  if (record.state !== 'pending')
    return {
      code: 'closed',
      why: `This request is ${record.state === 'answered' ? 'already answered' : 'closed'}: no answer is sent.`,
    };
  const command = reader.lastCommandFor(record.key);
  // A saved answer not written yet (it waits for its proof) gives way to the operator's (the client supersedes it).
  const unwrittenSaved = command?.savedAt !== undefined && command.state === 'sending' && command.attempts === 0;
  if (command && !unwrittenSaved && stands(command)) {
    const what = answerWords(command);
    const why =
      command.state === 'held'
        ? `An answer (${what}) is held, not sent: ${command.reason ?? 'the gate refuses it'} No ` +
          `other answer is sent for this request while it is held.`
        : command.savedAt !== undefined
          ? `A saved answer is on its way: ${what}, given at ${clock(command.savedAt)} UTC by an ` +
            `earlier console. No other answer is sent for this request until the agent acknowledges ` +
            `or refuses it.`
          : `Your answer (${what}, given at ${clock(command.createdAt)} UTC) is on its way: no second answer is sent for this request.`;
    return { code: 'in-flight', why, command };
  }
  return routeRefusal(record, reader.routeFacts(record));
}

/**
 * The gate's question, asked for every command frame at the moment it would
 * be written: an answer (`respond`) or a session command (`control`) about
 * `record`. A session command concerns the whole session of the request's
 * emitter: refusals 1, 2 and 4 for its session, 3 for each of its open requests there.
 */
export function gateRefusal(
  reader: LedgerReader,
  record: RequestRecord,
  kind: 'respond' | 'control',
): Refusal | undefined {
  if (kind === 'respond') {
    if (record.state !== 'pending')
      return { code: 'closed', why: `This request is ${record.state === 'answered' ? 'already answered' : 'closed'}.` };
    return routeRefusal(record, reader.routeFacts(record));
  }
  const own = routeRefusal(record, reader.routeFacts(record));
  if (own) return own;
  for (const other of reader.openRequestsOf(record.relay, record.source, record.session)) {
    if (other.key === record.key) continue;
    const refused = routeRefusal(other, reader.routeFacts(other));
    if (refused) return refused;
  }
  return undefined;
}
