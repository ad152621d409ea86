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
// emitter's entry for it (see observe).
//
// Bounded: the oldest sessions are forgotten first, and with them who spoke
// there. A memory that forgot must never answer "nobody else spoke": each
// session and each emitter in it carries the clock at which it started to be
// remembered (`since`), and a session keeps the latest clock of the
// emitters it forgot, so `memory()` tells a request whose session was
// remembered whole since it arrived from one whose memory is partial
// ("unknown": the gate at the wire then has the session read, gate.ts).

/** Sessions remembered (per console, over all relays). */
const MAX_SESSIONS = 5_000;
/** Emitters remembered per session: past it the first one seen there goes. */
const MAX_EMITTERS = 16;

/** An emitter in one session: the arrival clock when its latest Event there was folded. */
export interface SessionEmitter {
  last: number;
  /** The arrival clock when this entry was made: it knows nothing of the emitter before. */
  since: number;
  /** Set once the entry is forgotten: a caller keeping it (observe's `kept`) then looks the emitter up again. */
  forgotten: boolean;
}

/** One session's memory: its emitters, since when it is whole, and the latest Event of an emitter it forgot. */
interface SessionMemory {
  emitters: Map<string, SessionEmitter>;
  since: number;
  forgottenLast: number;
  /**
   * Emitters one of whose closed requests in the session the store has
   * forgotten (pruned), when: a twin of a later request (same session and
   * id) may be among them. Past MAX_EMITTERS, '' stands for any emitter.
   */
  forgotRequests?: Map<string, number>;
}

/** Where a caller keeps an emitter's entry between its Events (the resume-position entry of its session: relay-book.ts). */
export interface EmitterSlot {
  emitter: SessionEmitter | undefined;
}

/**
 * What the memory can say of a request's session since the request arrived
 * (`from`): the other emitters that spoke there since, or `known: false`
 * when part of that span was forgotten.
 */
export type SessionMemoryFacts = { known: true; others: string[] } | { known: false };

/** Events a console emits (commands and routing notes), not the session's agents: they never make a route unsafe. */
function fromConsole(type: string): boolean {
  if (type === 'attention.routed') return true;
  return type.startsWith('control.') && type !== 'control.accepted' && type !== 'control.rejected';
}

export class SessionEmitters {
  /** Relay → session → its memory. */
  private readonly relays = new Map<string, Map<string, SessionMemory>>();
  private sessions = 0;

  /** `cap`: sessions remembered over all relays (tests make it small to see it forget). */
  constructor(private readonly cap = MAX_SESSIONS) {}

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
          : this.emitter(relay, name, event.source, at);
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
    const memory = this.relays.get(relay)?.get(session);
    if (!memory) return [];
    const others: string[] = [];
    for (const [other, emitter] of memory.emitters) if (other !== source && emitter.last >= since) others.push(other);
    return others;
  }

  /** Every other emitter remembered in the session, whenever it spoke. */
  othersEver(relay: string, source: string, session: string): string[] {
    return [...(this.relays.get(relay)?.get(session)?.emitters.keys() ?? [])].filter((other) => other !== source);
  }

  /**
   * What the memory knows of `session` from the clock `from` on, for emitter
   * `source`'s request: whole only if the session, and (`own`) the source's
   * own entry, were remembered from then on and nothing spoken there since
   * was forgotten. `own` false: the span starts at a read of the session
   * (gate.ts), not at the source's own Event.
   */
  memory(relay: string, source: string, session: string, from: number, own = true): SessionMemoryFacts {
    const memory = this.relays.get(relay)?.get(session);
    // From a request's own Event, something forgotten at that very clock may have come after it; from a
    // read's start, what was folded by then is in the read.
    if (!memory || memory.since > from || (own ? memory.forgottenLast >= from : memory.forgottenLast > from))
      return { known: false };
    // A twin forgotten: only a request's own span asks (a read restores it: the read lists the session's requests).
    if (own && this.forgotOthers(memory, source, 0)) return { known: false };
    if (own) {
      const mine = memory.emitters.get(source);
      if (!mine || mine.since > from) return { known: false };
    }
    return { known: true, others: this.othersSince(relay, source, session, from) };
  }

  /**
   * A read of the session starts at clock `at` (gate.ts): its memory is made
   * now if there is none, so that what is heard from here on is remembered
   * whole, and a later forgetting shows (memory() then says unknown again).
   */
  remember(relay: string, session: string, at: number): void {
    let sessions = this.relays.get(relay);
    if (!sessions) this.relays.set(relay, (sessions = new Map()));
    if (sessions.has(session)) return;
    sessions.set(session, { emitters: new Map(), since: at, forgottenLast: -1 });
    if (++this.sessions > this.cap) this.forgetOldest();
  }

  /** Part of what was said in the session never reached the console (a relay's gap, until clock `at`): partial from here back. */
  lost(relay: string, session: string, at: number): void {
    const memory = this.relays.get(relay)?.get(session);
    if (memory && at > memory.forgottenLast) memory.forgottenLast = at;
  }

  /**
   * The store forgot a closed request of `source` in the session at clock
   * `at`: from then on a request of another emitter there cannot be told
   * apart from a twin of it (memory() says unknown until a read).
   */
  forgotRequest(relay: string, session: string, source: string, at: number): void {
    const memory = this.relays.get(relay)?.get(session);
    // A session not remembered at all is unknown already.
    if (!memory) return;
    const forgot = (memory.forgotRequests ??= new Map());
    if (forgot.has(source) || forgot.size < MAX_EMITTERS) forgot.set(source, at);
    else forgot.set('', at);
  }

  /** Whether a closed request of an emitter other than `source` was forgotten in the session after clock `from`. */
  private forgotOthers(memory: SessionMemory, source: string, from: number): boolean {
    if (!memory.forgotRequests) return false;
    for (const [who, at] of memory.forgotRequests) if (who !== source && at >= from) return true;
    return false;
  }

  /** The emitter's entry in the session, made when there is none (and remembered as the one used last). */
  private emitter(relay: string, name: string, source: string, at: number): SessionEmitter {
    let sessions = this.relays.get(relay);
    if (!sessions) this.relays.set(relay, (sessions = new Map()));
    let session = sessions.get(name);
    if (!session) {
      sessions.set(name, (session = { emitters: new Map(), since: at, forgottenLast: -1 }));
      if (++this.sessions > this.cap) this.forgetOldest();
    }
    let emitter = session.emitters.get(source);
    if (!emitter) {
      if (session.emitters.size >= MAX_EMITTERS) {
        const first = session.emitters.keys().next().value!;
        const gone = session.emitters.get(first)!;
        gone.forgotten = true;
        // What it said is no longer known: every span that includes its last Event is now partial.
        if (gone.last > session.forgottenLast) session.forgottenLast = gone.last;
        session.emitters.delete(first);
      }
      session.emitters.set(source, (emitter = { last: 0, since: at, forgotten: false }));
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
    let fullest: Map<string, SessionMemory> | undefined;
    for (const sessions of this.relays.values()) if (!fullest || sessions.size > fullest.size) fullest = sessions;
    const oldest = fullest?.entries().next();
    if (!fullest || !oldest || oldest.done) return;
    for (const emitter of oldest.value[1].emitters.values()) emitter.forgotten = true;
    fullest.delete(oldest.value[0]);
    this.sessions--;
    this.lastEmitter = undefined;
  }
}
