import type { AepEvent } from '../protocol/types.js';

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
  requests?: Map<string, number>;
  /** The ids in `requests`, in the order they were added, as a ring: the oldest is found without walking the map. */
  order?: string[];
  /** Where the ring's oldest id is, once it is full. */
  oldest?: number;
}

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
    const requests = (emitter.requests ??= new Map());
    if (requests.has(event.id)) return;
    requests.set(event.id, at);
    // The oldest id from a ring beside the map, not the map's first key: a
    // Map walks over the slots of every entry deleted since it was last
    // rebuilt to find its first one, and past the cap each request deleted one.
    const order = (emitter.order ??= []);
    if (order.length < MAX_REQUESTS) {
      order.push(event.id);
      return;
    }
    const oldest = emitter.oldest ?? 0;
    requests.delete(order[oldest]);
    order[oldest] = event.id;
    emitter.oldest = oldest + 1 === MAX_REQUESTS ? 0 : oldest + 1;
  }

  /** The other emitters that have sent an Event in the request's session since it arrived (by arrival order). */
  othersSince(relay: string, source: string, session: string, id: string): string[] {
    const emitters = this.relays.get(relay)?.get(session);
    if (!emitters) return [];
    const since = emitters.get(source)?.requests?.get(id) ?? 0;
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
