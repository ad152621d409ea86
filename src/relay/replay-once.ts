// `aep-console list`: connect, hello, subscribe from "all", apply every Event
// to the store, and stop once the replay is over.
//
// The WebSocket binding has no end-of-replay marker, so "over" means a quiet
// period (`quietMs`, default 500 ms) with no Event after `subscribed`. (The
// demo relay's SSE `/stream` has a replay-complete marker, but it is not part
// of the binding a real relay must offer, so `list` does not depend on it.)
// If Events keep flowing until `timeoutMs` after a successful subscribe, what
// arrived is kept and the result is still ok (a busy live stream is never
// quiet). Failures resolve with one line that never contains the token.

import { countUndecodable, ingestEvent, readRelayHello } from './events.js';
import { mergeFilter, subscribeFrame } from './filter.js';
import { consumerHello } from './hello.js';
import { RelaySocket, type CloseInfo, type Frame } from './socket.js';
import { displayLine } from '../protocol/sanitize.js';
import { later, resolveTiming } from './timing.js';
import type { RelayClientOptions } from './types.js';
import { relayUrls } from './url.js';
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

function closeReason(info: CloseInfo, subscribed: boolean): string {
  if (info.httpStatus === 401 || info.httpStatus === 403) return `relay refused the token (HTTP ${info.httpStatus})`;
  if (info.httpStatus !== undefined) return `relay refused the connection (HTTP ${info.httpStatus})`;
  if (!info.opened) return `could not connect: ${info.reason}`;
  return subscribed ? `connection lost during the replay: ${info.reason}` : `connection closed: ${info.reason}`;
}

export function readReplayOnce(options: ReplayOnceOptions): Promise<ReplayOnceResult> {
  return new Promise<ReplayOnceResult>((resolve) => {
    const { store } = options;
    const urls = relayUrls(options.url);
    const relay = urls.relay;
    const quietMs = options.quietMs ?? 500;
    const timeoutMs = options.timeoutMs ?? 10_000;
    let settled = false;
    let subscribed = false;
    let lastEventAt = 0;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let socket: RelaySocket | undefined;

    // Pure state calls: nothing to catch (a throw here is a bug, and must show as one).
    store.addRelay(relay);

    const finish = (result: ReplayOnceResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(quietTimer);
      clearTimeout(overall);
      store.updateRelay(relay, { replaying: false, connection: { kind: 'closed' } });
      const closing = socket?.close();
      // Resolve once the socket is closed, so the process can exit cleanly.
      if (closing) void closing.then(() => resolve(result), () => resolve(result));
      else resolve(result);
    };

    const overall = setTimeout(() => {
      finish(subscribed ? { ok: true } : { ok: false, reason: `no answer from the relay within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);

    if (!urls.ok) {
      finish({ ok: false, reason: `invalid relay URL: ${urls.reason}` });
      return;
    }

    const checkQuiet = (): void => {
      quietTimer = undefined;
      const quiet = Date.now() - lastEventAt;
      if (quiet >= quietMs) finish({ ok: true });
      else quietTimer = later(checkQuiet, quietMs - quiet);
    };

    const onFrame = (frame: Frame): void => {
      switch (frame.type) {
        case 'hello': {
          const info = readRelayHello(frame);
          if (!info.versionOk) {
            const offered = info.versions.map((v) => displayLine(v, 20)).join(', ') || 'none';
            return finish({ ok: false, reason: `relay speaks AEP ${offered}; the console speaks 0.1` });
          }
          store.updateRelay(relay, {
            replayAll: info.replayAll,
            roster: info.roster,
            watchOnly: info.watchOnlyReason !== undefined,
            watchOnlyReason: info.watchOnlyReason,
          });
          const merged = mergeFilter(options.filter);
          if (merged.warning) store.warnRelay(relay, merged.warning);
          socket?.send(subscribeFrame(SUBSCRIPTION_ID, merged.filter, 'all', options.capture));
          return;
        }
        case 'subscribed':
          if (frame.id !== SUBSCRIPTION_ID || subscribed) return;
          subscribed = true;
          lastEventAt = Date.now();
          store.updateRelay(relay, { connection: { kind: 'live' }, replaying: true });
          quietTimer = later(checkQuiet, quietMs);
          return;
        case 'error': {
          const code = frame.code === undefined ? 'error' : displayLine(frame.code, 60);
          const detail = frame.detail === undefined || frame.detail === null ? '' : ` (${displayLine(frame.detail, 200)})`;
          if (code === 'version-unsupported') return finish({ ok: false, reason: `relay does not speak AEP 0.1${detail}` });
          if (frame.id === SUBSCRIPTION_ID) {
            const replayAll = store.getRelay(relay)?.replayAll;
            const why = code === 'invalid-filter' && !replayAll ? 'relay cannot replay history (no replay.all)' : `relay refused the subscription: ${code}${detail}`;
            return finish({ ok: false, reason: why });
          }
          return;
        }
        case 'replay-exhausted':
          store.warnRelay(relay, `history of session ${displayLine(frame.session ?? '?', 80)} is partly gone from the relay buffer`);
          return;
        default:
          return;
      }
    };

    try {
      store.updateRelay(relay, { connection: { kind: 'connecting' } });
      socket = new RelaySocket(
        urls.socketUrl,
        options.token,
        {
          open: () => {
            socket?.send(consumerHello(options.name, options.host ?? hostname()));
          },
          frame: (frame) => {
            if (!settled) onFrame(frame);
          },
          event: (text, value) => {
            if (settled) return;
            lastEventAt = Date.now();
            ingestEvent(store, relay, text, true, value);
          },
          undecodable: () => countUndecodable(store, relay),
          closed: (info) => finish({ ok: false, reason: closeReason(info, subscribed) }),
        },
        resolveTiming({ ...options.timing, helloTimeoutMs: Math.min(options.timing?.helloTimeoutMs ?? timeoutMs, timeoutMs) }),
        options.ca,
      );
    } catch (err) {
      finish({ ok: false, reason: `could not connect: ${displayLine(err instanceof Error ? err.message : 'socket error', 160)}` });
    }
  });
}
