// The one-off relay reads (cause, timeline) App performs, bounded: at most
// MAX_READS_IN_FLIGHT at once (the rest wait in order), and a read nobody
// waits for any more (the operator scrolled past its request, the timeline
// closed) is given up, queued or running. Scrolling 2,200 requests that
// name a cause once opened a connection per row until the process ran out
// of descriptors and answers failed with EMFILE.

import type { FetchResult } from '../relay/fetch-events.js';

/** Reads at once, across relays: each holds one connection at a time. */
export const MAX_READS_IN_FLIGHT = 4;
/** Waiting reads kept; past this the oldest is dropped (it is read again if still wanted). */
const MAX_QUEUED = 64;

type Read = (signal: AbortSignal) => Promise<FetchResult>;

interface Waiting {
  id: string;
  read: Read;
  done: (result: FetchResult) => void;
}

export class ReadPool {
  private readonly running = new Map<string, AbortController>();
  private queue: Waiting[] = [];
  /** Most reads in flight at once so far (the hostile-input tests read it). */
  peak = 0;

  constructor(private readonly maxInFlight = MAX_READS_IN_FLIGHT) {}

  get inFlight(): number {
    return this.running.size;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Starts (or queues) read `id`; a read of the same id already under way is given up for it. */
  run(id: string, read: Read, done: (result: FetchResult) => void): void {
    this.cancel(id);
    this.queue.push({ id, read, done });
    while (this.queue.length > MAX_QUEUED) this.queue.shift();
    this.pump();
  }

  /** Gives up every read, queued or running, that `wanted` no longer wants. */
  keepOnly(wanted: (id: string) => boolean): void {
    if (this.queue.length) this.queue = this.queue.filter((w) => wanted(w.id));
    for (const id of [...this.running.keys()]) if (!wanted(id)) this.cancel(id);
    this.pump();
  }

  /** Gives up everything (App unmounts). */
  close(): void {
    this.queue = [];
    for (const id of [...this.running.keys()]) this.cancel(id);
  }

  private cancel(id: string): void {
    this.queue = this.queue.filter((w) => w.id !== id);
    const controller = this.running.get(id);
    if (!controller) return;
    this.running.delete(id);
    controller.abort();
  }

  private pump(): void {
    while (this.running.size < this.maxInFlight && this.queue.length) {
      const next = this.queue.shift() as Waiting;
      const controller = new AbortController();
      this.running.set(next.id, controller);
      this.peak = Math.max(this.peak, this.running.size);
      const settle = (result: FetchResult) => {
        // Given up: nobody waits for the answer, and its slot was freed already.
        if (this.running.get(next.id) !== controller) return;
        this.running.delete(next.id);
        next.done(result);
        this.pump();
      };
      let reading: Promise<FetchResult>;
      try {
        reading = next.read(controller.signal);
      } catch (error) {
        reading = Promise.reject(error);
      }
      reading.then(settle, (error: unknown) =>
        settle({
          ok: false,
          reason: `the read failed: ${error instanceof Error ? error.message.slice(0, 120) : 'unknown error'}`,
        }),
      );
    }
  }
}
