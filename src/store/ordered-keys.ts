import { StampQueue } from './stamp-queue.js';

/**
 * Keys in the order they were last added, oldest first, with O(1) add,
 * delete and removal of the oldest. (A JS Set gives the order, but taking
 * its first member after many deletions walks over every deleted slot.)
 * Keys may be objects: a map compares those by reference, without reading a
 * string to tell two keys apart.
 */
export class OrderedKeys<K = string> {
  /** Each key's latest stamp; a queued (key, stamp) with an older one is stale. */
  private readonly stamps = new Map<K, number>();
  private readonly queue = new StampQueue<K>((key, stamp) => this.stamps.get(key) === stamp);
  private clock = 0;

  get size(): number {
    return this.stamps.size;
  }

  has(key: K): boolean {
    return this.stamps.has(key);
  }

  /** Adds `key`, or moves it to the newest end. */
  add(key: K): void {
    const stamp = ++this.clock;
    this.stamps.set(key, stamp);
    this.queue.push(key, stamp);
  }

  delete(key: K): boolean {
    return this.stamps.delete(key);
  }

  /** Removes and returns the oldest key. */
  shift(): K | undefined {
    const key = this.queue.shift();
    if (key !== undefined) this.stamps.delete(key);
    return key;
  }
}
