/**
 * A set that forgets its oldest members past `cap`. Dedupe needs memory of
 * recent ids only: at-least-once redelivery happens within a replay window,
 * and an unbounded set would grow for as long as the console runs.
 */
export class BoundedSet {
  private readonly items = new Set<string>();

  constructor(readonly cap: number) {}

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Adds `key`; returns false when it was already present. */
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    this.items.add(key);
    if (this.items.size > this.cap) {
      const oldest = this.items.values().next().value;
      if (oldest !== undefined) this.items.delete(oldest);
    }
    return true;
  }

  get size(): number {
    return this.items.size;
  }
}
