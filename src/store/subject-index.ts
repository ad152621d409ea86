const NONE: readonly never[] = [];

/**
 * Requests (their keys, or what the table holds for each) by what lifecycle events name them with: (relay, session,
 * request id). Several requests can share all three (two emitters may share
 * a session name); lifecycle matching then picks among them. Kept as nested
 * maps of the strings the Event already holds, not one map of joined keys:
 * no key string is built per Event, and a request id shared across many
 * sessions costs nothing to the others' lookups.
 */
export class SubjectIndex<K = string> {
  private readonly relays = new Map<string, Map<string, Map<string, K[]>>>();
  private count = 0;

  add(relay: string, session: string, id: string, key: K): void {
    let sessions = this.relays.get(relay);
    if (!sessions) {
      sessions = new Map();
      this.relays.set(relay, sessions);
    }
    let ids = sessions.get(session);
    if (!ids) {
      ids = new Map();
      sessions.set(session, ids);
    }
    const keys = ids.get(id);
    if (keys) keys.push(key);
    else {
      ids.set(id, [key]);
      this.count++;
    }
  }

  /** The keys of the requests (relay, session, id) names, in arrival order (do not change the list). */
  keys(relay: string, session: string, id: string): readonly K[] {
    return this.relays.get(relay)?.get(session)?.get(id) ?? NONE;
  }

  /** Every key indexed under (relay, session), by the id each was first indexed with, then in arrival order. */
  inSession(relay: string, session: string): K[] {
    const all: K[] = [];
    const ids = this.relays.get(relay)?.get(session);
    if (ids) for (const keys of ids.values()) for (let i = 0; i < keys.length; i++) all.push(keys[i]);
    return all;
  }

  remove(relay: string, session: string, id: string, key: K): void {
    const sessions = this.relays.get(relay);
    const ids = sessions?.get(session);
    const keys = ids?.get(id);
    if (!sessions || !ids || !keys) return;
    const at = keys.indexOf(key);
    if (at < 0) return;
    if (keys.length > 1) {
      // A fresh list: one handed out by keys() is never changed under its reader.
      ids.set(
        id,
        keys.filter((k) => k !== key),
      );
      return;
    }
    ids.delete(id);
    this.count--;
    if (ids.size === 0) sessions.delete(session);
    if (sessions.size === 0) this.relays.delete(relay);
  }

  /** How many (relay, session, id) subjects are indexed. */
  get size(): number {
    return this.count;
  }
}
