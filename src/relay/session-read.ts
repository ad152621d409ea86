// The gate's read of one session (the gate at the wire, refusal 4): when the
// console's memory of a session is partial, it reads the session itself, once,
// over SSE with `live=0` (sse-stream.ts), every type of Event (the live
// subscription sees only the console's types). Only a read the relay ENDED
// before the deadline counts, holding every Event it sent: a read cut by its
// deadline, a lost connection, Events dropped past the cap, or a relay
// without SSE (a WebSocket replay ends only by a quiet timer) proves nothing.

import { EventCollector } from './event-collector.js';
import { readOnce } from './read-once.js';
import { httpBase } from './sse-discovery.js';
import { streamOnce } from './sse-stream.js';
import { describeError } from './socket.js';
import type { AepEvent, Capture } from '../protocol/types.js';

/** Events a read may hold: past it the read proves nothing (the session is too long to read whole). */
export const SESSION_READ_MAX_EVENTS = 20_000;

export type SessionRead =
  | { ended: true; events: AepEvent[] }
  /** `noSse`: the relay has no SSE stream, so no read can ever end (the status line says so). */
  | { ended: false; why: string; noSse?: boolean };

export interface SessionReadOptions {
  url: string;
  token?: string;
  ca?: readonly string[];
  capture?: Capture;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function readSession(options: SessionReadOptions, session: string): Promise<SessionRead> {
  const endsAt = Date.now() + options.timeoutMs;
  const http = () => ({
    token: options.token,
    ca: options.ca,
    timeoutMs: Math.max(1, endsAt - Date.now()),
    signal: options.signal,
  });
  const collector = new EventCollector(SESSION_READ_MAX_EVENTS);
  let note: string | undefined;
  try {
    return await readOnce<SessionRead>(httpBase(options.url), {
      http,
      stream: async (stream) => {
        const read = await streamOnce(
          stream,
          { ...http(), filter: { session }, capture: options.capture },
          {
            started: () => undefined,
            message: (data) => collector.add(data),
            exhausted: () => undefined,
            oversize: () => collector.dropped++,
          },
        );
        if ('ok' in read) note = read.note;
        return read;
      },
      streamed: () => {
        if (note !== undefined) return { ended: false, why: note };
        if (collector.dropped > 0)
          return {
            ended: false,
            why: `the read of the session dropped ${collector.dropped} Events (unreadable or past its cap)`,
          };
        return { ended: true, events: collector.events };
      },
      socket: (fallback) =>
        Promise.resolve({
          ended: false,
          why: `the relay has no SSE stream to read the session with (${fallback})`,
          noSse: true,
        }),
      failed: (reason) => ({ ended: false, why: reason }),
      givenUp: () => (options.signal?.aborted ? { ended: false, why: 'the read was given up' } : undefined),
    });
  } catch (err) {
    return { ended: false, why: `the read failed: ${describeError(err)}` };
  }
}
