import type { AepEvent } from '../protocol/types.js';
import { emitterSessionKey, type EmitterSessionKey } from './identity.js';
import { after, positionOf, type Position } from './positions.js';

/**
 * Where each emitter's session ended (relay, session, source): its requests
 * raised before that point are stale; an Event positioned after it (a new
 * epoch) means the session lives again. Bounded, oldest first out.
 */
export class SessionEnds {
  private readonly ended = new Map<EmitterSessionKey, Position>();

  constructor(readonly cap: number) {}

  end(relay: string, event: AepEvent): void {
    const key = emitterSessionKey(relay, event.source, event.session ?? '');
    this.ended.delete(key);
    this.ended.set(key, positionOf(event));
    if (this.ended.size > this.cap) this.ended.delete(this.ended.keys().next().value as EmitterSessionKey);
  }

  /** Whether `event` (of that session and emitter) comes before the session's end. */
  endedBefore(relay: string, session: string, event: AepEvent): boolean {
    if (this.ended.size === 0) return false;
    const ended = this.ended.get(emitterSessionKey(relay, event.source, session));
    return ended !== undefined && !after(positionOf(event), ended);
  }

  /** An event positioned after a session.ended reopens the session. */
  reopen(relay: string, event: AepEvent): void {
    if (
      this.ended.size === 0 ||
      event.type === 'session.ended' ||
      typeof event.session !== 'string' ||
      typeof event.seq !== 'number'
    )
      return;
    const key = emitterSessionKey(relay, event.source, event.session);
    const ended = this.ended.get(key);
    if (ended && after(positionOf(event), ended)) this.ended.delete(key);
  }

  get size(): number {
    return this.ended.size;
  }
}
