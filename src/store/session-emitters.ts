import type { AepEvent } from '../protocol/types.js';
import { requestKey, sessionKey, type RequestKey, type SessionKey } from './identity.js';

// Who has spoken in each session, and in what order (CONSOLE.md, "No answer
// the relay could route to someone else"). Commands are routed by session
// name (AEP-0004 §2.2) and request ids are unique per emitter only, so an
// answer for emitter A's request is not safe to send once another emitter B
// has sent an Event in that session since the request arrived: the relay
// could hand it to B. Arrival order is the console's own (a counter), never
// a producer's clock. Bounded: the oldest sessions and requests are
// forgotten first, and a request whose arrival was forgotten counts every
// other emitter ever seen in its session (it fails closed).

/** Sessions remembered (per console, over all relays). */
const MAX_SESSIONS = 5_000;
/** Emitters remembered per session: past it the one heard from least recently goes. */
const MAX_EMITTERS = 16;
/** Requests whose arrival is remembered. */
const MAX_REQUESTS = 20_000;

/** Events a console emits (commands and routing notes), not the session's agents: they never make a route unsafe. */
function fromConsole(event: AepEvent): boolean {
  if (event.type === 'attention.routed') return true;
  return event.type.startsWith('control.') && event.type !== 'control.accepted' && event.type !== 'control.rejected';
}


export class SessionEmitters {
  private seq = 0;
  /** Session → emitter → the arrival of its latest Event there. */
  private readonly sessions = new Map<SessionKey, Map<string, number>>();
  /** A request (relay, source, session, id) → its arrival. */
  private readonly requests = new Map<RequestKey, number>();

  observe(relay: string, event: AepEvent): void {
    if (typeof event.session !== 'string' || fromConsole(event)) return;
    const at = ++this.seq;
    const key = sessionKey(relay, event.session);
    const emitters = this.sessions.get(key) ?? new Map<string, number>();
    this.sessions.delete(key);
    this.sessions.set(key, emitters);
    emitters.delete(event.source);
    emitters.set(event.source, at);
    if (emitters.size > MAX_EMITTERS) emitters.delete(emitters.keys().next().value!);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    if (event.type === 'attention.requested') {
      const request = requestKey(relay, event.session, event.source, event.id);
      if (!this.requests.has(request)) this.requests.set(request, at);
      if (this.requests.size > MAX_REQUESTS) this.requests.delete(this.requests.keys().next().value!);
    }
  }

  /** The other emitters that have sent an Event in the request's session since it arrived (by arrival order). */
  othersSince(relay: string, source: string, session: string, id: string): string[] {
    const since = this.requests.get(requestKey(relay, session, source, id)) ?? 0;
    const emitters = this.sessions.get(sessionKey(relay, session));
    if (!emitters) return [];
    return [...emitters].filter(([other, at]) => other !== source && at > since).map(([other]) => other);
  }

  /** Every other emitter remembered in the session, whenever it spoke. */
  othersEver(relay: string, source: string, session: string): string[] {
    return [...(this.sessions.get(sessionKey(relay, session))?.keys() ?? [])].filter((other) => other !== source);
  }

  get size(): { sessions: number; requests: number } {
    return { sessions: this.sessions.size, requests: this.requests.size };
  }
}
