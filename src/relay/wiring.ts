// The one wiring of a console's relays, used by the library's connect() and
// by the command line's interactive console: one store, one relay client per
// relay, one ingest batch shared by them all, every client started (at once,
// or with `startLater` when the caller says: the console's first frame first); `stop()`
// undoes it. What only the command line has (a token file re-read before each
// reconnect, the durable outbox in the state directory, the decision history)
// comes in through the options, never by building the clients a second way.
import { IngestBatch } from './ingest-batch.js';
import { RelayClient } from './client.js';
import type { RelayClientOptions } from './types.js';
import { ConsoleStore } from '../store/store.js';

export interface WiringOptions extends Omit<RelayClientOptions, 'url' | 'store' | 'ingest' | 'random' | 'timing'> {
  /** Relay base URLs, one client each, in this order. */
  relays: readonly string[];
  /** A store to fill (default: a new one). */
  store?: ConsoleStore;
  /** Leave the clients to `start()` (the console's first frame comes first); by default each is started here. */
  startLater?: boolean;
}

export interface Wiring {
  store: ConsoleStore;
  /** One client per relay, in the order given: started, unless `startLater`. */
  clients: RelayClient[];
  /** Starts every client not started yet (with `startLater`); a second call does nothing. */
  start(): void;
  /** Closes every relay connection; resolves when they are closed. Never rejects; a second call returns the first one's promise. */
  stop(): Promise<void>;
}

export function wireRelays(options: WiringOptions): Wiring {
  const { relays, store: given, startLater, ...shared } = options;
  const store = given ?? new ConsoleStore();
  // One batch for every client: a burst from several relays is still one render.
  const ingest = new IngestBatch(store);
  const clients = relays.map((url) => new RelayClient({ ...shared, url, store, ingest }));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const client of clients) client.start();
  };
  if (!startLater) start();
  let stopping: Promise<void> | undefined;
  return {
    store,
    clients,
    start,
    stop: () => (stopping ??= Promise.allSettled(clients.map((client) => client.stop())).then(() => undefined)),
  };
}
