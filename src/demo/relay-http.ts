// HTTP bindings of the demo relay (AEP-0003 §3): `POST /events` ingest and
// `GET /stream` Server-Sent Events. Auth is checked by the caller.
//
// GET /stream?from=all|<json positions>&filter=<json>&capture=<level>&live=0
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
import { envelopeProblem, isCaptureLevel } from './wire.js';

const MAX_BODY = 16 * 1024 * 1024;

export interface SseClient {
  shutdown(): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Body: one JSON event, a JSON array of events, or NDJSON. */
export async function handlePostEvents(req: IncomingMessage, res: ServerResponse, core: RelayCore): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return sendJson(res, 413, { error: 'payload-too-large' });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  let items: unknown[];
  try {
    const parsed: unknown = JSON.parse(text);
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    try {
      items = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
    } catch {
      return sendJson(res, 400, { error: 'bad-json' });
    }
  }
  const rejected: Array<Record<string, unknown>> = [];
  let accepted = 0;
  for (const item of items) {
    const problem = envelopeProblem(item);
    if (problem) {
      rejected.push({ code: 'invalid-event', detail: problem });
      continue;
    }
    let refused = false;
    core.ingest(item as AepEvent, JSON.stringify(item), {
      refuse: (frame) => {
        refused = true;
        rejected.push(frame);
      },
    });
    if (!refused) accepted++;
  }
  sendJson(res, accepted === 0 && rejected.length > 0 ? 400 : 202, { accepted, rejected });
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
    fromRaw = f === null ? undefined : f === 'all' ? 'all' : JSON.parse(f);
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
