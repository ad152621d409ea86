import { parseEvent } from '../src/protocol/parse.js';
import { ConsoleStore } from '../src/store/store.js';
import { pendingRequests } from './requests.js';

export const BENCH_RELAY = 'http://bench.relay';

/** A store holding `count` pending requests, folded in one batch as a start-up replay would be. */
export function storeWithPending(count: number): ConsoleStore {
  const store = new ConsoleStore();
  store.addRelay(BENCH_RELAY);
  store.batch(() => {
    for (const line of pendingRequests(count)) {
      const parsed = parseEvent(line);
      if (parsed.ok) store.applyEvent(BENCH_RELAY, parsed.event, { replayed: true, issues: parsed.issues });
    }
  });
  return store;
}

/**
 * A store holding `count` young pending requests, raised over the last
 * `count` seconds (every age on screen under a minute: each ticks every second).
 */
export function storeWithYoungPending(count: number, now = Date.now()): ConsoleStore {
  const store = new ConsoleStore();
  store.addRelay(BENCH_RELAY);
  store.batch(() => {
    pendingRequests(count).forEach((line, n) => {
      const parsed = parseEvent(line);
      const time = new Date(now - n * 1000 - 500).toISOString();
      if (parsed.ok)
        store.applyEvent(BENCH_RELAY, { ...parsed.event, time }, { replayed: true, issues: parsed.issues });
    });
  });
  return store;
}
