const NONE: readonly never[] = [];

/**
 * Requests (their keys, or what the table holds for each) by what lifecycle events name them with: (relay, session,
 * request id). Several requests can share all three (two emitters may share
 * a session name); lifecycle matching then picks among them. Kept as nested
 * maps of the strings the Event already holds, not one map of joined keys:
 * no key string is built per Event, and a request id shared across many
 * sessions costs nothing to the others' lookups. A subject almost always
 * names one request: that one is held alone, a list only once a second
 * shares it (a list per request was two objects more per request held, and
 * the keys must therefore never be lists themselves).
 */
export class SubjectIndex<K extends object | string = string> {
  private readonly relays = new Map<string, Map<string, Map<string, K | K[]>>>();
  private count = 0;
  /**
   * The (relay, session) looked up last, and its ids: a request's Events
   * come together (it is checked, then added; answered, then resolved), so
   * most lookups need one map lookup, not three. Forgotten when that session
   * leaves the index.
   */
  private lastRelay: string | undefined;
  private lastSession: string | undefined;
  private lastIds: Map<string, K | K[]> | undefined;

  /** The ids indexed under (relay, session), if any. */
  private ids(relay: string, session: string): Map<string, K | K[]> | undefined {
    if (session === this.lastSession && relay === this.lastRelay) return this.lastIds;
    const ids = this.relays.get(relay)?.get(session);
    if (ids) this.remember(relay, session, ids);
    return ids;
  }

  private remember(
    relay: string | undefined,
    session: string | undefined,
    ids: Map<string, K | K[]> | undefined,
  ): void {
    this.lastRelay = relay;
    this.lastSession = session;
    this.lastIds = ids;
  }

  add(relay: string, session: string, id: string, key: K): void {
    let ids = this.ids(relay, session);
    if (!ids) {
      let sessions = this.relays.get(relay);
      if (!sessions) {
        sessions = new Map();
        this.relays.set(relay, sessions);
      }
      ids = new Map();
      sessions.set(session, ids);
      this.remember(relay, session, ids);
    }
    const held = ids.get(id);
    if (held === undefined) {
      ids.set(id, key);
      this.count++;
    } else if (Array.isArray(held)) held.push(key);
    else ids.set(id, [held, key]);
  }

  /**
   * What (relay, session, id) names, as held: one key, a list of them in
   * arrival order (do not change it), or undefined. For a caller that runs
   * for every lifecycle Event: no list is made for the one request.
   */
  lookup(relay: string, session: string, id: string): K | readonly K[] | undefined {
    return this.ids(relay, session)?.get(id);
  }

  /** The keys of the requests (relay, session, id) names, in arrival order (do not change the list). */
  keys(relay: string, session: string, id: string): readonly K[] {
    const held = this.lookup(relay, session, id);
    if (held === undefined) return NONE;
    return isList(held) ? held : [held];
  }

  /** Every key indexed under (relay, session), by the id each was first indexed with, then in arrival order. */
  inSession(relay: string, session: string): K[] {
    const all: K[] = [];
    const ids = this.ids(relay, session);
    if (ids)
      for (const held of ids.values()) {
        if (!isList(held)) all.push(held);
        else for (let i = 0; i < held.length; i++) all.push(held[i]);
      }
    return all;
  }

  remove(relay: string, session: string, id: string, key: K): void {
    const sessions = this.relays.get(relay);
    const ids = sessions?.get(session);
    const held = ids?.get(id);
    if (!sessions || !ids || held === undefined) return;
    if (isList(held)) {
      if (!held.includes(key)) return;
      // A fresh list (or the one left alone): one handed out by keys() is never changed under its reader.
      const rest = held.filter((k) => k !== key);
      ids.set(id, rest.length === 1 ? rest[0] : rest);
      return;
    }
    if (held !== key) return;
    ids.delete(id);
    this.count--;
    if (ids.size === 0) {
      sessions.delete(session);
      if (this.lastIds === ids) this.remember(undefined, undefined, undefined);
    }
    if (sessions.size === 0) this.relays.delete(relay);
  }

  /** How many (relay, session, id) subjects are indexed. */
  get size(): number {
    return this.count;
  }
}

function isList<K>(held: K | readonly K[]): held is readonly K[] {
  return Array.isArray(held);
}
