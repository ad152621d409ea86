// The wiring the command line does for the interactive console, offered to
// embedders and tests: one store, one relay client per relay, one shared
// ingest batch, all started (connect() starts them at once); `stop()` undoes it. Both go through the same
// wireRelays (relay/wiring.ts); the CLI adds token files, the outbox and the
// decision history on top through its options.
import type { RelayClient } from './relay/index.js';
import { wireRelays } from './relay/wiring.js';
import type { Capture } from './protocol/index.js';
import type { ConsoleStore } from './store/index.js';

export interface ConnectOptions {
  /** Relay base URL(s): `http`, `https`, `ws` or `wss`. */
  relays: string | readonly string[];
  /** Bearer token, or a function asked before every (re)connect. */
  token?: string | (() => string | undefined);
  /** Sender name in the commands the console sends (default `aep-console`). */
  name?: string;
  /** Host named in the console's identity and commands (default: this host's name). */
  host?: string;
  /** Extra attr-match filter, ANDed with the console's own type filter. */
  filter?: Record<string, unknown>;
  /** Subscription capture ceiling. */
  capture?: Capture;
  /** Extra CA certificates (PEM) trusted for `https`/`wss`. */
  ca?: readonly string[];
  /** A store to fill (default: a new one). */
  store?: ConsoleStore;
}

export interface ConsoleConnection {
  store: ConsoleStore;
  /** One started client per relay, in the order given; pass them to `<App clients>`. */
  clients: RelayClient[];
  /** Closes every relay connection; resolves when they are closed. Never rejects. */
  stop(): Promise<void>;
}

export function connect(options: ConnectOptions): ConsoleConnection {
  const relays = typeof options.relays === 'string' ? [options.relays] : [...options.relays];
  const { store, clients, stop } = wireRelays({
    relays,
    token: options.token,
    name: options.name ?? 'aep-console',
    host: options.host,
    filter: options.filter,
    capture: options.capture,
    ca: options.ca,
    store: options.store,
  });
  return { store, clients, stop };
}
