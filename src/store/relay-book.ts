import type { AepEvent, ResumePosition, RosterEntry } from '../protocol/types.js';
import { after, type FoldedPosition, type Position } from './positions.js';
import type { RelayStatus, RosterInfo } from './types.js';
import { StampQueue } from './stamp-queue.js';

export const MIN_ACK_WINDOW_MS = 1000;
export const MAX_ACK_WINDOW_MS = 300_000;
export const MAX_SESSIONS_TRACKED = 5000;

/**
 * What the console knows of each relay: connection status and warnings, the
 * latest roster snapshot, and where to resume each session's stream.
 * Written by the relay client (through the store).
 */
export class RelayBook {
  private readonly status = new Map<string, RelayStatus>();
  private readonly rosters = new Map<string, RosterInfo>();
  /** relay → who the roster has shown, and since when each session has been missing from it (absentSince). */
  private readonly absence = new Map<string, RosterAbsence>();
  /** relay → the highest (epoch, seq) seen per (session, source); see resumePositions. */
  private readonly positions = new Map<string, SessionPositions>();
  /** The relay trackPosition served last, and its sessions (never removed from `positions`, so never stale). */
  private lastRelay: string | undefined;
  private lastSessions: SessionPositions | undefined;

  /** Returns false when the relay was already known. */
  add(relay: string): boolean {
    if (this.status.has(relay)) return false;
    this.status.set(relay, {
      relay,
      connection: { kind: 'connecting' },
      watchOnly: false,
      replayAll: false,
      roster: false,
      warnings: [],
      undecodable: 0,
      invalid: 0,
      replaying: false,
    });
    return true;
  }

  update(relay: string, patch: Partial<RelayStatus>): void {
    this.add(relay);
    this.status.set(relay, { ...this.status.get(relay)!, ...patch });
  }

  /** Adds a warning once; returns false when it was already shown. */
  warn(relay: string, warning: string): boolean {
    this.add(relay);
    const current = this.status.get(relay)!;
    if (current.warnings.includes(warning)) return false;
    this.update(relay, { warnings: [...current.warnings, warning].slice(-20) });
    return true;
  }

  get(relay: string): RelayStatus | undefined {
    return this.status.get(relay);
  }

  all(): RelayStatus[] {
    return [...this.status.values()];
  }

  setRoster(relay: string, entries: RosterEntry[], receivedAt: number): void {
    this.rosters.set(relay, { entries, receivedAt });
    const present = new Set(entries.map((entry) => entry.session));
    const before = this.absence.get(relay);
    if (!before) {
      this.absence.set(relay, { since: receivedAt, present, goneAt: new Map() });
      return;
    }
    for (const session of before.present) if (!present.has(session)) before.goneAt.set(session, receivedAt);
    for (const session of present) before.goneAt.delete(session);
    // Bounded like the positions: the oldest departures are forgotten first (they then date from the first roster).
    for (const session of before.goneAt.keys()) {
      if (before.goneAt.size <= MAX_SESSIONS_TRACKED) break;
      before.goneAt.delete(session);
    }
    before.present = present;
  }

  /**
   * Since when the session has had no claimant in the relay's roster: when
   * it left the roster, or (never seen in one) when the first roster came.
   * Undefined while a claimant is there, or when the relay keeps no roster.
   */
  absentSince(relay: string, session: string): number | undefined {
    const absence = this.absence.get(relay);
    if (!absence || absence.present.has(session)) return undefined;
    return absence.goneAt.get(session) ?? absence.since;
  }

  /** Live emitter claims for a session: undefined when the relay has no roster (unknown). */
  claimants(relay: string, session: string): number | undefined {
    const roster = this.rosters.get(relay);
    if (!roster) return undefined;
    return roster.entries.filter((entry) => entry.session === session).length;
  }

  /** The roster's entries claiming the session: each one's agent name, when it gives one (undefined: no roster). */
  claimingAgents(relay: string, session: string): (string | undefined)[] | undefined {
    const roster = this.rosters.get(relay);
    if (!roster) return undefined;
    return roster.entries.filter((entry) => entry.session === session).map((entry) => entry.agent);
  }

  /** The single claimant's declared `control.accepts` (producer data: only strings kept). */
  accepts(relay: string, session: string): string[] | undefined {
    const claims = this.rosters.get(relay)?.entries.filter((entry) => entry.session === session) ?? [];
    if (claims.length !== 1) return undefined;
    const accepts = claims[0].control?.accepts;
    return Array.isArray(accepts) ? accepts.filter((a): a is string => typeof a === 'string').slice(0, 64) : [];
  }

  /** The single claimant's ack window, when it declared a sane one. */
  ackWindowMs(relay: string, session: string): number | undefined {
    const claims = this.rosters.get(relay)?.entries.filter((entry) => entry.session === session) ?? [];
    if (claims.length !== 1) return undefined;
    const ms = claims[0].control?.ack_window_ms;
    // A roster is producer data: a window outside sane bounds is ignored (the default applies).
    return typeof ms === 'number' && ms >= MIN_ACK_WINDOW_MS && ms <= MAX_ACK_WINDOW_MS ? ms : undefined;
  }

