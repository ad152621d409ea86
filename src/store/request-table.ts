import type { AepEvent } from '../protocol/types.js';
import { requestBytes, type ByteBudget } from './byte-budget.js';
import { TerminalOrder } from './terminal-order.js';
import { SubjectIndex } from './subject-index.js';
import { eventPrint } from '../protocol/event-print.js';
import { commandKey, type CommandKey, type RequestKey } from './identity.js';
import { OPEN_STATES, type RequestRecord } from './types.js';
import type { FoldHooks } from './fold-hooks.js';
import { GONE, KEYED, slotFor, WAITING, type Slot } from './request-slot.js';

/** Evicted slots a waiting list may hold before it is compacted (and at least half of it). */
const WAITING_GONE_KEPT = 1024;

/**
 * The requests and their indexes: by key, by subject, by command id, and
 * the terminal ones in the order they closed (pruned oldest first past a cap,
 * and evicted first when the byte budget needs room). The fold (request-fold.ts)
 * decides what Events do; this holds the result. A record once handed out is
 * replaced, never mutated, so renderers can compare by reference (one nobody
 * was handed yet is changed in place: see Slot).
 */
export class RequestTable {
  /**
   * Requests by key, in arrival order. A new request's key is added only
   * when something first asks for a request by key (or for all of them):
   * see keyed(). Hashing a key (relay, session, source and id: some 90
   * characters) cost more than anything else in holding a request, and in
   * a replay most closed requests are pruned before anything asks.
   */
  private readonly slots = new Map<RequestKey, Slot>();
  /** Slots not yet in `slots`, oldest first; they arrived after every slot there. */
  private waiting: Slot[] = [];
  /** How many of `waiting` were evicted before being keyed. */
  private waitingGone = 0;
  /** Requests held, open and terminal. */
  private requestsHeld = 0;
  /** (relay, session, subject) → the requests' slots (two emitters may share a session name): a match needs no second lookup. */
  protected readonly bySubject = new SubjectIndex<Slot>();
  /**
   * Cause id → the slots of the open requests naming it (one alone, a list
   * once a second does): an Event arriving live under a cause's identity is
   * noted on its requests (noteCauseSeen). Keyed by the id alone, one lookup
   * per Event (ids are ULIDs, so a list is rare); relay, session and source
   * are compared on the slots found. A request leaves it when it closes.
   */
  private readonly byCause = new Map<string, Slot | Slot[]>();
  /** (relay, command id) → request key, for acks of anyone's commands. */
  protected readonly commandIndex = new Map<CommandKey, RequestKey>();
  /** Terminal requests (their slots), oldest terminal first. */
  protected readonly terminalOrder = new TerminalOrder<Slot>();
  protected arrivalCounter = 0;

