// The SSE binding of the demo relay (AEP-0003 §3.3): `GET /stream`. Auth is
// checked by the caller; `POST /events` is relay-post.ts.
//
// GET /stream?from=all|<json positions>&filter=<json>&capture=<level>&live=0
//   - without `from`, a `Last-Event-ID` header resumes its one session;
//   - per Event (AEP-0003 §3.3.2): `event: <type>`, `id: <session>:<epoch>:<seq>`
//     (session-scoped Events with a seq only), `data: <event json>` on one line;
//   - `: replay-exhausted <session> <epoch>:<seq>` comment when a requested
//     position predates the buffer (§3.3.3);
//   - `: replay-complete` comment once replay is done; with `live=0` the
//     response then ends (the single-pass read `list` relies on), otherwise
//     live events follow with `: ping` comments.
//   - a bad filter/from/capture answers 400 `{error, detail}` before any stream.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AepEvent, Capture } from '../protocol/types.js';
import { filterProblem } from './filter.js';
import { parseFrom, type RelayCore, type Subscription } from './relay-core.js';
import { isCaptureLevel } from './wire.js';

export interface SseClient {
  shutdown(): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** One SSE message for an Event the relay already validated (its JSON is ours to re-read). */
function sseMessage(json: string): string {
  const event = JSON.parse(json) as AepEvent;
  // SSE data lines must not contain raw newlines: re-serialize pretty JSON.
  const data = /[\r\n]/.test(json) ? JSON.stringify(event) : json;
  const position =
    typeof event.session === 'string' && typeof event.seq === 'number'
      ? `id: ${oneLine(event.session)}:${typeof event.epoch === 'number' ? event.epoch : 0}:${event.seq}\n`
      : '';
  return `event: ${oneLine(event.type)}\n${position}data: ${data}\n\n`;
}

/** Producer strings in SSE fields: a newline would end the field (and forge the next). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}

/**
 * `Last-Event-ID: {session}:{epoch}:{seq}` as a one-session resume position
 * (§3.3.3; `from` takes precedence). The session may itself hold colons, so
 * the two numbers are read from the right; anything else resumes nothing.
 */
function lastEventId(header: string | string[] | undefined): unknown {
  if (typeof header !== 'string') return undefined;
  const m = /^(.+):(\d{1,15}):(\d{1,15})$/.exec(header.trim());
  return m ? [{ session: m[1], epoch: Number(m[2]), seq: Number(m[3]) }] : undefined;
}

export function handleStream(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  core: RelayCore,
  clients: Set<SseClient>,
  pingIntervalMs: number,
): void {
  const q = url.searchParams;
  let filter: unknown = {};
  let fromRaw: unknown;
  try {
    if (q.has('filter')) filter = JSON.parse(q.get('filter')!);
    const f = q.get('from');
    fromRaw = f === null ? lastEventId(req.headers['last-event-id']) : f === 'all' ? 'all' : JSON.parse(f);
  } catch {
    return sendJson(res, 400, { error: 'invalid-filter', detail: 'filter and from must be JSON' });
  }
  const problem = filterProblem(filter);
  if (problem) return sendJson(res, 400, { error: 'invalid-filter', detail: problem });
  const capture = q.get('capture') ?? undefined;
  if (capture !== undefined && !isCaptureLevel(capture)) {
    return sendJson(res, 400, { error: 'invalid-filter', detail: 'capture must be one of none|metadata|redacted|full' });
  }
  const from = parseFrom(fromRaw);
  if (!from.ok) return sendJson(res, 400, { error: from.code, detail: from.detail });
  const live = q.get('live') !== '0';

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: live ? 'keep-alive' : 'close',
  });
  const write = (s: string): void => {
    if (!res.writableEnded) res.write(s);
  };
  const sub: Subscription = {
    id: 'sse',
    filter: filter as Record<string, unknown>,
    capture: capture as Capture | undefined,
    deliver: (json) => write(sseMessage(json)),
    exhausted: (frame) => write(`: replay-exhausted ${oneLine(frame.session)} ${frame.earliest.epoch}:${frame.earliest.seq}\n\n`),
  };
  core.subscribe(sub, from.from);
  write(': replay-complete\n\n');
  if (!live) {
    core.unsubscribe(sub);
    res.end();
    return;
  }
  const timer = setInterval(() => write(': ping\n\n'), pingIntervalMs);
  timer.unref();
  const client: SseClient = {
    shutdown: () => {
      write(': shutting-down\n\n');
      res.end();
    },
  };
  clients.add(client);
  const done = (): void => {
    clearInterval(timer);
    core.unsubscribe(sub);
    clients.delete(client);
  };
  req.on('close', done);
  res.on('close', done);
}
