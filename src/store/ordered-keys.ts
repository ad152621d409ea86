/**
 * Keys in the order they were last added, oldest first, with O(1) add,
 * delete and removal of the oldest. (A JS Set gives the order, but taking
 * its first member after many deletions walks over every deleted slot.)
 */
export class OrderedKeys {
  /** Each key's latest stamp; queue entries with an older stamp are stale. */
  private readonly stamps = new Map<string, number>();
  private queue: { key: string; stamp: number }[] = [];
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
    this.queue.push({ key, stamp });
    if (this.queue.length - this.head > 2 * this.stamps.size + 1024) this.compact();
  }

  delete(key: string): boolean {
    return this.stamps.delete(key);
  }

  /** Removes and returns the oldest key. */
  shift(): string | undefined {
    while (this.head < this.queue.length) {
      const { key, stamp } = this.queue[this.head++];
      if (this.stamps.get(key) !== stamp) continue;
      this.stamps.delete(key);
      if (this.head > 1024 && this.head * 2 > this.queue.length) this.compact();
      return key;
    }
    return undefined;
  }

  /** Drops stale entries and the consumed head. */
  private compact(): void {
    this.queue = this.queue.slice(this.head).filter(({ key, stamp }) => this.stamps.get(key) === stamp);
    this.head = 0;
  }
}
