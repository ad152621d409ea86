import type { AepEvent } from '../protocol/types.js';
import { requestBytes, type ByteBudget } from './byte-budget.js';
import { OrderedKeys } from './ordered-keys.js';
import { patchedRecord } from './record-shape.js';
import { SubjectIndex } from './subject-index.js';
import { commandKey, requestKeyPrefix, type CommandKey, type RequestKey, type RequestKeyPrefix } from './identity.js';
import { OPEN_STATES, type RequestRecord } from './types.js';
import type { FoldHooks } from './fold-hooks.js';

/** Events only the emitter of a request may send about it. */
const EMITTER_LIFECYCLE = new Set(['attention.answered', 'attention.resolved', 'attention.timeout']);

/**
 * The requests and their indexes: by key, by subject, by command id, and
 * the terminal ones in the order they closed (pruned oldest first past a cap,
 * and evicted first when the byte budget needs room). The fold (request-fold.ts)
 * decides what Events do; this holds the result. Records are replaced, never
 * mutated, so renderers can compare by reference.
 */
/** One emitter session's requests (the index session.ended reads). */
interface SessionRequests {
  prefix: RequestKeyPrefix;
  keys: Set<RequestKey>;
}

export class RequestTable {
  protected readonly requests = new Map<RequestKey, RequestRecord>();
  /** (relay, session, subject) → request keys (two emitters may share a session name). */
  protected readonly bySubject = new SubjectIndex<RequestKey>();
  /** (relay, command id) → request key, for acks of anyone's commands. */
  protected readonly commandIndex = new Map<CommandKey, RequestKey>();
  /**
   * (relay, session, source) → request keys: a session.ended closes its
   * emitter's requests without scanning every request (with 40,000 open, a
   * scan cost 0.28 ms per end and 5,000 ends blocked the loop 1.4 s).
   */
  private readonly bySession = new Map<RequestKeyPrefix, SessionRequests>();
  /**
   * Request key → its emitter session's entry above. Eviction finds the
   * entry by the request key (a string whose hash is already known), and
   * adding keys the index by the request-key prefix the resume-position
   * entry keeps: neither joins a string per request on the intake path.
   */
  private readonly sessionOf = new Map<RequestKey, SessionRequests>();
  /** Terminal request keys, oldest terminal first. */
  protected readonly terminalOrder = new OrderedKeys<RequestKey>();
  protected arrivalCounter = 0;

  constructor(
    protected readonly hooks: FoldHooks,
    protected readonly terminalCap: number,
    /** Bytes held are bounded, not only requests: see byte-budget.ts. */
    protected readonly budget: ByteBudget,
  ) {}

  /**
   * Finds the request a lifecycle event or command refers to. Only the
   * emitter that raised a request may answer, resolve or time it out: those
   * must come from the request's own source (session names and ids collide
   * across emitters). Routing notes and commands come from anyone.
   */
  protected findRequest(relay: string, event: AepEvent): RequestKey | undefined {
    return this.findRecord(relay, event)?.key;
  }

  /** The request findRequest finds, itself: the caller then needs no second lookup. */
  protected findRecord(relay: string, event: AepEvent): RequestRecord | undefined {
    if (typeof event.subject !== 'string' || typeof event.session !== 'string') return undefined;
    const keys = this.bySubject.keys(relay, event.session, event.subject);
    if (keys.length === 0) return undefined;
    // Loops, not find() with a closure: this runs for every lifecycle Event.
    if (EMITTER_LIFECYCLE.has(event.type)) {
      for (let i = 0; i < keys.length; i++) {
        const record = this.requests.get(keys[i]);
        if (record?.source === event.source) return record;
      }
      return undefined;
    }
    if (keys.length === 1) return this.requests.get(keys[0]);
    for (let i = 0; i < keys.length; i++) {
      const record = this.requests.get(keys[i]);
      if (record?.agent === event.agent) return record;
    }
    return this.requests.get(keys[0]);
  }

  /** Indexes a request just added by its (relay, session, source), given as its request-key prefix. */
  protected indexSession(record: RequestRecord, prefix: RequestKeyPrefix): void {
    let entry = this.bySession.get(prefix);
    if (!entry) {
      entry = { prefix, keys: new Set() };
      this.bySession.set(prefix, entry);
    }
    entry.keys.add(record.key);
    this.sessionOf.set(record.key, entry);
  }

  /** The keys of every request held of that emitter's session, oldest first. */
  protected sessionKeys(relay: string, session: string, source: string): readonly RequestKey[] {
    const entry = this.bySession.get(requestKeyPrefix(relay, session, source));
    return entry ? [...entry.keys] : [];
  }

  protected hasSubject(relay: string, event: AepEvent): boolean {
    return this.bySubject.keys(relay, event.session ?? '', event.subject ?? '').length > 0;
  }

  protected replace(key: RequestKey, patch: Partial<RequestRecord>): void {
    const record = this.requests.get(key);
    if (record) this.replaceRecord(record, patch);
  }

  /** replace, for a caller holding the current record. */
  protected replaceRecord(record: RequestRecord, patch: Partial<RequestRecord>): void {
    this.requests.set(record.key, patchedRecord(record, patch));
    this.hooks.touch(record.key, false);
  }

  protected countTerminal(before: RequestRecord): void {
    // Adding again moves the key to the back (a new stamp): the order is terminal arrival.
    this.terminalOrder.add(before.key);
    this.prune();
  }

  /** Prunes terminal requests oldest-first past the cap; open ones are never dropped. */
  protected prune(): void {
    while (this.terminalOrder.size > this.terminalCap) this.evictOldestTerminal();
  }

  protected evictOldestTerminal(): void {
    const key = this.terminalOrder.shift() as RequestKey;
    const record = this.requests.get(key);
    if (!record || OPEN_STATES.has(record.state)) return;
    this.requests.delete(key);
    this.budget.free(record.bytes ?? requestBytes(record));
    this.hooks.touch(key, false);
    this.bySubject.remove(record.relay, record.session, record.id, key);
    const entry = this.sessionOf.get(key);
    if (entry) {
      this.sessionOf.delete(key);
      if (entry.keys.delete(key) && entry.keys.size === 0) this.bySession.delete(entry.prefix);
    }
    // Indexed: most records share one frozen empty list, which takes for…of off its fast path.
    const commands = record.commands;
    for (let i = 0; i < commands.length; i++) this.commandIndex.delete(commandKey(record.relay, commands[i].id));
  }

  /** Estimated bytes held and the budget they stay within (byte-budget.ts). */
  memory(): { bytes: number; limit: number } {
    return { bytes: this.budget.total, limit: this.budget.limit };
  }

  /** Any string may be looked up (the UI's, a journal's): one no builder made finds nothing. */
  request(key: string): RequestRecord | undefined {
    return this.requests.get(key as RequestKey);
  }

  allRequests(): RequestRecord[] {
    return [...this.requests.values()];
  }
}
