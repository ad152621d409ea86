// `aep-console watch`: the relays as a stream of lines. It starts with one
// line per request already open (after each relay's first replay), then one
// per thing that happens: a new request, an answer, an outcome, a timeout,
// a request whose session ended, and the relay's connection coming and
// going. No cursor movement: for dumb terminals, logs and scripts. It runs
// until a stop signal (the crash guard says which and exits 128+N).
//
// Memory stays bounded over hours: the store caps what it holds, and the
// only thing kept here is the last state told per request the store still
// holds (a pruned request is forgotten), itself capped.
import { inboxOrder } from '../store/selectors.js';
import { ConsoleStore, type StoreChange } from '../store/store.js';
import type { RequestState } from '../store/types.js';
import type { ConsoleOptions } from './args.js';
import { openRelays } from './relay-session.js';
import { connectionKey, relayLine, requestLine } from './watch-lines.js';
import { LAST_CALL_MS } from '../ui/last-call.js';

/** How often watch looks for requests entering their last call. */
const LAST_CALL_CHECK_MS = 1000;

export interface WatchIO {
  out: (line: string) => void;
  now?: () => number;
}

/** Requests whose last told state is remembered; the oldest is forgotten first. */
const MAX_TOLD = 20_000;

/** Tells what changes in the store as lines (exported for the memory test). */
export class Teller {
  private readonly told = new Map<string, RequestState>();
  private readonly connections = new Map<string, string>();
  /** Requests whose last call has been told (forgotten once they close). */
  private readonly expiring = new Set<string>();
  private readonly showRelay: boolean;

  constructor(
    private readonly store: ConsoleStore,
    private readonly replayed: ReadonlySet<string>,
    private readonly options: ConsoleOptions,
    private readonly io: WatchIO,
  ) {
    this.showRelay = options.relays.length > 1;
  }

  /** Requests whose last told state is remembered. */
  remembered(): number {
    return this.told.size;
  }

  private now(): number {
    return (this.io.now ?? Date.now)();
  }

  private remember(key: string, state: RequestState): void {
    this.told.delete(key);
    this.told.set(key, state);
    if (this.told.size > MAX_TOLD) this.told.delete(this.told.keys().next().value!);
  }

  /** A relay's first replay ended: what it holds is known; the open requests are told. */
  firstReplay(relay: string): void {
    const records = inboxOrder(this.store.allRequests().filter((r) => r.relay === relay));
    for (const record of records) {
      if (this.told.get(record.key) === record.state) continue;
      this.remember(record.key, record.state);
      if (record.state === 'pending' || record.state === 'informational')
        this.io.out(requestLine(record, this.options.json, this.showRelay, this.now()));
    }
  }

  onChange(change: StoreChange): void {
    if (change.relays) this.relays();
    for (const key of change.requests) {
      const record = this.store.request(key);
      if (!record) {
        this.told.delete(key);
        continue;
      }
      // Before its first replay has ended a relay's requests are history still arriving: told at its end.
      const before = this.told.get(key);
      if (!this.replayed.has(record.relay) || before === record.state) continue;
      this.remember(key, record.state);
      // Answered and resolved in one burst: the answer is still one line of its own, before the outcome.
      const skipped =
        record.answered &&
        record.state !== 'answered' &&
        before !== 'answered' &&
        before !== undefined &&
        before !== 'resolved';
      if (skipped) this.io.out(requestLine(record, this.options.json, this.showRelay, this.now(), 'answered'));
      this.io.out(requestLine(record, this.options.json, this.showRelay, this.now()));
    }
  }

  /** Each pending request once, when LAST_CALL_MS or less are left before it expires (the console's last call). */
  lastCalls(): void {
    const now = this.now();
    for (const key of this.expiring) if (this.store.request(key)?.state !== 'pending') this.expiring.delete(key);
    for (const record of this.store.allRequests()) {
      if (
        record.state !== 'pending' ||
        !record.payload.expiresAt ||
        this.expiring.has(record.key) ||
        !this.replayed.has(record.relay)
      )
        continue;
      const left = Date.parse(record.payload.expiresAt) - now;
      if (!(left > 0 && left <= LAST_CALL_MS)) continue;
      this.expiring.add(record.key);
      this.io.out(requestLine(record, this.options.json, this.showRelay, now, 'expiring'));
    }
  }

  private relays(): void {
    for (const status of this.store.relays()) {
      const key = connectionKey(status);
      if (!key || this.connections.get(status.relay) === key) continue;
      this.connections.set(status.relay, key);
      this.io.out(relayLine(status, this.options.json, this.now()));
    }
  }
}

/** Runs until the process is stopped; the promise never settles on its own. */
export function runWatch(
  options: ConsoleOptions,
  io: WatchIO,
  remember: (secret: string | undefined) => void,
): Promise<number> {
  const store = new ConsoleStore();
  const replayed = new Set<string>();
  const teller = new Teller(store, replayed, options, io);
  store.subscribe((change) => teller.onChange(change));
  // The last calls are the clock's: looked for once a second (the process runs until stopped).
  setInterval(() => teller.lastCalls(), LAST_CALL_CHECK_MS);
  openRelays(options, remember, {
    store,
    onReplayEnded: (relay) => {
      if (replayed.has(relay)) return;
      replayed.add(relay);
      teller.firstReplay(relay);
    },
  });
  return new Promise<number>(() => undefined);
}
