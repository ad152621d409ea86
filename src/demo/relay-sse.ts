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
import { parseFrom, type From, type RelayCore, type Subscription } from './relay-core.js';
import { isCaptureLevel } from './wire.js';
import type { ReadFault } from './relay-types.js';

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

/** What a `GET /stream` asks for, or the 400 it gets. */
type StreamQuery =
  | { ok: true; filter: Record<string, unknown>; from: From; capture: Capture | undefined; live: boolean }
  | { ok: false; body: { error: string; detail: string } };

function parseStreamQuery(req: IncomingMessage, q: URLSearchParams): StreamQuery {
  const invalid = (detail: string): StreamQuery => ({ ok: false, body: { error: 'invalid-filter', detail } });
  let filter: unknown = {};
  let fromRaw: unknown;
  try {
    if (q.has('filter')) filter = JSON.parse(q.get('filter')!);
    const f = q.get('from');
    fromRaw = f === null ? lastEventId(req.headers['last-event-id']) : f === 'all' ? 'all' : JSON.parse(f);
  } catch {
    return invalid('filter and from must be JSON');
  }
  const problem = filterProblem(filter);
  if (problem) return invalid(problem);
  const capture = q.get('capture') ?? undefined;
  if (capture !== undefined && !isCaptureLevel(capture))
    return invalid('capture must be one of none|metadata|redacted|full');
  const from = parseFrom(fromRaw);
  if (!from.ok) return { ok: false, body: { error: from.code, detail: from.detail } };
  return {
    ok: true,
    filter: filter as Record<string, unknown>,
    from: from.from,
    capture: capture as Capture | undefined,
    live: q.get('live') !== '0',
  };
}

export function handleStream(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  core: RelayCore,
  clients: Set<SseClient>,
  pingIntervalMs: number,
  readFault?: (filter: Record<string, unknown>) => ReadFault | undefined,
): void {
  const query = parseStreamQuery(req, url.searchParams);
  if (!query.ok) return sendJson(res, 400, query.body);
  const fault = query.live ? undefined : readFault?.(query.filter);
  if (fault && 'status' in fault) return sendJson(res, fault.status, { error: 'refused' });
  // Held until the test lets it go, then served as asked.
  if (fault && 'until' in fault)
    return void fault.until.then(() => handleStream(req, res, url, core, clients, pingIntervalMs));
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: query.live ? 'keep-alive' : 'close',
  });
  const write = (s: string): void => {
    if (!res.writableEnded) res.write(s);
  };
  if (fault && 'stall' in fault) {
    // Headers, then nothing: the read hangs until the reader gives up (or the relay closes).
    const client: SseClient = { shutdown: () => res.end() };
    clients.add(client);
    res.on('close', () => clients.delete(client));
    return;
  }
  for (const event of fault?.first ?? []) write(sseMessage(JSON.stringify(event)));
  const sub: Subscription = {
    id: 'sse',
    filter: fault?.filter ?? query.filter,
    capture: query.capture,
    deliver: (json) => write(sseMessage(json)),
    exhausted: (frame) =>
      write(`: replay-exhausted ${oneLine(frame.session)} ${frame.earliest.epoch}:${frame.earliest.seq}\n\n`),
  };
  core.subscribe(sub, query.from);
  for (const event of fault?.after ?? []) write(sseMessage(JSON.stringify(event)));
  write(': replay-complete\n\n');
  if (!query.live) {
    core.unsubscribe(sub);
    res.end();
    return;
  }
  keepStreaming(req, res, write, () => core.unsubscribe(sub), clients, pingIntervalMs);
}

/** A live stream: pinged until either side closes it, or ended by the relay's shutdown. */
function keepStreaming(
  req: IncomingMessage,
  res: ServerResponse,
  write: (s: string) => void,
  unsubscribe: () => void,
  clients: Set<SseClient>,
  pingIntervalMs: number,
): void {
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
    unsubscribe();
    clients.delete(client);
  };
  req.on('close', done);
  res.on('close', done);
}
