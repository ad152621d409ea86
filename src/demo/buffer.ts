// Per-session bounded replay buffer (AEP-0003 §5, §7). Keyed by the bare
// `session` string because resume positions are `{session, epoch, seq}`.
// Admission dedupes on `(source, id)`; entries keep arrival order (commands
// and other seq-less foreign-emitter events have no position of their own).

import type { AepEvent } from '../protocol/types.js';
import { comparePosition, positionOf, type Position } from './wire.js';

export interface BufferEntry {
  /** Global arrival number, used to merge sessions back into arrival order. */
  n: number;
  event: AepEvent;
  /** The exact text received, so unchanged deliveries stay byte-identical. */
  raw: string;
}

interface SessionBuffer {
  entries: BufferEntry[];
  ids: Set<string>;
  /** Highest position ever evicted from this session, if any. */
  lastEvicted?: Position;
}

export interface ReplayResult {
  entries: BufferEntry[];
  /** Set when events after the requested position were evicted. */
  exhausted?: { earliest: Position };
}

const dedupeKey = (e: AepEvent): string => `${e.source}\u0000${e.id}`;

export class ReplayBuffer {
  private readonly sessions = new Map<string, SessionBuffer>();
  private counter = 0;

  constructor(readonly perSession: number) {}

  /** Buffers a session-scoped event. Returns false for a duplicate (or an unbufferable event). */
  add(event: AepEvent, raw: string): boolean {
    if (typeof event.session !== 'string') return false;
    let sb = this.sessions.get(event.session);
    if (!sb) {
      sb = { entries: [], ids: new Set() };
      this.sessions.set(event.session, sb);
    }
    const key = dedupeKey(event);
    if (sb.ids.has(key)) return false;
    sb.ids.add(key);
    sb.entries.push({ n: ++this.counter, event, raw });
    while (sb.entries.length > Math.max(1, this.perSession)) {
      const gone = sb.entries.shift()!;
      sb.ids.delete(dedupeKey(gone.event));
      const p = positionOf(gone.event);
      if (p && (!sb.lastEvicted || comparePosition(p, sb.lastEvicted) > 0)) sb.lastEvicted = p;
    }
    return true;
  }

  sessionNames(): string[] {
    return [...this.sessions.keys()];
  }

  /** Every held event of every session, in arrival order. */
  all(): BufferEntry[] {
    const out: BufferEntry[] = [];
    for (const sb of this.sessions.values()) out.push(...sb.entries);
    return out.sort((a, b) => a.n - b.n);
  }

  /** Earliest buffered position of a session. */
  earliest(session: string): Position | undefined {
    const sb = this.sessions.get(session);
    if (!sb) return undefined;
    for (const e of sb.entries) {
      const p = positionOf(e.event);
      if (p) return p;
    }
    return undefined;
  }

  /** Events strictly after `after` in `session` (seq-less entries by arrival after the cut). */
  from(session: string, after: Position): ReplayResult {
    const sb = this.sessions.get(session);
    if (!sb) return { entries: [] };
    let cut = -1;
    sb.entries.forEach((e, i) => {
      const p = positionOf(e.event);
      if (p && comparePosition(p, after) <= 0) cut = i;
    });
    const entries = sb.entries.slice(cut + 1).filter((e) => {
      const p = positionOf(e.event);
      return !p || comparePosition(p, after) > 0;
    });
    const result: ReplayResult = { entries };
    if (sb.lastEvicted && comparePosition(sb.lastEvicted, after) > 0) {
      const earliest = this.earliest(session) ?? { epoch: sb.lastEvicted.epoch, seq: sb.lastEvicted.seq + 1 };
      result.exhausted = { earliest };
    }
    return result;
  }

  /** Finds a buffered event of `session` by id (e.g. the request a command answers). */
  find(session: string, id: string): AepEvent | undefined {
    const sb = this.sessions.get(session);
    if (!sb) return undefined;
    for (let i = sb.entries.length - 1; i >= 0; i--) {
      if (sb.entries[i].event.id === id) return sb.entries[i].event;
    }
    return undefined;
  }
}
