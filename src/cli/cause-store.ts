// A store that also keeps the Events requests name as their cause (tool
// calls), for the commands that read the history once and then ask what
// caused each request: `rules test` (what the rules would make of it) and
// `list` (an edit's paths and counts). Bounded; judged by the console's one
// cause resolver, so another emitter's Event is never taken for the cause.

import type { AepEvent } from '../protocol/types.js';
import { eventPrint } from '../protocol/event-print.js';
import { ConsoleStore } from '../store/store.js';
import { resolveCause, type CauseState } from '../store/cause.js';
import type { RequestRecord } from '../store/types.js';

/** Cause Events kept while reading (the newest win); a history larger than this reads the rest as "not held". */
const MAX_CAUSES = 50_000;

/** Structured keys (the strings may hold any separator): by emitter, session and id; and by id alone. */
const ownKey = (relay: string, source: string, session: string, id: string) =>
  JSON.stringify([relay, source, session, id]);
const idKey = (relay: string, id: string) => JSON.stringify([relay, id]);

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CAUSES) map.delete(map.keys().next().value as string);
}

/** The Events under one identity: the first, and the first that differs from it (two make the cause unreadable). */
function withOwn(held: readonly AepEvent[] | undefined, event: AepEvent): readonly AepEvent[] {
  if (!held?.length) return [event];
  if (held.length > 1 || eventPrint(held[0]!) === eventPrint(event)) return held;
  return [held[0]!, event];
}

/** A store that also keeps the Events requests name as their cause (tool calls), by emitter, session and id. */
export class CauseKeepingStore extends ConsoleStore {
  private readonly ownCauses = new Map<string, readonly AepEvent[]>();
  /** Any Event under an id (the latest), so that one from someone else is named as such. */
  private readonly anyWithId = new Map<string, AepEvent>();
  override applyEvent(relay: string, event: AepEvent, options?: Parameters<ConsoleStore['applyEvent']>[2]) {
    if (event.type.startsWith('tool.')) {
      const key = ownKey(relay, event.source, event.session ?? '', event.id);
      keep(this.ownCauses, key, withOwn(this.ownCauses.get(key), event));
      keep(this.anyWithId, idKey(relay, event.id), event);
    }
    return super.applyEvent(relay, event, options);
  }
  causeOf(record: RequestRecord): CauseState {
    if (!record.cause) return { state: 'none' };
    const found = [
      ...(this.ownCauses.get(ownKey(record.relay, record.source, record.session, record.cause)) ?? []),
      this.anyWithId.get(idKey(record.relay, record.cause)),
    ];
    return resolveCause(record, { ok: true, events: found.filter((event): event is AepEvent => event !== undefined) });
  }
}
