import type { AepEvent } from '../protocol/types.js';

// Who has spoken in each session, and in what order. Commands are routed by session
// name (AEP-0004 §2.2) and request ids are unique per emitter only, so an
// answer for emitter A's request is not safe to send once another emitter B
// has sent an Event in that session since the request arrived: the relay
// could hand it to B. Arrival order is the console's own: the request
// fold's arrival clock (request-table.ts), which a new request moves, so a
// request's own `arrival` is its place in that order and nothing here is
// kept per request. Every Event passes here, so nothing is allocated for one
// that changes nothing: maps nested by relay, session and source, looked up
// with the Event's own strings, or not at all when the caller keeps the
// emitter's entry for it (see observe). Bounded: the oldest sessions are
// forgotten first, and with them who spoke there.

/** Sessions remembered (per console, over all relays). */
const MAX_SESSIONS = 5_000;
/** Emitters remembered per session: past it the first one seen there goes. */
const MAX_EMITTERS = 16;

/** An emitter in one session: the arrival clock when its latest Event there was folded. */
export interface SessionEmitter {
  last: number;
  /** Set once the entry is forgotten: a caller keeping it (observe's `kept`) then looks the emitter up again. */
  forgotten: boolean;
}

/** Where a caller keeps an emitter's entry between its Events (the resume-position entry of its session: relay-book.ts). */
export interface EmitterSlot {
  emitter: SessionEmitter | undefined;
}

/** Events a console emits (commands and routing notes), not the session's agents: they never make a route unsafe. */
function fromConsole(type: string): boolean {
  if (type === 'attention.routed') return true;
  return type.startsWith('control.') && type !== 'control.accepted' && type !== 'control.rejected';
}

export class SessionEmitters {
  /** Relay → session → source → what it said when. */
  private readonly relays = new Map<string, Map<string, Map<string, SessionEmitter>>>();
  private sessions = 0;
  /** The emitter observe looked up last, and its names (fields, not an object per change of emitter). */
  private lastEmitter: SessionEmitter | undefined;
  private lastRelay = '';
  private lastSession = '';
  private lastSource = '';

  /**
   * The Event was folded when the arrival clock read `at`. `kept` is where
   * the caller keeps this emitter session's entry between Events: a fleet's
   * sessions interleave, so the entry is then found without three map lookups.
   */
  observe(relay: string, event: AepEvent, at: number, kept?: EmitterSlot): void {
    const name = event.session;
    if (typeof name !== 'string' || fromConsole(event.type)) return;
    let emitter = kept?.emitter;
    if (emitter === undefined || emitter.forgotten) {
      // An emitter's Events also come in runs (a request, its answer, its resolution):
      // the emitter seen last is tried before the map lookups.
      const last = this.lastEmitter;
      emitter =
        last !== undefined && this.lastSource === event.source && this.lastSession === name && this.lastRelay === relay
          ? last
          : this.emitter(relay, name, event.source);
      if (kept) kept.emitter = emitter;
    }
    emitter.last = at;
  }

  /**
   * The other emitters that have sent an Event in the session since the
   * arrival clock read `since` (a request's `arrival`: its own Event moved the
   * clock there, so anything folded after it reads at least that).
   */
  othersSince(relay: string, source: string, session: string, since: number): string[] {
    const emitters = this.relays.get(relay)?.get(session);
    if (!emitters) return [];
    const others: string[] = [];
    for (const [other, emitter] of emitters) if (other !== source && emitter.last >= since) others.push(other);
    return others;
  }

  /** Every other emitter remembered in the session, whenever it spoke. */
  othersEver(relay: string, source: string, session: string): string[] {
    return [...(this.relays.get(relay)?.get(session)?.keys() ?? [])].filter((other) => other !== source);
  }

  /** The emitter's entry in the session, made when there is none (and remembered as the one used last). */
  private emitter(relay: string, name: string, source: string): SessionEmitter {
    let sessions = this.relays.get(relay);
    if (!sessions) this.relays.set(relay, (sessions = new Map()));
    let session = sessions.get(name);
    if (!session) {
      sessions.set(name, (session = new Map()));
      if (++this.sessions > MAX_SESSIONS) this.forgetOldest();
    }
    let emitter = session.get(source);
    if (!emitter) {
      if (session.size >= MAX_EMITTERS) {
        const first = session.keys().next().value!;
        session.get(first)!.forgotten = true;
        session.delete(first);
      }
      session.set(source, (emitter = { last: 0, forgotten: false }));
    }
    // Remembered only while held (forgetOldest may have just forgotten this very session).
    if (sessions.get(name) !== session) emitter.forgotten = true;
    this.lastEmitter = emitter.forgotten ? undefined : emitter;
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
    let fullest: Map<string, Map<string, SessionEmitter>> | undefined;
    for (const sessions of this.relays.values()) if (!fullest || sessions.size > fullest.size) fullest = sessions;
    const oldest = fullest?.entries().next();
    if (!fullest || !oldest || oldest.done) return;
    for (const emitter of oldest.value[1].values()) emitter.forgotten = true;
    fullest.delete(oldest.value[0]);
    this.sessions--;
    this.lastEmitter = undefined;
  }
}
