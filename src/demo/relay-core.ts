// Binding-independent heart of the demo relay: ingest → (route) → buffer →
// fan-out, and subscribe-with-replay (AEP-0003 §5–§7, AEP-0004 §4). The
// WebSocket and SSE bindings both drive this.

import type { AepEvent, Capture, FieldSpec, ResumePosition } from '../protocol/types.js';
import { ReplayBuffer, type BufferEntry } from './buffer.js';
import { downlevel } from './downlevel.js';
import { matchesFilter, type AttrFilter } from './filter.js';
import { ClaimTable, type Claimant } from './routing.js';
import { isCommandType, isPlainObject } from './wire.js';

export interface Subscription {
  id: string;
  filter: AttrFilter;
  capture?: Capture;
  /**
   * Delivers one (possibly down-levelled) event as JSON text. `written`, when
   * given, is called once the text has been handed to the transport (or
   * dropped): a replay in slices sends its next slice only then.
   */
  deliver(json: string, written?: () => void): void;
  /**
   * Runs `send` with the transport's writes held, then writes them together
   * (one system call for a slice of a replay, not one per Event). Optional:
   * without it each delivery is written as it comes.
   */
  together?(send: () => void): void;
  /** Sends a `replay-exhausted` notice. */
  exhausted(frame: {
    type: 'replay-exhausted';
    sub: string;
    session: string;
    earliest: { epoch: number; seq: number };
  }): void;
}

/** Where an ingested event came from, and how to tell its sender about a refusal. */
export interface Origin {
  /** Present when the sender is an emitter connection (it claims sessions). */
  claimant?: Claimant;
  refuse(frame: { type: 'error'; cause?: string; code: string; detail: string }): void;
}

export type From = 'all' | ResumePosition[] | undefined;

export const CONTROL_TYPES = ['control.attention.respond', 'control.cancel', 'control.pause', 'control.resume'];

/**
 * A replay longer than this goes out in slices of it (subscribeInSlices): a
 * slice, then the next once the socket has taken it and the loop has turned.
 * Sent in one synchronous loop, 50,000 Events kept the relay from writing any
 * of them past the socket's buffer until the last was framed, and the
 * consumer waited on that loop (about 150 ms of a 50,000-Event replay).
 */
export const REPLAY_SLICE = 512;

/** What a replay sends, in order: buffered entries and, for a resume position past what is held, its notice. */
type ReplayItem = BufferEntry | Parameters<Subscription['exhausted']>[0];

export class RelayCore {
  readonly buffer: ReplayBuffer;
  readonly claims = new ClaimTable();
  private readonly subs = new Set<Subscription>();
  /** Subscriptions whose replay is still going out in slices: the live Events they are owed meanwhile, in order. */
  private readonly replaying = new Map<Subscription, [AepEvent, string][]>();

  constructor(
    bufferPerSession: number,
    /** False for a relay without a token: watch-only, every command refused. */
    readonly controlEnabled: boolean,
  ) {
    this.buffer = new ReplayBuffer(bufferPerSession);
  }

  /** The form a command or answer refers to, if its request is still buffered. */
  private readonly lookupFields = (e: AepEvent): FieldSpec[] | undefined => {
    if (typeof e.session !== 'string' || typeof e.subject !== 'string') return undefined;
    const req = this.buffer.find(e.session, e.subject);
    if (!req || req.type !== 'attention.requested' || !isPlainObject(req.data)) return undefined;
    const fields = req.data.fields;
    return Array.isArray(fields) ? (fields as FieldSpec[]) : undefined;
  };

  private deliver(sub: Subscription, e: AepEvent, raw: string): void {
    if (!matchesFilter(sub.filter, e)) return;
    const out = downlevel(e, sub.capture, this.lookupFields);
    sub.deliver(out === e ? raw : JSON.stringify(out));
  }

  private fanOut(e: AepEvent, raw: string): void {
    for (const sub of [...this.subs]) {
      const owed = this.replaying.get(sub);
      if (owed) owed.push([e, raw]);
      else this.deliver(sub, e, raw);
    }
  }

  /** Ingests one envelope-checked event. `raw` is the exact text received. */
  ingest(e: AepEvent, raw: string, origin: Origin): void {
    if (isCommandType(e.type)) {
      this.command(e, raw, origin);
      return;
    }
    const c = origin.claimant;
    if (c && typeof e.session === 'string') {
      if (e.type === 'session.ended') this.claims.release(c, e.session);
      else this.claims.claim(c, e.session);
    }
    // agent.* liveness is live-only; everything else is buffered (deduped on
    // (source, id)) and fanned out as received, so a re-sent ack still travels.
    if (!e.type.startsWith('agent.')) this.buffer.add(e, raw);
    this.fanOut(e, raw);
  }

