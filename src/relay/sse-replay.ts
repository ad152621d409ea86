// `aep-console list`, single pass: the relay's history is read exactly once
// and the read ends when the relay says so, not after a guessed quiet time.
//
//   1. GET {base}/events: the discovery document (AEP-0003 §3.4) names the
//      SSE endpoint (`endpoints.stream`);
//   2. GET {stream}?filter=…&capture=…&from=all&live=0 (§3.3, §5): the
//      relay replays what it holds, filtered and down-levelled like the live
//      subscription would be, then ends the response. The end is the marker.
//
// Only a relay without SSE (no discovery document, no stream named, the
// stream refused) is read over the WebSocket with its quiet timer
// (replay-once.ts). The result says which binding was used.

import { ingestEvent, countUndecodable } from './events.js';
import { mergeFilter } from './filter.js';
import { deadlineText, httpGet, readSmallBody } from './http-get.js';
import { readReplayOnce, type ReplayOnceOptions } from './replay-once.js';
import { SseParser } from './sse-parse.js';
import { relayUrls } from './url.js';
import { MAX_EVENT_BYTES } from '../protocol/parse.js';
import { displayLine } from '../protocol/sanitize.js';

export type HistoryResult =
  | { ok: true; via: 'sse' | 'websocket'; note?: string }
  | { ok: false; reason: string };

const DISCOVERY_MAX_BYTES = 64 * 1024;
const DISCOVERY_TIMEOUT_MS = 5000;

/** `http(s)://host[/prefix]` for a relay given as http(s) or ws(s), without a trailing `/socket`. */
export function httpBase(relay: string): URL {
  const url = new URL(relay);
  if (url.protocol === 'ws:') url.protocol = 'http:';
  if (url.protocol === 'wss:') url.protocol = 'https:';
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/socket$/, '');
  return url;
}

export type Discovery = { stream: URL; replayAll: boolean; watchOnlyReason?: string } | { fallback: string } | { fail: string };

