// The joined-key dedupe set the store used before SeenEvents: kept as the model SeenEvents is tested against.
/**
 * A set that forgets its oldest members past `cap`. Dedupe needs memory of
 * recent ids only: at-least-once redelivery happens within a replay window,
 * and an unbounded set would grow for as long as the console runs.
 *
 * The order lives in a ring of `cap` slots, so forgetting is O(1): taking
 * the first of a JS Set after many deletions walks over every deleted slot.
 */
export class BoundedSet {
  private readonly items = new Set<string>();
  private readonly ring: (string | undefined)[] = [];
  private next = 0;

  constructor(readonly cap: number) {}

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Adds `key`; returns false when it was already present. */
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    if (this.cap <= 0) return true;
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.items.delete(oldest);
    this.ring[this.next] = key;
    this.next = (this.next + 1) % this.cap;
    this.items.add(key);
    return true;
  }

  /** Forgets `key` (its ring slot is reused in turn; deleting a missing key there is harmless). */
  delete(key: string): void {
    this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}
