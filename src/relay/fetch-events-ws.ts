// The fallback of fetch-events.ts for a relay without SSE: a short-lived
// WebSocket, hello, one subscription `from: "all"` with the question's
// filter, and the read ends after a quiet period (the WebSocket binding has
// no end-of-replay marker). The socket is always closed.

import { consumerHello } from './hello.js';
import { readRelayHello } from './events.js';
import { subscribeFrame } from './filter.js';
import { RelaySocket, type CloseInfo, type Frame } from './socket.js';
import { displayLine } from '../protocol/sanitize.js';
import { later, resolveTiming } from './timing.js';
import { relayUrls } from './url.js';
import { EventCollector, type FetchOptions, type FetchResult } from './fetch-events.js';

const SUB = 'fetch-1';

export function fetchOverSocket(options: FetchOptions, filter: Record<string, unknown>, limit: number, signal?: AbortSignal): Promise<FetchResult> {
  return new Promise<FetchResult>((resolve) => {
    const urls = relayUrls(options.url);
    if (!urls.ok) return resolve({ ok: false, reason: 'invalid relay URL' });
    const timeoutMs = options.timeoutMs ?? 8_000;
    const quietMs = options.quietMs ?? 400;
    const collector = new EventCollector(limit);
    let socket: RelaySocket | undefined;
    let subscribed = false;
    let done = false;
    let lastAt = 0;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => finish({ ok: false, reason: 'the read was given up' });
    const finish = (result: FetchResult): void => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(quiet);
      clearTimeout(overall);
      void socket?.close();
      resolve(result);
    };
    const ok = (): FetchResult => ({ ok: true, events: collector.events, via: 'websocket', dropped: collector.dropped, gap: collector.gap });
    const overall = later(() => finish(subscribed ? ok() : { ok: false, reason: `the WebSocket read: no answer from the relay within ${Math.max(1, Math.round(timeoutMs / 1000))} s` }), timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const checkQuiet = (): void => {
      const idle = Date.now() - lastAt;
      if (idle >= quietMs) finish(ok());
      else quiet = later(checkQuiet, quietMs - idle);
    };
    const onFrame = (frame: Frame): void => {
      if (frame.type === 'hello') {
        if (!readRelayHello(frame).versionOk) return finish({ ok: false, reason: 'relay does not speak AEP 0.1' });
        socket?.send(subscribeFrame(SUB, filter, 'all', options.capture));
      } else if (frame.type === 'subscribed' && frame.id === SUB && !subscribed) {
        subscribed = true;
        lastAt = Date.now();
        quiet = later(checkQuiet, quietMs);
      } else if (frame.type === 'error' && (frame.id === SUB || frame.code === 'version-unsupported')) {
        finish({ ok: false, reason: `relay refused the read: ${displayLine(frame.code ?? 'error', 60)}` });
      } else if (frame.type === 'replay-exhausted') {
        collector.gap = true;
      }
    };
    const closed = (info: CloseInfo): void => {
      if (info.httpStatus === 401 || info.httpStatus === 403) return finish({ ok: false, reason: `relay refused the token (HTTP ${info.httpStatus})` });
      finish(subscribed ? ok() : { ok: false, reason: info.opened ? `connection closed: ${info.reason}` : `could not connect: ${info.reason}` });
    };
    try {
      socket = new RelaySocket(
        urls.socketUrl,
        options.token,
        {
          open: () => socket?.send(consumerHello(options.name, options.host)),
          frame: (frame) => done || onFrame(frame),
          event: (text) => {
            if (done || !subscribed) return;
            lastAt = Date.now();
            collector.add(text);
          },
          undecodable: () => collector.dropped++,
          closed,
        },
        resolveTiming({ ...options.timing, helloTimeoutMs: Math.min(options.timing?.helloTimeoutMs ?? timeoutMs, timeoutMs) }),
        options.ca,
      );
    } catch (err) {
      finish({ ok: false, reason: `could not connect: ${displayLine(err instanceof Error ? err.message : 'socket error', 160)}` });
    }
  });
}
