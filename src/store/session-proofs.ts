// What an ended read of one session showed (the gate at the wire, "unknown"):
// when the console's bounded memory of a session forgot something, or never
// held it, the relay client reads the session itself (SSE, `live=0`,
// gate-reads.ts) and hands the Events here. Kept is only what the gate asks:
// where each request was raised in the read, whether it closed there, and
// where each emitter last spoke. Pure; bounded (the newest proofs are kept).

import type { AepEvent } from '../protocol/types.js';

/** Proofs kept over all relays: past it the oldest goes (the gate then reads again). */
const MAX_PROOFS = 256;

const CLOSING = new Set(['attention.answered', 'attention.resolved', 'attention.timeout']);

interface RaisedRequest {
  source: string;
  id: string;
  /** Its place in the read. */
  at: number;
  closed: boolean;
}

export interface SessionProof {
  /** The arrival clock when the read started: the memory carries on from there. */
  clock: number;
  requests: RaisedRequest[];
  /** Emitter → its last Event's place in the read (console commands and notes are not the agents'). */
  spoke: Map<string, number>;
}

/** A twin of a request: another emitter's request with the same session and id. */
export interface Twin {
  source: string;
  open: boolean;
}

const fromConsole = (type: string): boolean =>
  type === 'attention.routed' ||
  (type.startsWith('control.') && type !== 'control.accepted' && type !== 'control.rejected');

/** The facts of one read of `session`, its Events in the relay's order. */
export function sessionProof(session: string, events: readonly AepEvent[], clock: number): SessionProof {
  const requests: RaisedRequest[] = [];
  const spoke = new Map<string, number>();
  events.forEach((event, at) => {
    if (event.session !== session || fromConsole(event.type)) return;
    spoke.set(event.source, at);
    if (event.type === 'attention.requested') requests.push({ source: event.source, id: event.id, at, closed: false });
    else if (CLOSING.has(event.type) && typeof event.subject === 'string')
      for (const request of requests)
        if (request.source === event.source && request.id === event.subject) request.closed = true;
  });
  return { clock, requests, spoke };
}

/**
 * What a proof says of `source`'s request `id`: undefined when the read does
 * not hold the request's own Event (it settles nothing), else the other
 * emitters that spoke after it and the twins the read shows.
 */
export function provenFacts(
  proof: SessionProof,
  source: string,
  id: string,
): { others: string[]; twins: Twin[] } | undefined {
  const own = proof.requests.find((request) => request.source === source && request.id === id);
  if (!own) return undefined;
  const others = [...proof.spoke].filter(([who, at]) => who !== source && at > own.at).map(([who]) => who);
  const twins = proof.requests
    .filter((request) => request.id === id && request.source !== source)
    .map((request) => ({ source: request.source, open: !request.closed }));
  return { others, twins };
}

export class SessionProofs {
  /** `[relay, session]` as JSON (the parts may hold any character) → proof; insertion order is age. */
  private readonly proofs = new Map<string, SessionProof>();

  set(relay: string, session: string, proof: SessionProof): void {
    const key = JSON.stringify([relay, session]);
    this.proofs.delete(key);
    this.proofs.set(key, proof);
    if (this.proofs.size > MAX_PROOFS) this.proofs.delete(this.proofs.keys().next().value!);
  }

  get(relay: string, session: string): SessionProof | undefined {
    return this.proofs.get(JSON.stringify([relay, session]));
  }

  get size(): number {
    return this.proofs.size;
  }
}
