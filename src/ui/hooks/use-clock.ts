import { useEffect, useState } from 'react';

/**
 * Wall-clock time, read at every render. With `tickMs` > 0 the component is
 * also re-rendered after `tickMs` without any other render, so ages and
 * countdowns move while nothing else happens (0 = never: tests pass a fixed
 * clock). Any other render (a key, a batch of Events) reads the clock too and
 * pushes the tick back, so no tick lands just before a key while the
 * operator types: Ink's frame cap would make that key wait for its frame.
 */
export function useClock(now: () => number, tickMs: number): number {
  const [, setTicks] = useState(0);
  const time = now();
  useEffect(() => {
    if (tickMs <= 0) return;
    const timer = setTimeout(() => setTicks((ticks) => ticks + 1), tickMs);
    return () => clearTimeout(timer);
  });
  return time;
}
