import type { RosterEntry } from '../protocol/types.js';
import type { RelayStatus, RosterInfo } from './types.js';

export const MIN_ACK_WINDOW_MS = 1000;
export const MAX_ACK_WINDOW_MS = 300_000;

/** Per-relay connection status and the latest roster snapshot. */
export class RelayBook {
  private readonly status = new Map<string, RelayStatus>();
  private readonly rosters = new Map<string, RosterInfo>();

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

  /** The single claimant's ack window, when it declared a sane one. */
  ackWindowMs(relay: string, session: string): number | undefined {
    const claims = this.rosters.get(relay)?.entries.filter((entry) => entry.session === session) ?? [];
    if (claims.length !== 1) return undefined;
    const ms = claims[0].control?.ack_window_ms;
    // A roster is producer data: a window outside sane bounds is ignored (the default applies).
    return typeof ms === 'number' && ms >= MIN_ACK_WINDOW_MS && ms <= MAX_ACK_WINDOW_MS ? ms : undefined;
  }
}
