// Emitter protocol violations an attention console can see, named with the
// rule names of the AEP SDKs' state projection so a report here reads the
// same as one from `aep validate` or the SDK:
//
//   id-collision                  one (source, id) named two different Events (AEP-0001 §7.4)
//   seq-regression                seq failed to advance within an epoch (AEP-0001 §7)
//   epoch-regression              epoch went backwards within a session (AEP-0001 §7)
//   ended-with-pending-attention  session.ended while a request was still open (AEP-0002 §7.2)
//   run-terminal-exclusivity      a second, different terminal of one run (AEP-0002 §2 convention 5)
//   session-terminal-exclusivity  a second, different session.ended (AEP-0002 §2 convention 5)
//
// Pure and bounded: the store feeds it Events after its own dedupe and asks
// which request (if any) a violation concerns. Everything is keyed per relay
// and per emitter (source): session names and ids collide across emitters,
// and two relays' streams are not ordered against each other.

import type { AepEvent } from '../protocol/types.js';
import { emitterSessionKey, runKey, tupleKey, type EmitterSessionKey, type RunKey } from './identity.js';
import type { FoldedPosition, Position } from './positions.js';

export type ViolationRule =
  | 'id-collision'
  | 'seq-regression'
  | 'epoch-regression'
  | 'ended-with-pending-attention'
  | 'run-terminal-exclusivity'
  | 'session-terminal-exclusivity';

export interface EmitterViolation {
  rule: ViolationRule;
  relay: string;
  source: string;
  session?: string;
  /** The offending Event's id (collisions, regressions, a second terminal). */
  id?: string;
  /** The run that ended twice (run-terminal-exclusivity). */
  run?: string;
  /** Requests still open when the session ended. */
  pending?: number;
}

/**
 * Command frames carry the target's session under the sender's source and
 * no seq; `agent.*` Events carry no session. Neither folds session order
 * (as in the SDK projection).
 */
const COMMAND_TYPE = /^(control\.(attention\.respond|cancel|pause|resume)|x\.[a-z0-9_-]+\.control\..+)$/;

const LOG_KEPT = 200;
const NO_VIOLATIONS: readonly EmitterViolation[] = Object.freeze([]);

/** Types folded outside session order, decided once per distinct type (few per relay). */
const unorderedTypes = new Map<string, boolean>();
function unordered(type: string): boolean {
  let answer = unorderedTypes.get(type);
  if (answer === undefined) {
    answer = COMMAND_TYPE.test(type) || type.startsWith('agent.');
    if (unorderedTypes.size > 1000) unorderedTypes.clear();
    unorderedTypes.set(type, answer);
  }
  return answer;
}

export class EmitterRules {
  /** (relay, source, session) → the (epoch, seq) of its first session.ended. */
  private readonly ended = new Map<EmitterSessionKey, Position>();
  /** (relay, source, session, run) → the epoch of the run's first terminal. */
  private readonly runsEnded = new Map<RunKey, number>();
  /** Violations already counted: a redelivered collider is one violation, not one per delivery. */
  private readonly reported = new Map<string, true>();
  private readonly log: EmitterViolation[] = [];
  private readonly perRelay = new Map<string, number>();
  private total = 0;

  /** `cap` bounds each memory; past it the oldest entries are forgotten (checks then see less, never crash). */
  constructor(private readonly cap: number) {}

  /**
   * An Event the dedupe memory had not seen, with the last position folded
   * for its (relay, emitter, session) (`folded`, kept with the resume
   * positions: relay-book.ts): checks the Event's position against it and
   * moves it. Returns what the Event broke.
   */
  admit(relay: string, event: AepEvent, folded: FoldedPosition | undefined): readonly EmitterViolation[] {
    if (!folded || unordered(event.type)) return NO_VIOLATIONS;
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return NO_VIOLATIONS;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    const lastEpoch = folded.lastEpoch;
    const lastSeq = folded.lastSeq;
    // As in the SDK: the position is the last folded one, whatever it was.
    folded.lastEpoch = epoch;
    folded.lastSeq = event.seq;
    // Objects only for a violation: this runs for every Event.
    if (lastEpoch < 0 || epoch > lastEpoch || (epoch === lastEpoch && event.seq > lastSeq)) return NO_VIOLATIONS;
    const rule = epoch < lastEpoch ? 'epoch-regression' : 'seq-regression';
    return listed(this.record({ rule, relay, source: event.source, session: event.session, id: event.id }));
  }

  /**
   * The dedupe memory had seen this (source, id), with the digest of the
   * first Event under it (`first`; the dedupe memory keeps it, see
   * seen-events.ts): a redelivery is legal (at-least-once), anything else is
   * the emitter reusing an id. Once forgotten (past the cap) a redelivery is
   * taken as legal.
   */
  redelivered(
    relay: string,
    event: AepEvent,
    first: number | undefined,
    second = digest(event),
  ): EmitterViolation | undefined {
    if (first === undefined || second === first) return undefined;
    const violation: EmitterViolation = {
      rule: 'id-collision',
      relay,
      source: event.source,
      session: event.session,
      id: event.id,
    };
    return this.record(violation, second);
  }

