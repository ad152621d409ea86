import { StampQueue } from './stamp-queue.js';

/** What the order keeps on each item it holds: its latest stamp (0 while not in the order). */
export interface TerminalStamped {
  terminalStamp: number;
}

/**
 * Items in the order they were last added, oldest first, with O(1) add and
 * removal of the oldest: the request table's terminal requests (their
 * slots), pruned oldest first. Each item carries its own stamp, so the order
 * keeps no map beside its queue: adding a closed request is one write and
 * one push, where a map of stamps cost a hash insertion per close and a
 * lookup and a deletion per eviction, at intake speed (30,000 closes in a
 * 100,000-Event replay). (A JS Set gives the order too, but taking its
 * first member after many deletions walks over every deleted slot.)
 */
export class TerminalOrder<T extends TerminalStamped> {
  private readonly queue = new StampQueue<T>((item, stamp) => item.terminalStamp === stamp);
  private clock = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `item`, or moves it to the newest end. */
  add(item: T): void {
    if (item.terminalStamp === 0) this.count++;
    item.terminalStamp = ++this.clock;
    this.queue.push(item, item.terminalStamp);
  }

  /** Removes and returns the oldest item. */
  shift(): T | undefined {
    const item = this.queue.shift();
    if (item !== undefined) {
      item.terminalStamp = 0;
      this.count--;
    }
    return item;
  }
}
