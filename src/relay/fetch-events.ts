// A short, one-off read of a relay's history for one question: the Event a
// request's `cause` names (filter `{id, session}`; for the list's rows, many
// ids at once), or a session's recent Events (filter `{session}`) for the
// timeline. Nothing goes into the store:
// the Events come back to the UI as a message. The single pass of
// read-once.ts: SSE where the relay has it (discovery + `live=0`), otherwise
// a short-lived WebSocket subscription ended by a quiet period
// (socket-read.ts). Every Event is validated like live traffic; at most
// `limit` are kept (the newest), so a huge session cannot grow the console's
// memory.

import type { Capture } from '../protocol/types.js';
import { EventCollector, type Pins } from './event-collector.js';
import { readOnce } from './read-once.js';
import type { FetchResult } from './read-result.js';
import { httpBase, tokenWords } from './sse-discovery.js';
import { streamOnce } from './sse-stream.js';
import { readOverSocket, type SocketReadHooks } from './socket-read.js';
import { displayLine } from '../protocol/sanitize.js';
import type { RelayTiming } from './timing.js';
import { deadlineText } from './http-get.js';
import { describeError } from './socket.js';
import { relayUrls } from '../protocol/relay-url.js';

export type { FetchResult };

export interface FetchOptions {
  url: string;
  token?: string;
  ca?: readonly string[];
  /** The subscription's capture ceiling: fetched Events are down-levelled the same way. */
  capture?: Capture;
  name: string;
  host: string;
  /** Overall limit (default 8 s): the detail says "unreachable" after it. */
  timeoutMs?: number;
  /** WebSocket only: the quiet time that ends the read (default 400 ms). */
  quietMs?: number;
  timing?: Partial<RelayTiming>;
}

const readTimeout = (options: FetchOptions): number => options.timeoutMs ?? options.timing?.readTimeoutMs ?? 8_000;
const givenUp = (): FetchResult => ({ ok: false, reason: 'the read was given up' });
const fail = (reason: string): FetchResult => ({ ok: false, reason });

function collecting(
  collector: EventCollector,
  filter: Record<string, unknown>,
  timeoutMs: number,
  token: string | undefined,
): SocketReadHooks<FetchResult> {
  const ok = (): FetchResult => ({
    ok: true,
    events: collector.events,
    via: 'websocket',
    dropped: collector.dropped,
    gap: collector.gap,
  });
  return {
    hello: (info) => (info.versionOk ? { filter } : { end: fail('relay does not speak AEP 0.1') }),
    subscribed: () => undefined,
    event: (text, _value, subscribed) => {
      if (subscribed) collector.add(text);
    },
    undecodable: () => collector.dropped++,
    error: (frame, id) =>
      frame.id === id || frame.code === 'version-unsupported'
        ? fail(`relay refused the read: ${displayLine(frame.code ?? 'error', 60)}`)
        : undefined,
    exhausted: () => (collector.gap = true),
    quiet: ok,
    timedOut: (subscribed) =>
      subscribed
        ? ok()
        : fail(`the WebSocket read: no answer from the relay within ${Math.max(1, Math.round(timeoutMs / 1000))} s`),
    closed: (info, subscribed) => {
      if (info.httpStatus === 401 || info.httpStatus === 403) return fail(tokenWords(info.httpStatus, token));
      return subscribed
        ? ok()
        : fail(info.opened ? `connection closed: ${info.reason}` : `could not connect: ${info.reason}`);
    },
    givenUp,
    failed: fail,
  };
}

/** The fallback for a relay without SSE: one WebSocket subscription `from: "all"` with the question's filter. */
function fetchOverSocket(
  options: FetchOptions,
  filter: Record<string, unknown>,
  limit: number,
  signal?: AbortSignal,
  pin?: Pins,
): Promise<FetchResult> {
  const urls = relayUrls(options.url);
  if (!urls.ok) return Promise.resolve(fail('invalid relay URL'));
  const timeoutMs = readTimeout(options);
  const target = {
    ...options,
    socketUrl: urls.socketUrl,
    subscriptionId: 'fetch-1',
    timeoutMs,
    quietMs: options.quietMs ?? 400,
    signal,
    unrefDeadline: true,
  };
  return readOverSocket(target, collecting(new EventCollector(limit, pin), filter, timeoutMs, options.token));
}

/**
 * The read, within one total deadline (discovery, the stream and any
 * WebSocket fallback share it), given up when `signal` fires. Failures say
 * which step failed and why, and whether the deadline ended it; nothing here
 * throws. `pin`: the Event (or Events) the read is for, kept however many others come.
 */
export async function fetchEvents(
  options: FetchOptions,
  filter: Record<string, unknown>,
  limit: number,
  signal?: AbortSignal,
  pin?: Pins,
): Promise<FetchResult> {
  const timeoutMs = readTimeout(options);
  const endsAt = Date.now() + timeoutMs;
  const result = await fetchWithin(options, filter, limit, endsAt, signal, pin);
  // Timers fire at or just after their time: a failure this close to the end is the deadline's.
  if (!result.ok && !signal?.aborted && Date.now() >= endsAt - 20) return { ...result, timedOut: true };
  return result;
}

async function fetchWithin(
  options: FetchOptions,
  filter: Record<string, unknown>,
  limit: number,
  endsAt: number,
  signal?: AbortSignal,
  pin?: Pins,
): Promise<FetchResult> {
  const timeoutMs = readTimeout(options);
  const left = () => Math.max(1, endsAt - Date.now());
  let base: URL;
  try {
    base = httpBase(options.url);
  } catch {
    return fail('invalid relay URL');
  }
  const http = () => ({ token: options.token, ca: options.ca, timeoutMs: left(), signal });
  const collector = new EventCollector(limit, pin);
  try {
    return await readOnce<FetchResult>(base, {
      http,
      stream: (stream) =>
        streamOnce(
          stream,
          { ...http(), filter, capture: options.capture },
          {
            started: () => undefined,
            message: (data) => collector.add(data),
            exhausted: () => (collector.gap = true),
            oversize: () => collector.dropped++,
          },
        ),
      streamed: () => ({
        ok: true,
        events: collector.events,
        via: 'sse',
        dropped: collector.dropped,
        gap: collector.gap,
      }),
      failed: fail,
      givenUp: () => (signal?.aborted ? givenUp() : undefined),
      socket: async () =>
        Date.now() >= endsAt
          ? fail(deadlineText(timeoutMs))
          : await fetchOverSocket({ ...options, timeoutMs: left() }, filter, limit, signal, pin),
    });
  } catch (err) {
    return fail(`the read failed: ${describeError(err)}`);
  }
}
