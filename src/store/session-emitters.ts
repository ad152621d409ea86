import type { AepEvent } from '../protocol/types.js';
import { SeenEvents } from './seen-events.js';

// Who has spoken in each session, and in what order. Commands are routed by session
// name (AEP-0004 §2.2) and request ids are unique per emitter only, so an
// answer for emitter A's request is not safe to send once another emitter B
// has sent an Event in that session since the request arrived: the relay
// could hand it to B. Arrival order is the console's own (a counter), never
// a producer's clock. Every Event passes here, so nothing is allocated for
// one that changes nothing: maps nested by relay, session and source, looked
// up with the Event's own strings. Bounded: the oldest sessions and requests
// are forgotten first, and a request whose arrival was forgotten counts
// every other emitter seen in its session (it fails closed).

/** Sessions remembered (per console, over all relays). */
const MAX_SESSIONS = 5_000;
/** Emitters remembered per session: past it the first one seen there goes. */
const MAX_EMITTERS = 16;
/** Requests whose arrival is remembered, per emitter and session. */
const MAX_REQUESTS = 256;

/** An emitter in one session: the arrival of its latest Event there, and of its requests. */
interface Emitter {
  last: number;
  /**
   * Request id → its arrival, the oldest forgotten first past MAX_REQUESTS:
   * the dedupe memory's ring and table (seen-events.ts), under one name
   * (the emitter's), rather than a Map beside a ring of its ids. A Map
   * compared a new id with a key string per entry of its bucket, each a
   * cache miss at intake speed; the table compares hashes it holds.
   */
  requests?: SeenEvents;
}

/** Slots an emitter's request memory starts with (doubling up to MAX_REQUESTS): most sessions raise few. */
const FIRST_REQUEST_SLOTS = 8;

/** The relay and source an emitter's request memory files every id under: it is the emitter's own. */
const ONE = '';

/** Events a console emits (commands and routing notes), not the session's agents: they never make a route unsafe. */
function fromConsole(type: string): boolean {
  if (type === 'attention.routed') return true;
  return type.startsWith('control.') && type !== 'control.accepted' && type !== 'control.rejected';
}

export class SessionEmitters {
  private seq = 0;
  /** Relay → session → source → what it said when. */
  private readonly relays = new Map<string, Map<string, Map<string, Emitter>>>();
  private sessions = 0;
  /** The emitter observe used last, and its names (fields, not an object per change of emitter). */
  private lastEmitter: Emitter | undefined;
  private lastRelay = '';
  private lastSession = '';
  private lastSource = '';

  observe(relay: string, event: AepEvent): void {
    const name = event.session;
    if (typeof name !== 'string' || fromConsole(event.type)) return;
    const at = ++this.seq;
    // An emitter's Events come in runs (a request, its answer, its resolution):
    // the emitter seen last is tried before three map lookups.
    const last = this.lastEmitter;
    const emitter =
      last !== undefined && this.lastSource === event.source && this.lastSession === name && this.lastRelay === relay
        ? last
        : this.emitter(relay, name, event.source);
    emitter.last = at;
    if (event.type !== 'attention.requested') return;
    // The first arrival stays (a request seen again keeps it); past the cap the oldest is forgotten.
    (emitter.requests ??= new SeenEvents(MAX_REQUESTS, FIRST_REQUEST_SLOTS)).add(ONE, ONE, event.id, at);
  }

  /** The other emitters that have sent an Event in the request's session since it arrived (by arrival order). */
  othersSince(relay: string, source: string, session: string, id: string): string[] {
    const emitters = this.relays.get(relay)?.get(session);
    if (!emitters) return [];
    const since = emitters.get(source)?.requests?.get(ONE, ONE, id) ?? 0;
    const others: string[] = [];
    for (const [other, emitter] of emitters) if (other !== source && emitter.last > since) others.push(other);
    return others;
  }

  /** Every other emitter remembered in the session, whenever it spoke. */
  othersEver(relay: string, source: string, session: string): string[] {
    return [...(this.relays.get(relay)?.get(session)?.keys() ?? [])].filter((other) => other !== source);
  }

  /** The emitter's entry in the session, made when there is none (and remembered as the one used last). */
  private emitter(relay: string, name: string, source: string): Emitter {
    let sessions = this.relays.get(relay);
    if (!sessions) this.relays.set(relay, (sessions = new Map()));
    let session = sessions.get(name);
    if (!session) {
      sessions.set(name, (session = new Map()));
      if (++this.sessions > MAX_SESSIONS) this.forgetOldest();
    }
    let emitter = session.get(source);
    if (!emitter) {
      if (session.size >= MAX_EMITTERS) session.delete(session.keys().next().value!);
      session.set(source, (emitter = { last: 0 }));
    }
    // Remembered only while held (forgetOldest may have just forgotten this very session).
    this.lastEmitter = sessions.get(name) === session ? emitter : undefined;
    this.lastRelay = relay;
    this.lastSession = name;
    this.lastSource = source;
    return emitter;
  }

  get size(): { sessions: number } {
    return { sessions: this.sessions };
  }

  /** The first session seen on the relay that holds the most (one per relay, in the order they were first seen). */
  private forgetOldest(): void {
    let fullest: Map<string, Map<string, Emitter>> | undefined;
    for (const sessions of this.relays.values()) if (!fullest || sessions.size > fullest.size) fullest = sessions;
    const oldest = fullest?.keys().next();
    if (!fullest || !oldest || oldest.done) return;
    fullest.delete(oldest.value);
    this.sessions--;
    this.lastEmitter = undefined;
  }
}