  private command(e: AepEvent, raw: string, origin: Origin): void {
    const refuse = (code: string, detail: string): void => origin.refuse({ type: 'error', cause: e.id, code, detail });
    if (!this.controlEnabled) {
      refuse('unauthorized', 'relay has no token configured: watch-only');
      return;
    }
    const r = this.claims.route(e.type, e.session);
    if (!r.ok) {
      refuse(r.code, r.detail);
      return;
    }
    r.target.forward(raw); // byte-identical (AEP-0004 §4.4)
    this.buffer.add(e, raw); // audit copy for replay
    this.fanOut(e, raw); // other consumers, and the sender itself, see who answered
  }

  /** Replays per `from`, then attaches `sub` for live delivery (replay precedes live), all before it returns. */
  subscribe(sub: Subscription, from: From): void {
    this.replayAtOnce(sub, this.replayOf(sub, from));
  }

  private replayAtOnce(sub: Subscription, items: readonly ReplayItem[]): void {
    for (const item of items) this.send(sub, item);
    this.subs.add(sub);
  }

  /**
   * As subscribe, for a binding whose `deliver` reports when a text is
   * written (the WebSocket): a replay longer than REPLAY_SLICE goes out a
   * slice at a time, each once the one before is written and the loop has
   * turned, so the socket drains while the relay frames the rest and the
   * consumer takes the first Events in meanwhile. Live Events that arrive
   * during it are held for `sub` and follow the replay, in order.
   */
  subscribeInSlices(sub: Subscription, from: From): void {
    const items = this.replayOf(sub, from);
    if (items.length <= REPLAY_SLICE) return this.replayAtOnce(sub, items);
    const owed: [AepEvent, string][] = [];
    this.replaying.set(sub, owed);
    this.subs.add(sub);
    let next = 0;
    const slice = (): void => {
      const end = Math.min(items.length, next + REPLAY_SLICE);
      for (; next < end - 1; next++) this.send(sub, items[next]);
      if (end < items.length) {
        this.send(sub, items[next++], () => setImmediate(step));
        return;
      }
      this.send(sub, items[next++]);
      this.replaying.delete(sub);
      for (const [e, raw] of owed) this.deliver(sub, e, raw);
    };
    const step = (): void => {
      // Unsubscribed (or its connection gone) meanwhile: the rest is nobody's.
      if (this.replaying.get(sub) !== owed) return;
      if (sub.together) sub.together(slice);
      else slice();
    };
    step();
  }

  /** What a replay per `from` sends, in order (nothing for no `from`). */
  private replayOf(sub: Subscription, from: From): ReplayItem[] {
    if (from === 'all') return this.buffer.all();
    const items: ReplayItem[] = [];
    if (!Array.isArray(from)) return items;
    for (const pos of from) {
      const r = this.buffer.from(pos.session, { epoch: pos.epoch, seq: pos.seq });
      if (r.exhausted)
        items.push({ type: 'replay-exhausted', sub: sub.id, session: pos.session, earliest: r.exhausted.earliest });
      for (const entry of r.entries) items.push(entry);
    }
    return items;
  }

  /** Sends one replay item; `written` as in Subscription.deliver (an Event the filter leaves out is written at once). */
  private send(sub: Subscription, item: ReplayItem, written?: () => void): void {
    if ('n' in item) {
      if (matchesFilter(sub.filter, item.event)) {
        const out = downlevel(item.event, sub.capture, this.lookupFields);
        return sub.deliver(out === item.event ? item.raw : JSON.stringify(out), written);
      }
    } else sub.exhausted(item);
    written?.();
  }

  unsubscribe(sub: Subscription): void {
    this.subs.delete(sub);
    this.replaying.delete(sub);
  }

  subscriptionCount(): number {
    return this.subs.size;
  }
}

/** Validates a `from` value; returns a problem string or the normalized value. */
export function parseFrom(
  from: unknown,
  maxPositions = 10_000,
): { ok: true; from: From } | { ok: false; code: string; detail: string } {
  if (from === undefined || from === null) return { ok: true, from: undefined };
  if (from === 'all') return { ok: true, from: 'all' };
  if (!Array.isArray(from))
    return { ok: false, code: 'invalid-filter', detail: 'from must be "all" or an array of {session, epoch, seq}' };
  if (from.length > maxPositions)
    return { ok: false, code: 'limit-exceeded', detail: `from holds more than ${maxPositions} positions` };
  const out: ResumePosition[] = [];
  for (const p of from) {
    const isIdx = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
    if (
      !isPlainObject(p) ||
      typeof p.session !== 'string' ||
      !isIdx(p.seq) ||
      (p.epoch !== undefined && !isIdx(p.epoch))
    ) {
      return {
        ok: false,
        code: 'invalid-filter',
        detail: 'each from position is {session: string, epoch?: int >= 0, seq: int >= 0}',
      };
    }
    out.push({ session: p.session, epoch: (p.epoch as number | undefined) ?? 0, seq: p.seq });
  }
  return { ok: true, from: out };
}
