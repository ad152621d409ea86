// V8 aborts on heap exhaustion ("JavaScript heap out of memory", exit 134)
// without running any JavaScript: no handler can write the crash report then.
// The byte budget (store/byte-budget.ts) should keep the console far from the
// limit; if something else grows anyway, this notices the heap nearly full
// while JavaScript still runs and crashes the orderly way (terminal restored,
// report written) instead of dying mid-frame.

import { createRequire } from 'node:module';

// node:v8 costs a few milliseconds to load: it is loaded at the first check,
// a second after the start, not before the first frame (nor is the require
// that loads it made before: it reads the module's url).
let require: NodeJS.Require | undefined;
const heapStatistics = (): HeapFigures =>
  ((require ??= createRequire(import.meta.url))('node:v8') as typeof import('node:v8')).getHeapStatistics();

/** Fraction of the heap limit at which the console stops itself. */
export const NEAR_LIMIT = 0.92;
const CHECK_EVERY_MS = 1000;

export interface HeapFigures {
  used_heap_size: number;
  heap_size_limit: number;
}

/** Checks once a second (unref'd); calls `crash` once when the heap is nearly full. Returns the stop function. */
export function watchHeap(
  crash: (error: Error) => void,
  stats: () => HeapFigures = heapStatistics,
  everyMs = CHECK_EVERY_MS,
): () => void {
  let fired = false;
  const check = () => {
    if (fired) return;
    const { used_heap_size: used, heap_size_limit: limit } = stats();
    if (!(limit > 0) || used / limit < NEAR_LIMIT) return;
    fired = true;
    crash(
      new Error(
        `memory nearly exhausted: ${Math.round(used / 1048576)} of ${Math.round(limit / 1048576)} MB of heap in use`,
      ),
    );
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
