// Everything the relays send is applied in batches: the handlers of all
// frames that arrived in one turn of the event loop run inside one
// store.batch(), so the UI renders once per burst rather than once per Event.
// One batch is shared by every relay client of a console.
import type { EventIntake } from '../store/writers.js';
import { contain } from './contain.js';

export class IngestBatch {
  private queue: (() => void)[] = [];
  private scheduled = false;

  constructor(
    private readonly store: EventIntake,
    /** When the queue is drained; the next turn of the event loop by default. */
    private readonly defer: (drain: () => void) => void = (drain) => void setImmediate(drain),
  ) {}

  /** Queues a handler; handlers run in the order they were added. */
  add(handler: () => void): void {
    this.queue.push(handler);
    if (this.scheduled) return;
    this.scheduled = true;
    this.defer(() => this.flush());
  }

  /** Runs everything queued now (tests, and the scheduled drain). */
  flush(): void {
    this.scheduled = false;
    while (this.queue.length) {
      const handlers = this.queue;
      this.queue = [];
      this.store.batch(() => {
        for (const handler of handlers) contain(handler);
      });
    }
  }
}
