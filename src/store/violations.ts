// Emitter protocol violations an attention console can see, named with the
// rule names of the AEP SDKs' state projection so a report here reads the
// same as one from `aep validate` or the SDK:
//
//   id-collision                  one (source, id) named two different Events (AEP-0001 §7.4)
//   seq-regression                seq failed to advance within an epoch (AEP-0001 §7)
//   epoch-regression              epoch went backwards within a session (AEP-0001 §7)
//   ended-with-pending-attention  session.ended while a request was still open (AEP-0002 §7.2)
//   session-terminal-exclusivity  a second, different session.ended (AEP-0002 §2 convention 5)
//
// Pure and bounded: the store feeds it Events after its own dedupe and asks
// which request (if any) a violation concerns. Everything is keyed per relay
// and per emitter (source): session names and ids collide across emitters,
// and two relays' streams are not ordered against each other.

import { createHash } from 'node:crypto';
import type { AepEvent } from '../protocol/types.js';
import type { Position } from './positions.js';

export type ViolationRule =
  | 'id-collision'
  | 'seq-regression'
  | 'epoch-regression'
  | 'ended-with-pending-attention'
  | 'session-terminal-exclusivity';

export interface EmitterViolation {
  rule: ViolationRule;
  relay: string;
  source: string;
  session?: string;
  /** The offending Event's id (collisions, regressions). */
  id?: string;
  /** Requests still open when the session ended. */
  pending?: number;
}

/**
 * Command frames carry the target's session under the sender's source and
 * no seq; `agent.*` Events carry no session. Neither folds session order
 * (as in the SDK projection).
 */
const COMMAND_TYPE = /^(control\.(attention\.respond|cancel|pause|resume)|x\.[a-z0-9_-]+\.control\..+)$/;

const SEP = '\u001f';
const LOG_KEPT = 200;

export class EmitterRules {
  /** relay␟source␟id → digest of the first Event seen under that identity. */
  private readonly digests = new Map<string, string>();
  /** relay␟source␟session → last folded (epoch, seq). */
  private readonly positions = new Map<string, Position>();
  /** relay␟source␟session → the (epoch, seq) of its first session.ended. */
  private readonly ended = new Map<string, Position>();
  /** Violations already counted: a redelivered collider is one violation, not one per delivery. */
  private readonly reported = new Map<string, true>();
  private readonly log: EmitterViolation[] = [];
  private readonly perRelay = new Map<string, number>();
  private total = 0;

  /** `cap` bounds each memory; past it the oldest entries are forgotten (checks then see less, never crash). */
  constructor(private readonly cap: number) {}

  /**
   * An Event the dedupe memory had not seen: remembers its digest and checks
   * its position against the session's last one. Returns what it broke.
   */
  admit(relay: string, event: AepEvent): EmitterViolation[] {
    remember(this.digests, relay + SEP + event.source + SEP + event.id, digest(event), this.cap);
    if (COMMAND_TYPE.test(event.type) || event.type.startsWith('agent.')) return [];
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return [];
    const key = relay + SEP + event.source + SEP + event.session;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    const last = this.positions.get(key);
    // As in the SDK: the position is the last folded one, whatever it was.
    remember(this.positions, key, { epoch, seq: event.seq }, this.cap);
    if (!last) return [];
    const base = { relay, source: event.source, session: event.session, id: event.id };
    if (epoch < last.epoch) return listed(this.record({ rule: 'epoch-regression', ...base }));
    if (epoch === last.epoch && event.seq <= last.seq) return listed(this.record({ rule: 'seq-regression', ...base }));
    return [];
  }

  /**
   * The dedupe memory had seen this (source, id): a byte-for-byte redelivery
   * is legal (at-least-once), anything else is the emitter reusing an id.
   * Once the digest is forgotten (past `cap`) a redelivery is taken as legal.
   */
  redelivered(relay: string, event: AepEvent): EmitterViolation | undefined {
    const first = this.digests.get(relay + SEP + event.source + SEP + event.id);
    const second = first === undefined ? first : digest(event);
    if (second === first) return undefined;
    const violation: EmitterViolation = { rule: 'id-collision', relay, source: event.source, session: event.session, id: event.id };
    return this.record(violation, second);
  }

  /** A session.ended: `pending` requests of that emitter were still open. */
  sessionEnded(relay: string, event: AepEvent, pending: number): EmitterViolation[] {
    const found: (EmitterViolation | undefined)[] = [];
    const session = event.session ?? '';
    const base = { relay, source: event.source, session };
    if (pending > 0) found.push(this.record({ rule: 'ended-with-pending-attention', ...base, pending }, event.id));
    const key = relay + SEP + event.source + SEP + session;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    const first = this.ended.get(key);
    // A later epoch is the emitter restarting the session (the store reopens
    // it too): only a second end within one epoch breaks exclusivity.
    if (first && first.epoch === epoch) found.push(this.record({ rule: 'session-terminal-exclusivity', ...base, id: event.id }));
    else remember(this.ended, key, { epoch, seq: typeof event.seq === 'number' ? event.seq : -1 }, this.cap);
    return found.flatMap(listed);
  }

  /** A request raised by position before its session's end, delivered after it. */
  requestAfterEnd(relay: string, event: AepEvent): EmitterViolation | undefined {
    return this.record({ rule: 'ended-with-pending-attention', relay, source: event.source, session: event.session ?? '', pending: 1 }, event.id);
  }

  /** Violations seen on `relay` (all relays without one). */
  count(relay?: string): number {
    return relay === undefined ? this.total : (this.perRelay.get(relay) ?? 0);
  }

  /** The most recent violations, oldest first (at most 200). */
  recent(): EmitterViolation[] {
    return this.log.map((v) => ({ ...v }));
  }

  private record(violation: EmitterViolation, variant = ''): EmitterViolation | undefined {
    const key = [violation.rule, violation.relay, violation.source, violation.session ?? '', violation.id ?? '', variant].join(SEP);
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
export function withRule(rules: readonly ViolationRule[] | undefined, rule: ViolationRule): ViolationRule[] | undefined {
  if (rules?.includes(rule)) return undefined;
  return [...(rules ?? []), rule];
}

function listed(violation: EmitterViolation | undefined): EmitterViolation[] {
  return violation ? [violation] : [];
}

function remember<V>(map: Map<string, V>, key: string, value: V, cap: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value as string);
}

/**
 * The Event's identity for collision checks: its members in sorted order,
 * each value as JSON, hashed. Two deliveries of one Event compare equal even
 * when a hop re-serialized the envelope with another member order; values
 * nested inside a member compare as serialized (sorting them all cost as
 * much as folding the Event: one relay serializes one Event the same way).
 */
export function digest(event: AepEvent): string {
  const record = event as Record<string, unknown>;
  let text = '';
  for (const key of Object.keys(record).sort()) {
    if (record[key] !== undefined) text += `${key}\u0000${asSent(record[key])}\u0001`;
  }
  return createHash('sha1').update(text).digest('base64').slice(0, 16);
}

function asSent(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    // Nested deeper than JSON.stringify can walk: compared by identity alone.
    return '…';
  }
}
