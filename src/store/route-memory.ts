// What the console knows of who could take a command sent by session name
// (AEP-0004 §2.2), for the gate at the wire (ledger.ts): who spoke in each
// session and since when that memory is whole (session-emitters.ts), what
// ended reads of a session showed where it is not (session-proofs.ts), and
// the twins the request table holds. Pure; the store feeds it and asks it.

import type { AepEvent, RosterEntry } from '../protocol/types.js';
import type { RouteFacts } from './ledger.js';
import { SessionEmitters, type EmitterSlot, type SessionMemoryFacts } from './session-emitters.js';
import { provenFacts, SessionProofs, sessionProof, type Twin } from './session-proofs.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

/** What the route memory reads of the request table and the relay book. */
export interface RouteSources {
  sameSubject(relay: string, session: string, id: string): RequestRecord[];
  inSession(relay: string, session: string): RequestRecord[];
  claimingAgents(relay: string, session: string): (RosterEntry['agent'] | undefined)[] | undefined;
}

export class RouteMemory {
  private readonly emitters: SessionEmitters;
  /** What ended reads of sessions showed, where the memory of them is partial. */
  private readonly proofs = new SessionProofs();

  constructor(
    private readonly sources: RouteSources,
    sessionsRemembered?: number,
  ) {
    this.emitters = new SessionEmitters(sessionsRemembered);
  }

  /** An Event was folded at arrival clock `at` (session-emitters.ts observe). */
  observe(relay: string, event: AepEvent, at: number, kept?: EmitterSlot): void {
    this.emitters.observe(relay, event, at, kept);
  }

  /** The store pruned a closed request at clock `at`: a twin of a later one can no longer be told from it. */
  forgot(record: RequestRecord, at: number): void {
    this.emitters.forgotRequest(record.relay, record.session, record.source, at);
  }

  /** Part of the session's history is gone from the relay's buffer (replay-exhausted) by clock `at`. */
  lost(relay: string, session: string, at: number): void {
    this.emitters.lost(relay, session, at);
  }

  /**
   * Everything the gate weighs for a command about `record`: the roster's
   * claimants of its session, who spoke there since the request (or that
   * the memory of it is partial), and its twins. Where the memory is
   * partial, an ended read of the session stands in for it.
   */
  facts(record: RequestRecord): RouteFacts {
    const { relay, source, session, id } = record;
    const twins: Twin[] = [];
    for (const other of this.sources.sameSubject(relay, session, id))
      if (other.source !== source) twins.push({ source: other.source, open: OPEN_STATES.has(other.state) });
    let memory: SessionMemoryFacts = this.emitters.memory(relay, source, session, record.arrival);
    const proof = this.proofs.get(relay, session);
    const proven = proof && provenFacts(proof, source, id);
    if (!memory.known) {
      const after = proof && this.emitters.memory(relay, source, session, proof.clock, false);
      if (proven && after?.known) memory = { known: true, others: [...new Set([...proven.others, ...after.others])] };
    } else if (proven) {
      // A whole memory still learns from an ended read: it holds every type of Event, the live stream only the console's.
      memory = { known: true, others: [...new Set([...memory.others, ...proven.others])] };
    }
    if (proven && memory.known)
      for (const twin of proven.twins) if (!twins.some((t) => t.source === twin.source)) twins.push(twin);
    return { claiming: this.sources.claimingAgents(relay, session), memory, twins };
  }

  /** The open requests emitter `source` has in (relay, session): a session command concerns them all. */
  openRequestsOf(relay: string, source: string, session: string): RequestRecord[] {
    return this.sources.inSession(relay, session).filter((r) => r.source === source && OPEN_STATES.has(r.state));
  }

  /** A read of (relay, session) starts at clock `at`: from here on the session is remembered whole. */
  readStarts(relay: string, session: string, at: number): void {
    this.emitters.remember(relay, session, at);
  }

  /** A read started at `clock` ended, with these Events in the relay's order. */
  readEnded(relay: string, session: string, clock: number, events: readonly AepEvent[]): void {
    this.proofs.set(relay, session, sessionProof(session, events, clock));
  }
}
