import type { AepEvent } from '../protocol/types.js';
import { after, positionOf, type Position } from './positions.js';

const SEP = '\u001f';

/**
 * Where each emitter's session ended (relay, session, source): its requests
 * raised before that point are stale; an Event positioned after it (a new
 * epoch) means the session lives again. Bounded, oldest first out.
 */
export class SessionEnds {
  private readonly ended = new Map<string, Position>();

  constructor(readonly cap: number) {}

  private key(relay: string, session: string, source: string): string {
    return relay + SEP + session + SEP + source;
  }

  end(relay: string, event: AepEvent): void {
    const key = this.key(relay, event.session ?? '', event.source);
    this.ended.delete(key);
    this.ended.set(key, positionOf(event));
    if (this.ended.size > this.cap) this.ended.delete(this.ended.keys().next().value as string);
  }

  /** Whether `event` (of that session and emitter) comes before the session's end. */
  endedBefore(relay: string, session: string, event: AepEvent): boolean {
    if (this.ended.size === 0) return false;
    const ended = this.ended.get(this.key(relay, session, event.source));
    return ended !== undefined && !after(positionOf(event), ended);
  }

  /** An event positioned after a session.ended reopens the session. */
  reopen(relay: string, event: AepEvent): void {
    if (this.ended.size === 0 || event.type === 'session.ended' || typeof event.session !== 'string' || typeof event.seq !== 'number') return;
    const key = this.key(relay, event.session, event.source);
    const ended = this.ended.get(key);
    if (ended && after(positionOf(event), ended)) this.ended.delete(key);
  }

  get size(): number {
    return this.ended.size;
  }
}