  // ── resume positions ──

  /**
   * Advances the resume position of the Event's (session, emitter), and
   * hands back its entry, whose last folded position the emitter-rule checks
   * read and move (undefined for an Event outside session order).
   */
  trackPosition(relay: string, event: AepEvent): FoldedPosition | undefined {
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return undefined;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    // The relay of the last Event first: a client hands over a relay's Events in runs (its frames).
    let sessions = relay === this.lastRelay ? this.lastSessions : this.positions.get(relay);
    if (!sessions) {
      sessions = new SessionPositions(MAX_SESSIONS_TRACKED);
      this.positions.set(relay, sessions);
    }
    this.lastRelay = relay;
    this.lastSessions = sessions;
    return sessions.advance(event.session, event.source, event.agent, epoch, event.seq);
  }

  resumePositions(relay: string): ResumePosition[] {
    const sessions = this.positions.get(relay);
    if (!sessions) return [];
    // `from` names bare sessions: where emitters share a session name, resume from the
    // lowest of their positions, so none of them loses events (the overlap is deduped).
    const lowest = new Map<string, Position>();
    for (const { session, epoch, seq } of sessions.leastRecentFirst()) {
      const known = lowest.get(session);
      if (!known || after(known, { epoch, seq })) lowest.set(session, { epoch, seq });
    }
    return [...lowest].map(([session, position]) => ({ session, epoch: position.epoch, seq: position.seq }));
  }

  /** Resume positions over all relays (the cap is per relay). */
  positionCount(): number {
    let positions = 0;
    for (const sessions of this.positions.values()) positions += sessions.size;
    return positions;
  }
}

interface Tracked extends Position, FoldedPosition {
  session: string;
  source: string;
  /** When it last advanced (a clock per relay). */
  stamp: number;
}

/**
 * One relay's resume positions, per emitter: session names collide across
 * emitters, and their positions do not compare. Kept as session → source →
 * position, advanced in place (no key string or object per Event), with the
 * least recently advanced forgotten past `cap`: advances are queued with
 * their stamp (stamp-queue.ts), and a queued entry whose position advanced
 * again since is stale.
 */
class SessionPositions {
  private readonly bySession = new Map<string, Map<string, Tracked>>();
  private readonly queue = new StampQueue<Tracked>((tracked, stamp) => tracked.stamp === stamp);
  private clock = 0;
  private lastUsed: Tracked | undefined;
  size = 0;

  constructor(private readonly cap: number) {}

  advance(session: string, source: string, agent: string, epoch: number, seq: number): Tracked {
    // An emitter's Events come in runs (answered then resolved, a tool's
    // progress): the entry used last is tried before two map lookups.
    const last = this.lastUsed;
    const current =
      last !== undefined && last.source === source && last.session === session
        ? last
        : this.entry(session, source, agent);
    this.lastUsed = current;
    if (current.stamp !== 0 && !(epoch > current.epoch || (epoch === current.epoch && seq > current.seq)))
      return current;
    current.epoch = epoch;
    current.seq = seq;
    current.stamp = ++this.clock;
    this.queue.push(current, current.stamp);
    if (this.size > this.cap) this.forgetOldest();
    return current;
  }

  /** The (session, source) entry, made (not yet stamped: stamp 0) when there is none. */
  private entry(session: string, source: string, agent: string): Tracked {
    let sources = this.bySession.get(session);
    if (!sources) {
      sources = new Map();
      this.bySession.set(session, sources);
    }
    let current = sources.get(source);
    if (!current) {
      // Every member in place from the start (the fold and the store fill the last four): one shape for all entries.
      current = {
        session,
        source,
        agent,
        epoch: 0,
        seq: 0,
        stamp: 0,
        lastEpoch: -1,
        lastSeq: -1,
        requestKeyPrefix: undefined,
        dedupeState: undefined,
        host: undefined,
        emitter: undefined,
      };
      sources.set(source, current);
      this.size++;
    }
    return current;
  }

  private forgetOldest(): void {
    const oldest = this.queue.shift();
    if (!oldest) return;
    const sources = this.bySession.get(oldest.session)!;
    sources.delete(oldest.source);
    if (sources.size === 0) this.bySession.delete(oldest.session);
    if (this.lastUsed === oldest) this.lastUsed = undefined;
    this.size--;
  }

  /** Every position, least recently advanced first (a copy of each). */
  leastRecentFirst(): Tracked[] {
    const all: Tracked[] = [];
    for (const sources of this.bySession.values()) for (const tracked of sources.values()) all.push({ ...tracked });
    return all.sort((a, b) => a.stamp - b.stamp);
  }
}

interface RosterAbsence {
  /** When the first roster of this relay arrived. */
  since: number;
  /** The sessions the latest roster shows claimed. */
  present: Set<string>;
  /** Sessions that left the roster, and when the first roster without them arrived. */
  goneAt: Map<string, number>;
}
