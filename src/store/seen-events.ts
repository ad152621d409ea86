/**
 * The dedupe memory: which (relay, source, id) triples were seen (each with
 * a number, e.g. the digest of its first Event), forgetting
 * the oldest past `cap` (at-least-once redelivery happens within a replay
 * window; an unbounded memory would grow for as long as the console runs).
 *
 * Kept as relay → source → ids rather than one set of joined strings: a
 * joined key is a fresh string per Event (built, flattened, hashed and kept),
 * while these levels hash strings the Event already holds. The order lives
 * in a ring of `cap` slots, so forgetting is O(1). The maps hold each id's
 * slot (a small integer) and the values sit in a typed array by slot: a
 * 32-bit digest held in a Map would be a heap number per Event.
 */
export class SeenEvents {
  private readonly relays = new Map<string, Map<string, Map<string, number>>>();
  private readonly ringIds: (string | undefined)[] = [];
  private readonly ringSets: (Map<string, number> | undefined)[] = [];
  private readonly ringSources: string[] = [];
  private readonly ringRelays: (Map<string, Map<string, number>> | undefined)[] = [];
  private readonly values: Float64Array;
  private next = 0;
  private count = 0;

  constructor(readonly cap: number) {
    this.values = new Float64Array(Math.max(0, cap));
  }

  has(relay: string, source: string, id: string): boolean {
    return this.relays.get(relay)?.get(source)?.has(id) ?? false;
  }

  /** The value remembered with the triple (see add), if it is remembered. */
  get(relay: string, source: string, id: string): number | undefined {
    const slot = this.relays.get(relay)?.get(source)?.get(id);
    return slot === undefined ? undefined : this.values[slot];
  }

  /** Adds the triple (with a value, e.g. a digest); returns false when it was already present (the first value stays). */
  add(relay: string, source: string, id: string, value = 0): boolean {
    let sources = this.relays.get(relay);
    if (!sources) {
      sources = new Map();
      this.relays.set(relay, sources);
    }
    let ids = sources.get(source);
    if (ids?.has(id)) return false;
    if (this.cap <= 0) return true;
    const at = this.next;
    const oldest = this.ringIds[at];
    if (oldest !== undefined) this.forget(at, oldest);
    // Looked up again: forgetting may just have emptied and removed this source's set.
    if (!ids || sources.get(source) !== ids) {
      ids = sources.get(source);
      if (!ids) {
        ids = new Map();
        sources.set(source, ids);
      }
    }
    ids.set(id, at);
    this.values[at] = value;
    this.count++;
    this.ringIds[at] = id;
    this.ringSets[at] = ids;
    this.ringSources[at] = source;
    this.ringRelays[at] = sources;
    this.next = (at + 1) % this.cap;
    return true;
  }

  /**
   * Forgets a triple now (a request refused for room, so a later replay can
   * bring it). Its ring slot stays until overwritten; forgetting it then finds
   * nothing to remove.
   */
  delete(relay: string, source: string, id: string): void {
    if (this.relays.get(relay)?.get(source)?.delete(id)) this.count--;
  }

  private forget(at: number, id: string): void {
    const ids = this.ringSets[at]!;
    // Only if the id still lives in this slot (it may have been deleted and added again since).
    if (ids.get(id) === at && ids.delete(id)) this.count--;
    if (ids.size === 0) {
      const sources = this.ringRelays[at]!;
      const source = this.ringSources[at];
      if (sources.get(source) === ids) sources.delete(source);
    }
  }

  get size(): number {
    return this.count;
  }
}
