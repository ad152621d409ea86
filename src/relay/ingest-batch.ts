// Everything the relays send is applied in batches: the handlers of all
// frames that arrived in one turn of the event loop run inside one
// store.batch(), so the UI renders once per burst rather than once per Event.
// One batch is shared by every relay client of a console.
import type { EventIntake } from '../store/writers.js';
import { contain } from './contain.js';

export class IngestBatch {
  private queue: (() => void)[] = [];
  /** The handlers being run, and the next one's index: a flush from inside a handler (the gate's) carries on in order. */
  private running: (() => void)[] = [];
  private next = 0;
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

  /**
   * Runs everything queued now (tests, the scheduled drain, and the gate at
   * the wire, which folds what has arrived before it answers). Called from
   * inside a handler, it runs the rest in arrival order, never a later
   * handler before an earlier one.
   */
  flush(): void {
    this.scheduled = false;
    for (;;) {
      if (this.next >= this.running.length) {
        if (!this.queue.length) return;
        this.running = this.queue;
        this.queue = [];
        this.next = 0;
      }
      this.store.batch(() => {
        while (this.next < this.running.length) contain(this.running[this.next++]);
      });
    }
  }
}
