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
