// Session claims, roster and command routing (AEP-0003 §4, AEP-0004 §4).
// An emitter connection claims the sessions it emits for (and those listed in
// its hello). A command goes to the ONE claimant that accepts its type; the
// relay never guesses and never broadcasts.

import type { RosterEntry } from '../protocol/types.js';

/** What routing needs to know about an emitter connection. */
export interface Claimant {
  readonly connId: number;
  identity: { agent?: string; instance?: string };
  control?: { accepts: string[]; ack_window_ms?: number };
  /** Declared `capabilities.emits`, else type globs seen on the connection. */
  emits(): string[];
  /** Forwards a command byte-identically. */
  forward(raw: string): void;
}

export type RouteResult =
  | { ok: true; target: Claimant }
  | { ok: false; code: 'no-route' | 'ambiguous' | 'unsupported'; detail: string };

export class ClaimTable {
  /** session → claimants (insertion ordered). */
  private readonly bySession = new Map<string, Map<number, { claimant: Claimant; agent?: string }>>();

  claim(c: Claimant, session: string, agent?: string): void {
    let m = this.bySession.get(session);
    if (!m) {
      m = new Map();
      this.bySession.set(session, m);
    }
    const existing = m.get(c.connId);
    if (!existing) m.set(c.connId, { claimant: c, agent });
    else if (!existing.agent && agent) existing.agent = agent;
  }

  release(c: Claimant, session?: string): void {
    for (const [s, m] of this.bySession) {
      if (session !== undefined && s !== session) continue;
      m.delete(c.connId);
      if (m.size === 0) this.bySession.delete(s);
    }
  }

  claimants(session: string): Claimant[] {
    return [...(this.bySession.get(session)?.values() ?? [])].map((x) => x.claimant);
  }

  /** One entry per (emitter connection, session) claim: a snapshot (AEP-0003 §4.1). */
  roster(): RosterEntry[] {
    const out: RosterEntry[] = [];
    for (const [session, m] of this.bySession) {
      for (const { claimant, agent } of m.values()) {
        const entry: RosterEntry = { session };
        const a = claimant.identity.agent ?? agent;
        if (a) entry.agent = a;
        if (claimant.identity.instance) entry.instance = claimant.identity.instance;
        if (claimant.control) {
          entry.control = { accepts: [...claimant.control.accepts] };
          if (claimant.control.ack_window_ms !== undefined) entry.control.ack_window_ms = claimant.control.ack_window_ms;
        }
        entry.emits = claimant.emits();
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