function refusedToken(status: number): string | undefined {
  return status === 401 || status === 403 ? `relay refused the token (HTTP ${status})` : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a one-pass HTTP read needs: the token, extra CAs, an overall limit, and a signal that gives it up. */
export type HttpReadOptions = Pick<ReplayOnceOptions, 'token' | 'ca' | 'timeoutMs'> & { signal?: AbortSignal };

function connectFailure(step: string, reason: string, timeoutMs: number): string {
  // A deadline or a give-up is not a connection failure: say which read, and why.
  if (reason === deadlineText(timeoutMs) || reason === 'the read was given up') return `${step}: ${reason}`;
  return `could not connect: ${reason}`;
}

export async function discover(base: URL, options: HttpReadOptions): Promise<Discovery> {
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/events`, base);
  const timeoutMs = Math.min(DISCOVERY_TIMEOUT_MS, options.timeoutMs ?? 10_000);
  const got = await httpGet(url, { token: options.token, ca: options.ca, accept: 'application/json', timeoutMs, signal: options.signal });
  if (!got.ok) return { fail: connectFailure('the discovery document (GET /events)', got.reason, timeoutMs) };
  const refused = refusedToken(got.status);
  if (refused) {
    got.body.resume();
    return { fail: refused };
  }
  if (got.status !== 200 || !/json/i.test(got.contentType)) {
    got.abort();
    return { fallback: `no discovery document (HTTP ${got.status})` };
  }
  const body = await readSmallBody(got, DISCOVERY_MAX_BYTES, timeoutMs);
  // Cut by the deadline or given up: a relay that drips its document fails, it is not "no SSE".
  if (!body.ok && got.cut()) return { fail: `the discovery document (GET /events): ${body.reason}` };
  let doc: unknown;
  try {
    doc = body.ok ? JSON.parse(body.text) : undefined;
  } catch {
    doc = undefined;
  }
  if (!isObject(doc)) return { fallback: 'the discovery document is not a JSON object' };
  const endpoints = isObject(doc.endpoints) ? doc.endpoints : {};
  if (typeof endpoints.stream !== 'string' || endpoints.stream === '') return { fallback: 'the relay names no SSE stream' };
  let stream: URL;
  try {
    stream = new URL(endpoints.stream, base);
  } catch {
    return { fallback: 'the SSE stream named is not a URL' };
  }
  // The token goes only where the operator pointed the console.
  if (stream.origin !== base.origin) return { fallback: 'the SSE stream named is on another host' };
  const caps = isObject(doc.capabilities) ? doc.capabilities : {};
  const replay = isObject(caps.replay) ? caps.replay : {};
  const watchOnlyReason = isObject(caps.control) ? undefined : 'relay offers no control: commands are refused';
  return { stream, replayAll: replay.all === true, watchOnlyReason };
}

export type StreamResult = { ok: true; note?: string } | { fallback: string } | { fail: string };

async function readStream(stream: URL, options: ReplayOnceOptions, relay: string): Promise<StreamResult> {
  const { store } = options;
  return streamOnce(stream, { ...options, filter: mergeFilter(options.filter).filter }, {
    started: () => store.updateRelay(relay, { connection: { kind: 'live' }, replaying: true }),
    message: (data) => void ingestEvent(store, relay, data, true),
    exhausted: (session) => store.warnRelay(relay, `history of session ${displayLine(session, 80)} is partly gone from the relay buffer`),
    oversize: () => countUndecodable(store, relay),
  });
}

export interface StreamSink {
  started(): void;
  message(data: string): void;
  exhausted(session: string): void;
  oversize(): void;
}

/**
 * One replay of the SSE stream, `filter` given as is (already merged where
 * the caller wants the console's type filter), ended by the relay (`live=0`).
 */
export async function streamOnce(stream: URL, options: HttpReadOptions & { filter: Record<string, unknown>; capture?: string }, sink: StreamSink): Promise<StreamResult> {
  const url = new URL(stream);
  url.search = '';
  url.searchParams.set('filter', JSON.stringify(options.filter));
  if (options.capture) url.searchParams.set('capture', options.capture);
  url.searchParams.set('from', 'all');
  url.searchParams.set('live', '0');
  const timeoutMs = options.timeoutMs ?? 10_000;
  // One deadline from the request on, headers included (a relay may drip those too).
  const got = await httpGet(url, { token: options.token, ca: options.ca, accept: 'text/event-stream', timeoutMs, signal: options.signal });
  if (!got.ok) return { fail: connectFailure('the SSE stream', got.reason, timeoutMs) };
  const refused = refusedToken(got.status);
  if (refused) {
    got.body.resume();
    return { fail: refused };
  }
  if (got.status !== 200 || !/^text\/event-stream/i.test(got.contentType)) {
    const body = got.status === 400 ? await readSmallBody(got, 4096, timeoutMs) : (got.abort(), undefined);
    const detail = body?.ok ? body.text : undefined;
    return { fallback: `the SSE stream was refused (HTTP ${got.status}${detail ? `: ${displayLine(detail, 120)}` : ''})` };
  }
  sink.started();
  const parser = new SseParser(
    {
      message: (data) => sink.message(data),
      comment: (text) => {
        const exhausted = /^replay-exhausted (\S+)/.exec(text);
        if (exhausted) sink.exhausted(exhausted[1]);
      },
      oversize: () => sink.oversize(),
    },
    MAX_EVENT_BYTES + 1024,
  );
  return new Promise<StreamResult>((resolve) => {
    let done = false;
    const finish = (result: StreamResult): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    got.body.setEncoding('utf8');
    got.body.on('data', (chunk: string) => {
      if (!done) parser.push(chunk);
    });
    got.body.on('end', () => {
      parser.end();
      finish({ ok: true });
    });
    got.body.on('close', () => {
      const cut = got.cut();
      // A relay that ignores live=0 streams forever (or drips): keep what arrived and say so.
      if (cut === 'deadline') finish({ ok: true, note: `the SSE stream did not end within ${Math.round(timeoutMs / 1000)} s (live=0 ignored, or a slow relay): listed what arrived` });
      else if (cut === 'aborted') finish({ fail: 'the SSE stream: the read was given up' });
      else if (!got.body.complete) finish({ fail: 'connection lost during the replay' });
    });
  });
}

/** Reads one relay's history once, into `options.store`: SSE where offered, else the WebSocket. */
export async function readHistoryOnce(options: ReplayOnceOptions): Promise<HistoryResult> {
  const { store } = options;
  const urls = relayUrls(options.url);
  if (!urls.ok) return { ok: false, reason: `invalid relay URL: ${urls.reason}` };
  const relay = urls.relay;
  store.addRelay(relay);
  store.updateRelay(relay, { connection: { kind: 'connecting' } });
  const base = httpBase(relay);
  const found = await discover(base, options);
  let fallback: string;
  if ('fail' in found) return close(options, relay, { ok: false, reason: found.fail });
  if ('fallback' in found) {
    fallback = found.fallback;
  } else {
    store.updateRelay(relay, { replayAll: found.replayAll, watchOnly: found.watchOnlyReason !== undefined, watchOnlyReason: found.watchOnlyReason });
    const read = await readStream(found.stream, options, relay);
    if ('fail' in read) return close(options, relay, { ok: false, reason: read.fail });
    if ('ok' in read) return close(options, relay, { ok: true, via: 'sse', note: read.note });
    fallback = read.fallback;
  }
  const ws = await readReplayOnce(options);
  store.updateRelay(relay, { readVia: 'websocket' });
  return ws.ok ? { ok: true, via: 'websocket', note: fallback } : ws;
}

function close(options: ReplayOnceOptions, relay: string, result: HistoryResult): HistoryResult {
  options.store.updateRelay(relay, { replaying: false, connection: { kind: 'closed' }, ...(result.ok ? { readVia: result.via } : {}) });
  return result;
}
