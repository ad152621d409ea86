/**
 * Keys in the order they were last added, oldest first, with O(1) add,
 * delete and removal of the oldest. (A JS Set gives the order, but taking
 * its first member after many deletions walks over every deleted slot.)
 */
export class OrderedKeys {
  /** Each key's latest stamp; queue entries with an older stamp are stale. */
  private readonly stamps = new Map<string, number>();
  /** The queue as two parallel arrays (no object per add). */
  private keys: string[] = [];
  private queueStamps: number[] = [];
  private head = 0;
  private clock = 0;

  get size(): number {
    return this.stamps.size;
  }

  has(key: string): boolean {
    return this.stamps.has(key);
  }

  /** Adds `key`, or moves it to the newest end. */
  add(key: string): void {
    const stamp = ++this.clock;
    this.stamps.set(key, stamp);
    this.keys.push(key);
    this.queueStamps.push(stamp);
    if (this.keys.length - this.head > 2 * this.stamps.size + 1024) this.compact();
  }

  delete(key: string): boolean {
    return this.stamps.delete(key);
  }

  /** Removes and returns the oldest key. */
  shift(): string | undefined {
    while (this.head < this.keys.length) {
      const key = this.keys[this.head];
      const stamp = this.queueStamps[this.head++];
      if (this.stamps.get(key) !== stamp) continue;
      this.stamps.delete(key);
      if (this.head > 1024 && this.head * 2 > this.keys.length) this.compact();
      return key;
    }
    return undefined;
  }

  /** Drops stale entries and the consumed head. */
  private compact(): void {
    const keys: string[] = [];
    const stamps: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      if (this.stamps.get(this.keys[i]) !== this.queueStamps[i]) continue;
      keys.push(this.keys[i]);
      stamps.push(this.queueStamps[i]);
    }
    this.keys = keys;
    this.queueStamps = stamps;
    this.head = 0;
  }
}
