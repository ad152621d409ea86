// `aep-console list` (and `rules test`): one relay's history read exactly
// once into the store, the single pass of read-once.ts: SSE where the relay
// offers it, ended when the relay says so; else the WebSocket with its quiet
// timer (replay-once.ts). The result says which binding was used.

import { ingestEvent, countUndecodable } from '../store/intake.js';
import { mergeFilter } from './filter.js';
import { readOnce } from './read-once.js';
import { readReplayOnce, type ReplayOnceOptions } from './replay-once.js';
import { httpBase } from './sse-discovery.js';
import { streamOnce, type StreamResult } from './sse-stream.js';
import { relayUrls } from '../protocol/relay-url.js';
import { displayLine } from '../protocol/sanitize.js';

/**
 * `ended`: the relay ended the read itself before the deadline (SSE,
 * `live=0`): only that shows everything it holds. A stream cut by the
 * deadline, or a WebSocket replay ended by a quiet timer, has not ended.
 */
export type HistoryResult =
  { ok: true; via: 'sse' | 'websocket'; ended: boolean; note?: string } | { ok: false; reason: string };

function readStream(stream: URL, options: ReplayOnceOptions, relay: string): Promise<StreamResult> {
  const { store } = options;
  return streamOnce(
    stream,
    { ...options, filter: mergeFilter(options.filter).filter },
    {
      started: () => store.updateRelay(relay, { connection: { kind: 'live' }, replaying: true }),
      message: (data) => void ingestEvent(store, relay, data, true),
      exhausted: (session) =>
        store.warnRelay(relay, `history of session ${displayLine(session, 80)} is partly gone from the relay buffer`),
      oversize: () => countUndecodable(store, relay),
    },
  );
}

/** Reads one relay's history once, into `options.store`: SSE where offered, else the WebSocket. */
export async function readHistoryOnce(options: ReplayOnceOptions): Promise<HistoryResult> {
  const { store } = options;
  const urls = relayUrls(options.url);
  if (!urls.ok) return { ok: false, reason: `invalid relay URL: ${urls.reason}` };
  const relay = urls.relay;
  store.addRelay(relay);
  store.updateRelay(relay, { connection: { kind: 'connecting' } });
  const close = (result: HistoryResult): HistoryResult => {
    store.updateRelay(relay, {
      replaying: false,
      connection: { kind: 'closed' },
      ...(result.ok ? { readVia: result.via } : {}),
    });
    return result;
  };
  return readOnce<HistoryResult>(httpBase(relay), {
    http: () => options,
    discovered: (found) =>
      store.updateRelay(relay, {
        replayAll: found.replayAll,
        watchOnly: found.watchOnlyReason !== undefined,
        watchOnlyReason: found.watchOnlyReason,
      }),
    stream: (stream) => readStream(stream, options, relay),
    streamed: (read) => close({ ok: true, via: 'sse', ended: read.note === undefined, note: read.note }),
    failed: (reason) => close({ ok: false, reason }),
    socket: async (fallback) => {
      const ws = await readReplayOnce(options);
      store.updateRelay(relay, { readVia: 'websocket' });
      return ws.ok ? { ok: true, via: 'websocket', ended: false, note: fallback } : ws;
    },
  });
}
