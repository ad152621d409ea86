/**
 * A queue of (item, stamp) pairs for least-recently-used orders: an item is
 * queued again each time it is used, with a new stamp, and a queued pair
 * whose stamp is no longer the item's is stale (skipped when it comes up).
 * Runs once per Event (resume positions) or per closed request, so it is a
 * ring over a typed array of stamps: no allocation per use. When the ring is
 * full, stale pairs are squeezed out in place; it grows (doubling) only when
 * more than half of it is still live.
 */
export class StampQueue<T> {
  private items: (T | undefined)[];
  private stamps: Float64Array;
  private mask: number;
  /** Ever-increasing positions; an index is a position & mask. */
  private head = 0;
  private tail = 0;

  constructor(
    /** Whether `stamp` is still the item's latest: supplied once, not per call. */
    private readonly isLive: (item: T, stamp: number) => boolean,
    capacity = 1024,
  ) {
    let size = 16;
    while (size < capacity) size *= 2;
    this.items = new Array<T | undefined>(size).fill(undefined);
    this.stamps = new Float64Array(size);
    this.mask = size - 1;
  }

  /** Pairs queued, stale ones included. */
  get length(): number {
    return this.tail - this.head;
  }

  push(item: T, stamp: number): void {
    if (this.tail - this.head > this.mask) this.makeRoom();
    const at = this.tail & this.mask;
    this.items[at] = item;
    this.stamps[at] = stamp;
    this.tail++;
  }

  /** The oldest live item, removed (stale pairs before it are dropped); undefined when none is left. */
  shift(): T | undefined {
    while (this.head < this.tail) {
      const at = this.head & this.mask;
      const item = this.items[at] as T;
      const stamp = this.stamps[at];
      this.items[at] = undefined;
      this.head++;
      if (this.isLive(item, stamp)) return item;
    }
    return undefined;
  }

  private makeRoom(): void {
    const mask = this.mask;
    let write = this.head;
    for (let read = this.head; read < this.tail; read++) {
      const at = read & mask;
      const item = this.items[at] as T;
      const stamp = this.stamps[at];
      this.items[at] = undefined;
      if (!this.isLive(item, stamp)) continue;
      const to = write & mask;
      this.items[to] = item;
      this.stamps[to] = stamp;
      write++;
    }
    this.tail = write;
    if (this.tail - this.head > (mask + 1) / 2) this.grow();
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    const items = new Array<T | undefined>(size).fill(undefined);
    const stamps = new Float64Array(size);
    for (let read = this.head, to = 0; read < this.tail; read++, to++) {
      items[to] = this.items[read & this.mask];
      stamps[to] = this.stamps[read & this.mask];
    }
    this.tail -= this.head;
    this.head = 0;
    this.items = items;
    this.stamps = stamps;
    this.mask = size - 1;
  }
}
