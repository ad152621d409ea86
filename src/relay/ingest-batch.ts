// Everything the relays send is applied in batches: the frames that arrive
// in one turn of the event loop are applied as they come, but inside one
// held notification (store.hold()) released at the end of the turn, so the
// UI renders once per burst rather than once per Event. Applied at once, an
// Event's parsed form is garbage before the next one is read: held in a
// queue to the end of the turn (thousands in a replay's burst), they all
// outlived the young generation and were copied to the old one.
// One batch is shared by every relay client of a console.
import type { EventIntake } from '../store/writers.js';
import { contain } from './contain.js';

export class IngestBatch {
  private queue: (() => void)[] = [];
  private running = false;
  private release: (() => void) | undefined;

  constructor(
    private readonly store: EventIntake,
    /** When the held notification is released; the next turn of the event loop by default. */
    private readonly defer: (drain: () => void) => void = (drain) => void setImmediate(drain),
  ) {}

  /** Applies a handler now (after any still running: handlers run in the order they were added). */
  add(handler: () => void): void {
    if (!this.release) {
      this.release = this.store.hold();
      this.defer(() => this.flush());
    }
    this.queue.push(handler);
    if (this.running) return;
    this.running = true;
    try {
      for (let i = 0; i < this.queue.length; i++) contain(this.queue[i]!);
    } finally {
      this.queue = [];
      this.running = false;
    }
  }

  /** Ends the burst: subscribers hear once, if anything changed (tests, and the scheduled drain). */
  flush(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}
