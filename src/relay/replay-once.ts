// `aep-console list` over the WebSocket (a relay without SSE, see
// read-history.ts): connect, hello, subscribe from "all", apply every Event
// to the store, and stop once the replay is over.
//
// The WebSocket binding has no end-of-replay marker, so "over" means a quiet
// period (`quietMs`, default 500 ms) with no Event after `subscribed`
// (socket-read.ts, quiet-end.ts). (The demo relay's SSE `/stream` has a
// replay-complete marker, but it is not part of the binding a real relay must
// offer, so `list` does not depend on it.) If Events keep flowing until
// `timeoutMs` after a successful subscribe, what arrived is kept and the
// result is still ok (a busy live stream is never quiet). Failures resolve
// with one line that never contains the token.

import { tokenWords } from './sse-discovery.js';
import { countUndecodable, ingestEvent } from '../store/intake.js';
import type { RelayHelloInfo } from './hello.js';
import { mergeFilter } from './filter.js';
import type { CloseInfo, Frame } from './socket.js';
import { readOverSocket, type SocketReadHooks } from './socket-read.js';
import { displayLine } from '../protocol/sanitize.js';
import type { ConsoleStore } from '../store/store.js';
import type { RelayClientOptions } from './types.js';
import { relayUrls } from '../protocol/relay-url.js';
import { hostname } from 'node:os';

export interface ReplayOnceOptions extends Omit<RelayClientOptions, 'token'> {
  /** Read once: `list` makes one connection. */
  token?: string;
  /** Quiet period after the last Event that ends the replay (default 500 ms). */
  quietMs?: number;
  /** Overall limit (default 10 s). */
  timeoutMs?: number;
}

export type ReplayOnceResult = { ok: true } | { ok: false; reason: string };

const SUBSCRIPTION_ID = 'list-1';

function closeReason(info: CloseInfo, subscribed: boolean, token: string | undefined): string {
  if (info.httpStatus === 401 || info.httpStatus === 403) return tokenWords(info.httpStatus, token);
  if (info.httpStatus !== undefined) return `relay refused the connection (HTTP ${info.httpStatus})`;
  if (!info.opened) return `could not connect: ${info.reason}`;
  return subscribed ? `connection lost during the replay: ${info.reason}` : `connection closed: ${info.reason}`;
}

const fail = (reason: string): ReplayOnceResult => ({ ok: false, reason });

function onHello(
  options: ReplayOnceOptions,
  relay: string,
  info: RelayHelloInfo,
): { filter: Record<string, unknown> } | { end: ReplayOnceResult } {
  const { store } = options;
  if (!info.versionOk) {
    const offered = info.versions.map((v) => displayLine(v, 20)).join(', ') || 'none';
    return { end: fail(`relay speaks AEP ${offered}; the console speaks 0.1`) };
  }
  store.updateRelay(relay, {
    replayAll: info.replayAll,
    roster: info.roster,
    watchOnly: info.watchOnlyReason !== undefined,
    watchOnlyReason: info.watchOnlyReason,
  });
  const merged = mergeFilter(options.filter);
  if (merged.warning) store.warnRelay(relay, merged.warning);
  return { filter: merged.filter };
}

function onError(store: ConsoleStore, relay: string, frame: Frame, id: string): ReplayOnceResult | undefined {
  const code = frame.code === undefined ? 'error' : displayLine(frame.code, 60);
  const detail = frame.detail === undefined || frame.detail === null ? '' : ` (${displayLine(frame.detail, 200)})`;
  if (code === 'version-unsupported') return fail(`relay does not speak AEP 0.1${detail}`);
  if (frame.id !== id) return undefined;
  const replayAll = store.getRelay(relay)?.replayAll;
  return fail(
    code === 'invalid-filter' && !replayAll
      ? 'relay cannot replay history (no replay.all)'
      : `relay refused the subscription: ${code}${detail}`,
  );
}

/** What the read does with the store: every Event in, the relay's status kept up to date. */
function intoStore(options: ReplayOnceOptions, relay: string, timeoutMs: number): SocketReadHooks<ReplayOnceResult> {
  const { store } = options;
  return {
    hello: (info) => onHello(options, relay, info),
    subscribed: () => store.updateRelay(relay, { connection: { kind: 'live' }, replaying: true }),
    event: (text, value) => void ingestEvent(store, relay, text, true, value),
    undecodable: () => countUndecodable(store, relay),
    error: (frame, id) => onError(store, relay, frame, id),
    exhausted: (frame) =>
      store.warnRelay(
        relay,
        `history of session ${displayLine(frame.session ?? '?', 80)} is partly gone from the relay buffer`,
      ),
    quiet: () => ({ ok: true }),
    timedOut: (subscribed) =>
      subscribed ? { ok: true } : fail(`no answer from the relay within ${Math.round(timeoutMs / 1000)} s`),
    closed: (info, subscribed) => fail(closeReason(info, subscribed, options.token)),
    givenUp: () => fail('the read was given up'),
    failed: fail,
    settled: () => store.updateRelay(relay, { replaying: false, connection: { kind: 'closed' } }),
  };
}

export function readReplayOnce(options: ReplayOnceOptions): Promise<ReplayOnceResult> {
  const { store } = options;
  const urls = relayUrls(options.url);
  const relay = urls.relay;
  // Pure state calls: nothing to catch (a throw here is a bug, and must show as one).
  store.addRelay(relay);
  if (!urls.ok) {
    store.updateRelay(relay, { replaying: false, connection: { kind: 'closed' } });
    return Promise.resolve(fail(`invalid relay URL: ${urls.reason}`));
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  store.updateRelay(relay, { connection: { kind: 'connecting' } });
  const target = {
    ...options,
    socketUrl: urls.socketUrl,
    host: options.host ?? hostname(),
    subscriptionId: SUBSCRIPTION_ID,
    timeoutMs,
    quietMs: options.quietMs ?? 500,
    awaitClose: true,
  };
  return readOverSocket(target, intoStore(options, relay, timeoutMs));
}
