// In-process stand-ins for a terminal, so Ink renders exactly as it would to
// a real one (not in debug mode): a sized TTY that records what is written
// and when. Keys go in through the tests' stdin stand-in.
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';

export class BenchTerminal extends EventEmitter {
  readonly isTTY = true;
  bytes = 0;
  writes = 0;
  lastWriteAt = 0;
  private waiters: (() => void)[] = [];

  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }

  write = (chunk: string | Uint8Array): boolean => {
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    this.writes++;
    this.lastWriteAt = performance.now();
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
    return true;
  };

  /** Resolves at the next write; fails after `ms` without one (a bench must not hang). */
  nextWrite(ms = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no write to the terminal within ${ms} ms`)), ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** Resolves once the event loop has nothing ready to run (timers excluded). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