  /** A session.ended: `pending` requests of that emitter were still open. */
  sessionEnded(relay: string, event: AepEvent, pending: number): EmitterViolation[] {
    const found: (EmitterViolation | undefined)[] = [];
    const session = event.session ?? '';
    const base = { relay, source: event.source, session };
    if (pending > 0) found.push(this.record({ rule: 'ended-with-pending-attention', ...base, pending }, event.id));
    const key = emitterSessionKey(relay, event.source, session);
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    const first = this.ended.get(key);
    // A later epoch is the emitter restarting the session (the store reopens
    // it too): only a second end within one epoch breaks exclusivity.
    if (first && first.epoch === epoch)
      found.push(this.record({ rule: 'session-terminal-exclusivity', ...base, id: event.id }));
    else remember(this.ended, key, { epoch, seq: typeof event.seq === 'number' ? event.seq : -1 }, this.cap);
    return found.flatMap(listed);
  }

  /**
   * A run's terminal (`run.finished`, `run.failed`, `run.cancelled`; already
   * deduplicated, so this is a different Event). As in the SDK projection
   * the first terminal of a run is its status and any later one breaks
   * exclusivity; as for sessions above, a later epoch is the emitter
   * restarting (a run id reused after a restart is a new run), not a
   * violation. Runs are the emitter's: keyed by (source, session, run).
   */
  runEnded(relay: string, event: AepEvent): EmitterViolation | undefined {
    if (typeof event.run !== 'string' || typeof event.session !== 'string') return undefined;
    const key = runKey(relay, event.source, event.session, event.run);
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    if (this.runsEnded.get(key) !== epoch) {
      remember(this.runsEnded, key, epoch, this.cap);
      return undefined;
    }
    return this.record({
      rule: 'run-terminal-exclusivity',
      relay,
      source: event.source,
      session: event.session,
      run: event.run,
      id: event.id,
    });
  }

  /** A request raised by position before its session's end, delivered after it. */
  requestAfterEnd(relay: string, event: AepEvent): EmitterViolation | undefined {
    return this.record(
      { rule: 'ended-with-pending-attention', relay, source: event.source, session: event.session ?? '', pending: 1 },
      event.id,
    );
  }

  /** Violations seen on `relay` (all relays without one). */
  count(relay?: string): number {
    return relay === undefined ? this.total : (this.perRelay.get(relay) ?? 0);
  }

  /** The most recent violations, oldest first (at most 200). */
  recent(): EmitterViolation[] {
    return this.log.map((v) => ({ ...v }));
  }

  private record(violation: EmitterViolation, variant: string | number = ''): EmitterViolation | undefined {
    const key = tupleKey(
      violation.rule,
      violation.relay,
      violation.source,
      violation.session ?? '',
      violation.id ?? '',
      variant,
    );
    if (this.reported.has(key)) return undefined;
    remember(this.reported, key, true, this.cap);
    this.total++;
    this.perRelay.set(violation.relay, (this.perRelay.get(violation.relay) ?? 0) + 1);
    this.log.push(violation);
    if (this.log.length > LOG_KEPT) this.log.shift();
    return violation;
  }
}

/** The rules a record carries, with `rule` added once (a new array only when it changes). */
export function withRule(
  rules: readonly ViolationRule[] | undefined,
  rule: ViolationRule,
): ViolationRule[] | undefined {
  if (rules?.includes(rule)) return undefined;
  return [...(rules ?? []), rule];
}

function listed(violation: EmitterViolation | undefined): EmitterViolation[] {
  return violation ? [violation] : [];
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, cap: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value as K);
}

/**
 * The Event's identity for collision checks, hashed: its type, time, place
 * in its session's stream (session, epoch, seq) and what it is about
 * (subject, cause, run, agent). A different Event under a reused id differs
 * in one of them (the same position twice is also a seq-regression); a
 * redelivery, however a hop re-serialized it, agrees on all (members are read
 * by name, so their order on the wire does not matter). Hashing whole
 * payloads cost as much as folding the Event. One 32-bit FNV-1a lane over the
 * text (two UTF-16 units a step), the counters mixed in as numbers (no string made for them): this runs
 * for every Event, and a collision check needs equality, not secrecy (two
 * different Events agree by chance once in four billion, and then one
 * violation goes unreported).
 */
export function digest(event: AepEvent): number {
  let h = mixText(mixText(0x811c9dc5, event.time), event.session);
  h = mixText(h, event.type);
  h = mixCount(h, event.epoch);
  h = mixCount(h, event.seq);
  h = mixText(h, event.subject);
  h = mixText(h, event.cause);
  h = mixText(h, event.run);
  h = mixText(h, event.agent);
  return h >>> 0;
}

function mixText(h: number, value: unknown): number {
  // The parser let only strings through; anything else is hashed as absent.
  if (typeof value !== 'string') return Math.imul(h ^ 0xffff, 0x01000193);
  // Two UTF-16 units per step (one 32-bit word): half the multiplications.
  const n = value.length;
  let i = 0;
  for (; i + 1 < n; i += 2) h = Math.imul(h ^ (value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16)), 0x01000193);
  if (i < n) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  // The length as a separator: ("ab","c") and ("a","bc") differ, and absent differs from "".
  return Math.imul(h ^ n, 0x01000193);
}

function mixCount(h: number, value: unknown): number {
  // Counters are validated non-negative integers (below 2^53): both halves mixed, absent as -1.
  const n = typeof value === 'number' ? value : -1;
  h = Math.imul(h ^ (n | 0), 0x01000193);
  return Math.imul(h ^ ((n / 0x100000000) | 0), 0x01000193);
}
