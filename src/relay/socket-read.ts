// One read of a relay's history over the WebSocket, for a relay without SSE:
// connect, hello, one subscription `from: "all"`, and the read ends after a
// quiet period (quiet-end.ts: the binding has no end-of-replay marker), at
// the overall deadline, on a refusal, or when given up. The socket is always
// closed. What the read does with its Events, and the words of its results,
// are the caller's (`SocketReadHooks`): `list` fills the store
// (replay-once.ts), a one-off question collects (fetch-events.ts).

import { consumerHello } from './hello.js';
import { readRelayHello, type RelayHelloInfo } from './hello.js';
import { subscribeFrame } from './filter.js';
import { QuietEnd } from './quiet-end.js';
import { RelaySocket, type CloseInfo, type Frame, type SocketHandlers } from './socket.js';
import { displayLine } from '../protocol/sanitize.js';
import type { Capture } from '../protocol/types.js';
import { later, resolveTiming, type RelayTiming } from './timing.js';

export interface SocketReadTarget {
  socketUrl: string;
  token?: string;
  ca?: readonly string[];
  name: string;
  host: string;
  capture?: Capture;
  /** The subscription's id on this connection. */
  subscriptionId: string;
  timeoutMs: number;
  quietMs: number;
  timing?: Partial<RelayTiming>;
  signal?: AbortSignal;
  /** Resolve only once the socket is closed (so a one-shot process exits cleanly). */
  awaitClose?: boolean;
  /** The overall deadline does not hold the process open (a one-off read inside the console). */
  unrefDeadline?: boolean;
}

export interface SocketReadHooks<R> {
  /** The relay's hello: the filter to subscribe with, or the result to end with. */
  hello(info: RelayHelloInfo): { filter: Record<string, unknown> } | { end: R };
  subscribed(): void;
  /** An Event (`subscribed`: whether the subscription was confirmed yet). */
  event(text: string, value: Record<string, unknown>, subscribed: boolean): void;
  undecodable(): void;
  /** An `error` frame: the result to end with, or undefined to go on. */
  error(frame: Frame, subscriptionId: string): R | undefined;
  exhausted(frame: Frame): void;
  /** The replay went quiet: the read is done. */
  quiet(): R;
  timedOut(subscribed: boolean): R;
  closed(info: CloseInfo, subscribed: boolean): R;
  givenUp(): R;
  /** Could not even open the socket. */
  failed(reason: string): R;
  /** Called once, with the result, before the socket is closed. */
  settled?(result: R): void;
}

/** The socket, its hello wait within the read's deadline. */
function openSocket(target: SocketReadTarget, handlers: SocketHandlers): RelaySocket {
  const timing = resolveTiming({
    ...target.timing,
    helloTimeoutMs: Math.min(target.timing?.helloTimeoutMs ?? target.timeoutMs, target.timeoutMs),
  });
  return new RelaySocket(target.socketUrl, target.token, handlers, timing, target.ca);
}

/** Closes the socket; resolves once it is closed when asked to wait, else at once. */
function closeThenResolve(socket: RelaySocket | undefined, awaitClose: boolean | undefined, resolve: () => void): void {
  const closing = socket?.close();
  if (closing && awaitClose) void closing.then(resolve, resolve);
  else resolve();
}

export function readOverSocket<R>(target: SocketReadTarget, hooks: SocketReadHooks<R>): Promise<R> {
  return new Promise<R>((resolve) => {
    const { signal, subscriptionId: id } = target;
    let socket: RelaySocket | undefined;
    let subscribed = false;
    let done = false;
    const onAbort = () => finish(hooks.givenUp());
    const finish = (result: R): void => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      quiet.stop();
      clearTimeout(overall);
      hooks.settled?.(result);
      closeThenResolve(socket, target.awaitClose, () => resolve(result));
    };
    const quiet = new QuietEnd(target.quietMs, Infinity, () => finish(hooks.quiet()));
    const timedOut = () => finish(hooks.timedOut(subscribed));
    const overall = target.unrefDeadline ? later(timedOut, target.timeoutMs) : setTimeout(timedOut, target.timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const onFrame = (frame: Frame): void => {
      if (frame.type === 'hello') {
        const next = hooks.hello(readRelayHello(frame));
        if ('end' in next) return finish(next.end);
        socket?.send(subscribeFrame(id, next.filter, 'all', target.capture));
      } else if (frame.type === 'subscribed') {
        if (frame.id !== id || subscribed) return;
        subscribed = true;
        hooks.subscribed();
        quiet.start();
      } else if (frame.type === 'error') {
        const end = hooks.error(frame, id);
        if (end !== undefined) finish(end);
      } else if (frame.type === 'replay-exhausted') {
        hooks.exhausted(frame);
      }
    };
    try {
      socket = openSocket(target, {
        open: () => socket?.send(consumerHello(target.name, target.host)),
        frame: (frame) => done || onFrame(frame),
        event: (text, value) => {
          if (done) return;
          quiet.touch();
          hooks.event(text, value, subscribed);
        },
        undecodable: () => hooks.undecodable(),
        closed: (info) => finish(hooks.closed(info, subscribed)),
      });
    } catch (err) {
      finish(
        hooks.failed(`could not connect: ${displayLine(err instanceof Error ? err.message : 'socket error', 160)}`),
      );
    }
  });
}
