/**
 * The dedupe memory: which (relay, source, id) triples were seen (each with
 * a number, e.g. the digest of its first Event), forgetting the oldest past
 * `cap` (at-least-once redelivery happens within a replay window; an
 * unbounded memory would grow for as long as the console runs).
 *
 * It runs for every Event, so it allocates nothing per Event: the triples sit
 * in a ring of `cap` slots (the oldest is overwritten), found through an
 * open-addressing table of slot numbers in a typed array, linear probing,
 * deletion by backward shift (no tombstones). A JS Map here rebuilt its
 * 50,000-entry table every few thousand Events (deleted entries pile up), a
 * megabyte each time. Each bucket holds its slot's hash beside the slot number,
 * so a probe compares hashes without reading another array (a cache miss per
 * probe, at intake speed, when the slots are far apart). The hash covers the source and the id and is seeded per
 * process, so no emitter can aim a long probe run at another's ids; a match
 * is then checked by comparing the strings, so it is exact.
 */
export class SeenEvents {
  /** Per bucket, two numbers: slot + 1 (0 for empty) and the slot's hash; at least twice as many buckets as slots. */
  private table: Int32Array;
  private mask: number;
  private ids: (string | undefined)[];
  private sources: (string | undefined)[];
  private relays: (string | undefined)[];
  private hashes: Int32Array;
  private values: Float64Array;
  private readonly seed = (Math.random() * 0x7fffffff) | 0;
  private at = 0;
  private count = 0;

  constructor(readonly cap: number) {
    // Room grows with use (fourfold from FIRST_SLOTS, up to cap): a console
    // holding a few hundred Events does not carry the memory of 50,000, and
    // one taking in a replay of 50,000 rebuilds its table three times, not six.
    const slots = Math.min(Math.max(0, cap), FIRST_SLOTS);
    this.table = new Int32Array(bucketsFor(slots) * 2);
    this.mask = this.table.length / 2 - 1;
    this.ids = new Array<string | undefined>(slots).fill(undefined);
    this.sources = new Array<string | undefined>(slots).fill(undefined);
    this.relays = new Array<string | undefined>(slots).fill(undefined);
    this.hashes = new Int32Array(slots);
    this.values = new Float64Array(slots);
  }

  has(relay: string, source: string, id: string, state?: number): boolean {
    return this.find(relay, source, id, this.hash(source, id, state)) >= 0;
  }

  /** The value remembered with the triple (see add), if it is remembered. */
  get(relay: string, source: string, id: string, state?: number): number | undefined {
    const slot = this.find(relay, source, id, this.hash(source, id, state));
    return slot >= 0 ? this.values[slot] : undefined;
  }

  /** Adds the triple (with a value, e.g. a digest); returns false when it was already present (the first value stays). */
  add(relay: string, source: string, id: string, value = 0, state?: number): boolean {
    const hash = this.hash(source, id, state);
    if (this.find(relay, source, id, hash) >= 0) return false;
    if (this.cap <= 0) return true;
    const at = this.at;
    if (at === this.ids.length) this.grow();
    if (this.ids[at] !== undefined) this.free(at);
    this.ids[at] = id;
    this.sources[at] = source;
    this.relays[at] = relay;
    this.hashes[at] = hash;
    this.values[at] = value;
    this.place(at, hash);
    this.count++;
    this.at = at + 1 === this.cap ? 0 : at + 1;
    return true;
  }

  /** Forgets a triple now (a request refused for room, so a later replay can bring it). */
  delete(relay: string, source: string, id: string, state?: number): void {
    const slot = this.find(relay, source, id, this.hash(source, id, state));
    if (slot >= 0) this.free(slot);
  }

  get size(): number {
    return this.count;
  }

  /**
   * The hash's state after `source`: a caller that sees one source again and
   * again (the store keeps it per emitter session) passes it to the methods
   * above as `state`, and only the id is hashed per Event.
   */
  sourceState(source: string): number {
    let h = this.seed ^ 0x811c9dc5;
    for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
    return Math.imul(h ^ 0x1f, 0x01000193);
  }

  /** FNV-1a over the source and the id (with a separator), from the seed. */
  private hash(source: string, id: string, state = this.sourceState(source)): number {
    let h = state;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    // A final mix: the table is indexed by the low bits.
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return h ^ (h >>> 12);
  }

  private find(relay: string, source: string, id: string, hash: number): number {
    const mask = this.mask;
    const table = this.table;
    for (let bucket = hash & mask; ; bucket = (bucket + 1) & mask) {
      const entry = table[bucket * 2];
      if (entry === 0) return -1;
      if (table[bucket * 2 + 1] !== hash) continue;
      const slot = entry - 1;
      if (this.ids[slot] === id && this.sources[slot] === source && this.relays[slot] === relay) return slot;
    }
  }

  /** Puts `slot` (with its hash) in the first empty bucket from its home. */
  private place(slot: number, hash: number): void {
    let bucket = hash & this.mask;
    while (this.table[bucket * 2] !== 0) bucket = (bucket + 1) & this.mask;
    this.table[bucket * 2] = slot + 1;
    this.table[bucket * 2 + 1] = hash;
  }

  /** Four times the slots (at most cap), and the table rebuilt for them. Before the ring first wraps, so slots keep their numbers. */
  private grow(): void {
    const slots = Math.min(this.cap, this.ids.length * 4);
    const grown = <T>(list: T[]) => {
      const next = new Array<T | undefined>(slots).fill(undefined);
      for (let i = 0; i < list.length; i++) next[i] = list[i];
      return next;
    };
    this.ids = grown(this.ids);
    this.sources = grown(this.sources);
    this.relays = grown(this.relays);
    const hashes = new Int32Array(slots);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const values = new Float64Array(slots);
    values.set(this.values);
    this.values = values;
    this.table = new Int32Array(bucketsFor(slots) * 2);
    this.mask = this.table.length / 2 - 1;
    for (let slot = 0; slot < this.at; slot++) if (this.ids[slot] !== undefined) this.place(slot, this.hashes[slot]);
  }

  /** Empties `slot` and takes it out of the table, shifting back the run after it. */
  private free(slot: number): void {
    const mask = this.mask;
    const table = this.table;
    let hole = this.hashes[slot] & mask;
    while (table[hole * 2] !== slot + 1) hole = (hole + 1) & mask;
    for (let next = (hole + 1) & mask; table[next * 2] !== 0; next = (next + 1) & mask) {
      const home = table[next * 2 + 1] & mask;
      // An entry may move back into the hole only if its home bucket is not between the hole and it.
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (between) continue;
      table[hole * 2] = table[next * 2];
      table[hole * 2 + 1] = table[next * 2 + 1];
      hole = next;
    }
    table[hole * 2] = 0;
    this.ids[slot] = undefined;
    this.sources[slot] = undefined;
    this.relays[slot] = undefined;
    this.count--;
  }
}

/** Slots a memory starts with. */
const FIRST_SLOTS = 1024;

/** A power of two at least twice `slots` (a table at most half full keeps probe runs short). */
function bucketsFor(slots: number): number {
  let buckets = 16;
  while (buckets < slots * 2) buckets *= 2;
  return buckets;
}
