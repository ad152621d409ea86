import { parseEvent } from '../src/protocol/parse.js';
import { ConsoleStore } from '../src/store/store.js';
import { pendingRequest } from './requests.js';

export const BENCH_RELAY = 'http://bench.relay';

/**
 * A store holding `count` pending requests, folded in one batch as a start-up
 * replay would be. Each Event's text is made as it is read, as frames come
 * off a socket one by one: the bench's 10,000 lines held at once were half of
 * everything allocated while the store was built (and promoted, as anything
 * held across a batch is), which the peak RSS then counted as the console's.
 */
export function storeWithPending(count: number): ConsoleStore {
  const store = new ConsoleStore();
  store.addRelay(BENCH_RELAY);
  store.batch(() => {
    for (let n = 0; n < count; n++) {
      const parsed = parseEvent(pendingRequest(n));
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
    for (let n = 0; n < count; n++) {
      const parsed = parseEvent(pendingRequest(n));
      const time = new Date(now - n * 1000 - 500).toISOString();
      if (parsed.ok)
        store.applyEvent(BENCH_RELAY, { ...parsed.event, time }, { replayed: true, issues: parsed.issues });
    }
  });
  return store;
}
