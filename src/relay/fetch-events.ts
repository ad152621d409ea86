// A short, one-off read of a relay's history for one question: the Event a
// request's `cause` names (filter `{id, session}`), or a session's recent
// Events (filter `{session}`) for the timeline. Nothing goes into the store:
// the Events come back to the UI as a message. Single pass where the relay
// has SSE (discovery + `live=0`, sse-replay.ts); otherwise a short-lived
// WebSocket subscription ended by a quiet period (fetch-events-ws.ts).
// Every Event is validated like live traffic; at most `limit` are kept (the
// newest), so a huge session cannot grow the console's memory.

import { parseEvent } from '../protocol/parse.js';
import type { AepEvent, Capture } from '../protocol/types.js';
import { discover, httpBase, streamOnce } from './sse-replay.js';
import { fetchOverSocket } from './fetch-events-ws.js';
import type { RelayTiming } from './timing.js';
import { deadlineText } from './http-get.js';
import { describeError } from './socket.js';

export type FetchResult =
  | { ok: true; events: AepEvent[]; via: 'sse' | 'websocket'; dropped: number; gap?: boolean }
  | { ok: false; reason: string };

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

/** Keeps the newest `limit` valid Events, counting what it drops. */
export class EventCollector {
  readonly events: AepEvent[] = [];
  dropped = 0;
  gap = false;
  constructor(private readonly limit: number) {}
  add(text: string): void {
    const parsed = parseEvent(text, { payloadIssues: false });
    if (!parsed.ok) {
      this.dropped++;
      return;
    }
    this.events.push(parsed.event);
    if (this.events.length > this.limit) {
      this.events.shift();
      this.dropped++;
    }
  }
}

/**
 * The read, within one total deadline (discovery, the stream and any
 * WebSocket fallback share it), given up when `signal` fires. Failures say
 * which step failed and why; nothing here throws.
 */
export async function fetchEvents(options: FetchOptions, filter: Record<string, unknown>, limit: number, signal?: AbortSignal): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const endsAt = Date.now() + timeoutMs;
  const left = () => Math.max(1, endsAt - Date.now());
  let base: URL;
  try {
    base = httpBase(options.url);
  } catch {
    return { ok: false, reason: 'invalid relay URL' };
  }
  const givenUp = (): FetchResult => ({ ok: false, reason: 'the read was given up' });
  try {
    const found = await discover(base, { token: options.token, ca: options.ca, timeoutMs: left(), signal });
    if ('fail' in found) return { ok: false, reason: found.fail };
    if (signal?.aborted) return givenUp();
    if ('stream' in found) {
      const collector = new EventCollector(limit);
      const read = await streamOnce(found.stream, { token: options.token, ca: options.ca, timeoutMs: left(), filter, capture: options.capture, signal }, {
        started: () => undefined,
        message: (data) => collector.add(data),
        exhausted: () => (collector.gap = true),
        oversize: () => collector.dropped++,
      });
      if ('fail' in read) return { ok: false, reason: read.fail };
      if (signal?.aborted) return givenUp();
      if ('ok' in read) return { ok: true, events: collector.events, via: 'sse', dropped: collector.dropped, gap: collector.gap };
    }
    if (Date.now() >= endsAt) return { ok: false, reason: deadlineText(timeoutMs) };
    return await fetchOverSocket({ ...options, timeoutMs: left() }, filter, limit, signal);
  } catch (err) {
    return { ok: false, reason: `the read failed: ${describeError(err)}` };
  }
}
