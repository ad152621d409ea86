import type { AepEvent, ResumePosition, RosterEntry } from '../protocol/types.js';
import { after, type Position } from './positions.js';
import type { RelayStatus, RosterInfo } from './types.js';

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
  /** relay → (session, source) → the highest (epoch, seq) seen; see resumePositions. */
  private readonly positions = new Map<string, Map<string, Position & { session: string }>>();

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
  }

  /** Live emitter claims for a session: undefined when the relay has no roster (unknown). */
  claimants(relay: string, session: string): number | undefined {
    const roster = this.rosters.get(relay);
    if (!roster) return undefined;
    return roster.entries.filter((entry) => entry.session === session).length;
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

  /** Advances the resume position of the Event's (session, emitter). */
  trackPosition(relay: string, event: AepEvent): void {
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    let sessions = this.positions.get(relay);
    if (!sessions) {
      sessions = new Map();
      this.positions.set(relay, sessions);
    }
    // Per emitter: session names collide across emitters, and their positions do not compare.
    const key = `${event.session.length}:${event.session}${event.source}`;
    const current = sessions.get(key);
    if (!current || epoch > current.epoch || (epoch === current.epoch && event.seq > current.seq)) {
      // Re-inserting keeps the map in least-recently-advanced order for the cap below.
      sessions.delete(key);
      sessions.set(key, { session: event.session, epoch, seq: event.seq });
      if (sessions.size > MAX_SESSIONS_TRACKED) sessions.delete(sessions.keys().next().value as string);
    }
  }

  resumePositions(relay: string): ResumePosition[] {
    const sessions = this.positions.get(relay);
    if (!sessions) return [];
    // `from` names bare sessions: where emitters share a session name, resume from the
    // lowest of their positions, so none of them loses events (the overlap is deduped).
    const lowest = new Map<string, Position>();
    for (const { session, epoch, seq } of sessions.values()) {
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
