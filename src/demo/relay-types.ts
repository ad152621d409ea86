// The demo relay's public shapes: how it is started, what it hands back,
// and its fault-injection surface (which can restart it, hence one file:
// relay-faults.ts and relay.ts both depend on this one, never on each other).

import type { AepEvent } from '../protocol/types.js';

export interface DemoRelayOptions {
  /** 0 (default) picks a random free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Bearer token. Undefined = watch-only relay: everyone may watch, every command is refused. */
  token?: string;
  /** Replay buffer bound per session (default 1000). */
  bufferPerSession?: number;
  /** Relay ping period (default 25000 ms). A connection silent for 3 periods is dropped. */
  pingIntervalMs?: number;
  /** Advertise `replay.all` (default true). Without it consumers resume from their own positions. */
  replayAll?: boolean;
  /** Keep and answer a roster (default true). Without it the hello offers none and a roster request is refused (relays without one). */
  roster?: boolean;
  /** Serve SSE at `/stream` (default true). Without it the discovery document names no stream (tests of the WebSocket fallback). */
  sse?: boolean;
}

export interface DemoRelay {
  /** `http://127.0.0.1:PORT`: the base URL; the socket is `ws://…/socket`. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Injects an event as if an emitter had sent it (no session claim). Throws on an invalid envelope. */
  publish(event: AepEvent): void;
  /** Open WebSocket connections. */
  connections(): number;
  /** Fault injection for tests (relay-faults.ts); the demo never uses it. */
  faults: RelayFaults;
}

/**
 * What a faulty relay does with a one-off read (`GET /stream` with `live=0`):
 * hang after the headers, refuse with an HTTP status, answer only once
 * `until` settles (a slow relay the test releases), or serve Events the
 * filter did not ask for (`first` before the replay, `after` it) and replay
 * with another filter than the one asked (a relay that ignores part of it).
 */
export type ReadFault =
  | { stall: true }
  | { status: number }
  | { until: Promise<void> }
  | { first?: AepEvent[]; filter?: Record<string, unknown>; after?: AepEvent[] };

export interface RelayFaults {
  /** Abrupt death: every socket destroyed without a closing frame or close handshake, the port released. */
  kill(): Promise<void>;
  /** kill(), then a new relay on the same port with the same options and an empty buffer. */
  restart(): Promise<DemoRelay>;
  /** Later subscriptions replay (or deliver) at most `n` events, then their connection hangs silently; undefined lifts it. */
  stallReplayAfter(n: number | undefined): void;
  /** Every open consumer connection goes half-open: nothing more is written to it, nothing is closed. */
  silence(): void;
  /** Every open consumer connection stops receiving events (they stay buffered for replay). */
  congest(): void;
  /** Every open consumer connection gets `closing` {reason} and is closed with `code` (1013: try again later). */
  closing(reason: string, code?: number): void;
  /** Later upgrades need `token`; consumers that came in with the old one are closed (emitters are kept). */
  rotateToken(token: string): void;
  /** Later one-off reads go through `fault` (given the filter asked for; undefined: served as asked); undefined lifts it. */
  faultReads(fault: ((filter: Record<string, unknown>) => ReadFault | undefined) | undefined): void;
  /**
   * Later Events for which `refuse` gives a reason are refused (`invalid-event`, as the reference relay refuses a
   * seq-less attention.routed); undefined lifts it.
   */
  refuseEvents(refuse: ((event: AepEvent) => string | undefined) | undefined): void;
  /** Events consumer connections sent so far, oldest first (tests check what a console put on the wire). */
  fromConsumers(): AepEvent[];
  /** Subscribe frames received so far, oldest first. */
  subscribes(): Record<string, unknown>[];
  /** The events the relay's buffer holds, in arrival order. */
  buffered(): AepEvent[];
}