  /** The arrival clock: moved by each new request (its `arrival`), each close and each Event held. */
  get arrivalClock(): number {
    return this.arrivalCounter;
  }

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
    return this.findSlot(relay, event)?.record;
  }

  /** Where the request findRequest finds is held: a change to it then needs no lookup by key. */
  protected findSlot(relay: string, event: AepEvent): Slot | undefined {
    if (typeof event.subject !== 'string' || typeof event.session !== 'string') return undefined;
    return slotFor(this.bySubject.lookup(relay, event.session, event.subject), event);
  }

  /** The map by key, with every waiting slot added (in arrival order, so the map's order stays arrival order). */
  private keyed(): Map<RequestKey, Slot> {
    const waiting = this.waiting;
    if (waiting.length === 0) return this.slots;
    for (let i = 0; i < waiting.length; i++) {
      const slot = waiting[i];
      if (slot.place !== WAITING) continue;
      slot.place = KEYED;
      this.slots.set(slot.record.key, slot);
    }
    this.waiting = [];
    this.waitingGone = 0;
    return this.slots;
  }

  /** The request with this key, if held. */
  protected record(key: RequestKey): RequestRecord | undefined {
    return this.keyed().get(key)?.record;
  }

  /**
   * holds() of the request's key, found through the subject index: a new
   * request is added to that index next, so its lookups are then warm, and
   * the request's key is hashed once (when it is stored), not twice.
   */
  protected holdsRequest(relay: string, session: string, source: string, id: string): boolean {
    const held = this.bySubject.lookup(relay, session, id);
    if (held === undefined) return false;
    if (!Array.isArray(held)) return (held as Slot).record.source === source;
    const slots = held as readonly Slot[];
    for (let i = 0; i < slots.length; i++) if (slots[i].record.source === source) return true;
    return false;
  }

  protected holds(key: RequestKey): boolean {
    return this.keyed().has(key);
  }

  /** Slots waiting to be keyed, evicted ones not yet dropped included: at most twice those held, plus WAITING_GONE_KEPT. */
  protected get waitingForKeys(): number {
    return this.waiting.length;
  }

  /** Requests held, open and terminal. */
  protected get requestCount(): number {
    return this.requestsHeld;
  }

  /** Holds a new request, indexed by its subject (and by its key once asked: keyed()). */
  protected insert(record: RequestRecord): void {
    const slot: Slot = { record, shown: false, place: WAITING, terminalStamp: 0 };
    this.waiting.push(slot);
    this.requestsHeld++;
    this.bySubject.add(record.relay, record.session, record.id, slot);
    if (record.cause !== undefined) {
      const held = this.byCause.get(record.cause);
      this.byCause.set(record.cause, held === undefined ? slot : Array.isArray(held) ? [...held, slot] : [held, slot]);
    }
  }

  /**
   * An Event under the identity (relay, source, session, id) of an open
   * request's cause: its print noted on the request (at most two different
   * ones), so the rules read the cause to the end (store/cause.ts
   * withLiveCause). Runs for every Event: one lookup, nothing made, while no
   * request names that id.
   */
  protected noteCauseSeen(relay: string, event: AepEvent): boolean {
    const held = this.byCause.size === 0 ? undefined : this.byCause.get(event.id);
    if (held === undefined) return false;
    const slots: readonly Slot[] = Array.isArray(held) ? held : [held];
    let print: string | undefined;
    let noted = false;
    for (const slot of slots) {
      const record = slot.record;
      if (record.relay !== relay || record.source !== event.source || record.session !== (event.session ?? ''))
        continue;
      if (!OPEN_STATES.has(record.state)) continue;
      print ??= eventPrint(event);
      const seen = record.causeSeen ?? [];
      if (seen.length >= 2 || seen.includes(print)) continue;
      this.replaceIn(slot, { causeSeen: [...seen, print] });
      noted = true;
    }
    return noted;
  }

  /**
   * The keys of every request held of that emitter's session, oldest first.
   * From the subject index's (relay, session) part: a session.ended closes
   * its emitter's requests without scanning every request (with 40,000 open,
   * a scan cost 0.28 ms per end and 5,000 ends blocked the loop 1.4 s), and
   * the intake keeps no second index per emitter session for it.
   */
  protected sessionKeys(relay: string, session: string, source: string): readonly RequestKey[] {
    const records: RequestRecord[] = [];
    for (const slot of this.bySubject.inSession(relay, session))
      if (slot.record.source === source) records.push(slot.record);
    // Listed by the id each was first seen with (another emitter may have used an id first): put back in arrival order.
    for (let i = 1; i < records.length; i++) {
      if (records[i - 1].arrival > records[i].arrival) {
        records.sort((a, b) => a.arrival - b.arrival);
        break;
      }
    }
    return records.map((record) => record.key);
  }

  protected hasSubject(relay: string, event: AepEvent): boolean {
    return this.bySubject.lookup(relay, event.session ?? '', event.subject ?? '') !== undefined;
  }

  protected replace(key: RequestKey, patch: Partial<RequestRecord>): void {
    const slot = this.keyed().get(key);
    if (slot) this.replaceIn(slot, patch);
  }

  /** replace, for a caller holding where the record is (findSlot). */
  protected replaceIn(slot: Slot, patch: Partial<RequestRecord>): void {
    // A record shown is replaced, never mutated (renderers compare records by reference); one not shown yet is changed in place.
    // (A member-by-member copy kept every record one shape; measured against this spread it bought nothing: docs/performance.md.)
    if (slot.shown) slot.record = { ...slot.record, ...patch };
    else Object.assign(slot.record, patch);
    slot.shown = false;
    this.hooks.touch(slot.record.key, false);
  }

  protected countTerminal(before: RequestRecord): void {
    // Adding again moves the key to the back (a new stamp): the order is terminal arrival.
    const slot = this.keyed().get(before.key);
    if (slot) this.countTerminalIn(slot);
    else this.prune();
  }

  /** countTerminal, for a caller holding where the record is (findSlot). */
  protected countTerminalIn(slot: Slot): void {
    // Closed: nothing under its cause matters any more, and the index holds open requests only (small, cheap to ask).
    if (slot.record.cause !== undefined) this.forgetCause(slot.record.cause, slot);
    this.terminalOrder.add(slot);
    this.prune();
  }

  /** Prunes terminal requests oldest-first past the cap; open ones are never dropped. */
  protected prune(): void {
    while (this.terminalOrder.size > this.terminalCap) this.evictOldestTerminal();
  }

  protected evictOldestTerminal(): void {
    // A slot leaves the order only here, and the table only after it: one in the order is held.
    const slot = this.terminalOrder.shift();
    if (!slot || OPEN_STATES.has(slot.record.state)) return;
    const record = slot.record;
    const key = record.key;
    this.forget(slot);
    this.budget.free(record.bytes ?? requestBytes(record));
    this.hooks.touch(key, false);
    this.bySubject.remove(record.relay, record.session, record.id, slot);
    this.hooks.forgot?.(record);
    // Indexed: most records share one frozen empty list, which takes for…of off its fast path.
    const commands = record.commands;
    for (let i = 0; i < commands.length; i++) this.commandIndex.delete(commandKey(record.relay, commands[i].id));
  }

  private forgetCause(cause: string, slot: Slot): void {
    const held = this.byCause.get(cause);
    if (held === slot) this.byCause.delete(cause);
    else if (Array.isArray(held)) {
      const rest = held.filter((s) => s !== slot);
      this.byCause.set(cause, rest.length === 1 ? rest[0]! : rest);
    }
  }

  /** Takes the slot out of the table (its indexes are the caller's). */
  private forget(slot: Slot): void {
    this.requestsHeld--;
    const keyed = slot.place === KEYED;
    slot.place = GONE;
    if (keyed) this.slots.delete(slot.record.key);
    else if (++this.waitingGone > WAITING_GONE_KEPT && this.waitingGone * 2 > this.waiting.length) {
      // Evicted before anyone asked for them: dropped from the waiting list in bulk (in place: no second
      // list of thousands of slots per compaction), so it never holds them long.
      const waiting = this.waiting;
      let kept = 0;
      for (let i = 0; i < waiting.length; i++) if (waiting[i].place === WAITING) waiting[kept++] = waiting[i];
      waiting.length = kept;
      this.waitingGone = 0;
    }
  }

  /** Estimated bytes held and the budget they stay within (byte-budget.ts). */
  memory(): { bytes: number; limit: number } {
    return { bytes: this.budget.total, limit: this.budget.limit };
  }

  /** Any string may be looked up (the UI's, a journal's): one no builder made finds nothing. */
  request(key: string): RequestRecord | undefined {
    const slot = this.keyed().get(key as RequestKey);
    if (!slot) return undefined;
    slot.shown = true;
    return slot.record;
  }

  allRequests(): RequestRecord[] {
    const all: RequestRecord[] = [];
    for (const slot of this.keyed().values()) {
      slot.shown = true;
      all.push(slot.record);
    }
    return all;
  }

  /** The requests raised under (relay, session, id), every emitter's (two may share a session name). */
  sameSubject(relay: string, session: string, id: string): RequestRecord[] {
    return this.bySubject.keys(relay, session, id).map((slot) => {
      slot.shown = true;
      return slot.record;
    });
  }

  /** The requests held in (relay, session), every emitter's. */
  inSession(relay: string, session: string): RequestRecord[] {
    return this.bySubject.inSession(relay, session).map((slot) => {
      slot.shown = true;
      return slot.record;
    });
  }
}
