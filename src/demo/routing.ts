// Session claims, roster and command routing (AEP-0003 §4, AEP-0004 §4).
// An emitter connection claims the sessions it emits for (and those listed in
// its hello). A command goes to the ONE claimant that accepts its type; the
// relay never guesses and never broadcasts.

import type { RosterEntry } from '../protocol/types.js';

/** What routing needs to know about an emitter connection. */
export interface Claimant {
  readonly connId: number;
  identity: { agent?: string; instance?: string };
  /** The parsed `control.accepts` routing goes by (AEP-0004 §4.2). */
  control?: { accepts: string[]; ack_window_ms?: number };
  /** `capabilities.control` and `capabilities.emits` exactly as the hello declared them (the roster relays them verbatim). */
  declared: { control?: unknown; emits?: unknown };
  /** Forwards a command byte-identically. */
  forward(raw: string): void;
}

export type RouteResult =
  { ok: true; target: Claimant } | { ok: false; code: 'no-route' | 'ambiguous' | 'unsupported'; detail: string };

export class ClaimTable {
  /** session → claimants (insertion ordered). */
  private readonly bySession = new Map<string, Map<number, Claimant>>();

  claim(c: Claimant, session: string): void {
    let m = this.bySession.get(session);
    if (!m) {
      m = new Map();
      this.bySession.set(session, m);
    }
    if (!m.has(c.connId)) m.set(c.connId, c);
  }

  release(c: Claimant, session?: string): void {
    for (const [s, m] of this.bySession) {
      if (session !== undefined && s !== session) continue;
      m.delete(c.connId);
      if (m.size === 0) this.bySession.delete(s);
    }
  }

  claimants(session: string): Claimant[] {
    return [...(this.bySession.get(session)?.values() ?? [])];
  }

  /**
   * One entry per (emitter connection, session) claim: a snapshot
   * (AEP-0003 §4.1). Identity from the claimant's hello; `control` and
   * `emits` verbatim and only when declared: nothing synthesized or inferred.
   */
  roster(): RosterEntry[] {
    const out: RosterEntry[] = [];
    for (const [session, m] of this.bySession) {
      for (const claimant of m.values()) {
        const entry: RosterEntry = { session };
        if (claimant.identity.agent) entry.agent = claimant.identity.agent;
        if (claimant.identity.instance) entry.instance = claimant.identity.instance;
        if (claimant.declared.control !== undefined)
          entry.control = claimant.declared.control as RosterEntry['control'];
        if (claimant.declared.emits !== undefined) entry.emits = claimant.declared.emits;
        out.push(entry);
      }
    }
    return out;
  }

  route(type: string, session: string | undefined): RouteResult {
    if (typeof session !== 'string') return { ok: false, code: 'no-route', detail: 'command carries no session' };
    const cs = this.claimants(session);
    if (cs.length === 0) return { ok: false, code: 'no-route', detail: `no live emitter claims session ${session}` };
    if (cs.length > 1) {
      return { ok: false, code: 'ambiguous', detail: `${cs.length} live emitters claim session ${session}` };
    }
    const target = cs[0];
    if (!target.control || !target.control.accepts.includes(type)) {
      return { ok: false, code: 'unsupported', detail: `the emitter of session ${session} does not accept ${type}` };
    }
    return { ok: true, target };
  }
}
