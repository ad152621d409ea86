const SEP = '\u001f';
/** Slots one id may chain before it moves to a map of its own (see `shared`). */
const CHAIN_MAX = 8;
/** In `byId`: this id's slots are in `shared`. */
const SHARED = -1;

/**
 * The dedupe memory: which (relay, source, id) triples were seen (each with
 * a number, e.g. the digest of its first Event), forgetting the oldest past
 * `cap` (at-least-once redelivery happens within a replay window; an
 * unbounded memory would grow for as long as the console runs).
 *
 * Runs for every Event, so it is built for the common case, an id no other
 * emitter uses: one map from id to a slot of a ring of `cap` slots, which
 * holds the triple and its value (in a typed array: a digest held in a Map
 * would be a heap number per Event). The few triples that share an id are
 * chained through their slots; an id shared more than CHAIN_MAX times (an
 * emitter counting 1, 2, 3 in every session, or a hostile one) moves to a map
 * of its own keyed by relay and source, so no lookup walks a long chain.
 * Forgetting is O(1): the oldest slot is overwritten.
 */
export class SeenEvents {
  /** id → the newest slot holding it (older ones follow `next`), or SHARED. */
  private readonly byId = new Map<string, number>();
  /** Ids shared by more than CHAIN_MAX triples: id → relay␟source → slot. */
  private readonly shared = new Map<string, Map<string, number>>();
  private readonly ids: (string | undefined)[];
  private readonly sources: (string | undefined)[];
  private readonly relays: (string | undefined)[];
  private readonly next: Int32Array;
  private readonly values: Float64Array;
  private at = 0;
  private count = 0;

  constructor(readonly cap: number) {
    const slots = Math.max(0, cap);
    this.ids = new Array<string | undefined>(slots).fill(undefined);
    this.sources = new Array<string | undefined>(slots).fill(undefined);
    this.relays = new Array<string | undefined>(slots).fill(undefined);
    this.next = new Int32Array(slots);
    this.values = new Float64Array(slots);
  }

  has(relay: string, source: string, id: string): boolean {
    return this.slotOf(relay, source, id) >= 0;
  }

  /** The value remembered with the triple (see add), if it is remembered. */
  get(relay: string, source: string, id: string): number | undefined {
    const slot = this.slotOf(relay, source, id);
    return slot >= 0 ? this.values[slot] : undefined;
  }

  /** Adds the triple (with a value, e.g. a digest); returns false when it was already present (the first value stays). */
  add(relay: string, source: string, id: string, value = 0): boolean {
    if (this.slotOf(relay, source, id) >= 0) return false;
    if (this.cap <= 0) return true;
    const at = this.at;
    if (this.ids[at] !== undefined) this.free(at);
    this.ids[at] = id;
    this.sources[at] = source;
    this.relays[at] = relay;
    this.values[at] = value;
    this.link(at, relay, source, id);
    this.count++;
    this.at = at + 1 === this.cap ? 0 : at + 1;
    return true;
  }

  /** Forgets a triple now (a request refused for room, so a later replay can bring it). */
  delete(relay: string, source: string, id: string): void {
    const slot = this.slotOf(relay, source, id);
    if (slot >= 0) this.free(slot);
  }

  get size(): number {
    return this.count;
  }

  private slotOf(relay: string, source: string, id: string): number {
    let slot = this.byId.get(id);
    if (slot === undefined) return -1;
    if (slot === SHARED) return this.shared.get(id)?.get(relay + SEP + source) ?? -1;
    while (slot >= 0) {
      if (this.sources[slot] === source && this.relays[slot] === relay) return slot;
      slot = this.next[slot];
    }
    return -1;
  }

  private link(at: number, relay: string, source: string, id: string): void {
    const head = this.byId.get(id);
    if (head === undefined) {
      this.next[at] = -1;
      this.byId.set(id, at);
      return;
    }
    if (head === SHARED) {
      this.shared.get(id)!.set(relay + SEP + source, at);
      return;
    }
    let length = 1;
    for (let slot = this.next[head]; slot >= 0; slot = this.next[slot]) length++;
    if (length < CHAIN_MAX) {
      this.next[at] = head;
      this.byId.set(id, at);
      return;
    }
    // Too many emitters share this id: from now on it has a map of its own.
    const slots = new Map<string, number>();
    for (let slot = head; slot >= 0; slot = this.next[slot]) slots.set(this.relays[slot] + SEP + this.sources[slot], slot);
    slots.set(relay + SEP + source, at);
    this.shared.set(id, slots);
    this.byId.set(id, SHARED);
  }

  private free(slot: number): void {
    const id = this.ids[slot]!;
    const head = this.byId.get(id)!;
    if (head === SHARED) {
      const slots = this.shared.get(id)!;
      slots.delete(this.relays[slot] + SEP + this.sources[slot]);
      if (slots.size === 0) {
        this.shared.delete(id);
        this.byId.delete(id);
      }
    } else if (head === slot) {
      if (this.next[slot] >= 0) this.byId.set(id, this.next[slot]);
      else this.byId.delete(id);
    } else {
      let before = head;
      while (before >= 0 && this.next[before] !== slot) before = this.next[before];
      if (before >= 0) this.next[before] = this.next[slot];
    }
    this.ids[slot] = undefined;
    this.sources[slot] = undefined;
    this.relays[slot] = undefined;
    this.count--;
  }
}
