// The one "read a relay's Events once" pass, single where the relay has SSE:
//
//   1. the discovery document names the SSE stream (sse-discovery.ts);
//   2. the stream replays what the relay holds with `live=0` and ends the
//      response: the end is the marker (sse-stream.ts);
//   3. only a relay without SSE (no discovery document, no stream named, the
//      stream refused) is read over the WebSocket, ended by a quiet period
//      (socket-read.ts).
//
// Where the Events go and how each outcome is worded are the caller's
// (`ReadOnceSteps`): `list` fills the store (read-history.ts), a one-off
// question of the UI collects them (fetch-events.ts).

import { discover, type HttpReadOptions, type SseEndpoint } from './sse-discovery.js';
import type { StreamResult } from './sse-stream.js';

export interface ReadOnceSteps<R> {
  /** The options of the discovery read, asked when it starts (a shared deadline shrinks). */
  http(): HttpReadOptions;
  /** The relay named its SSE stream. */
  discovered?(found: SseEndpoint): void;
  /** Reads the stream once, the Events into the caller's sink. */
  stream(stream: URL): Promise<StreamResult>;
  /** The stream ended: the read is done. */
  streamed(read: { ok: true; note?: string }): R;
  /** No SSE: the read over the WebSocket, told why. */
  socket(fallback: string): Promise<R>;
  failed(reason: string): R;
  /** Asked after each HTTP step: the result when the read was given up meanwhile. */
  givenUp?(): R | undefined;
}

export async function readOnce<R>(base: URL, steps: ReadOnceSteps<R>): Promise<R> {
  const found = await discover(base, steps.http());
  if ('fail' in found) return steps.failed(found.fail);
  const abandoned = steps.givenUp?.();
  if (abandoned !== undefined) return abandoned;
  if ('fallback' in found) return steps.socket(found.fallback);
  steps.discovered?.(found);
  const read = await steps.stream(found.stream);
  if ('fail' in read) return steps.failed(read.fail);
  const gone = steps.givenUp?.();
  if (gone !== undefined) return gone;
  if ('ok' in read) return steps.streamed(read);
  return steps.socket(read.fallback);
}
