import { useEffect, useState } from 'react';

/** Wall-clock time, re-read every `tickMs` (0 = never: tests pass a fixed clock). */
export function useClock(now: () => number, tickMs: number): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    if (tickMs <= 0) return;
    const timer = setInterval(() => setTime(now()), tickMs);
    return () => clearInterval(timer);
  }, [now, tickMs]);
  return tickMs <= 0 ? now() : time;
}
