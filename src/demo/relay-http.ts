// The demo relay's HTTP routing: `/healthz` (no auth), then the bearer gate,
// then discovery (`GET /.well-known/aep`, `GET /events`), `POST /events`
// (relay-post.ts) and `GET /stream` (relay-sse.ts); anything else is 404.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAuthorized } from './relay-auth.js';
import type { RelayCore } from './relay-core.js';
import { handlePostEvents } from './relay-post.js';
import { handleStream, type SseClient } from './relay-sse.js';
import type { ReadFault } from './relay-types.js';

export interface HttpContext {
  /** The token now in force (tests rotate it). */
  token(): string | undefined;
  core: RelayCore;
  discovery: Record<string, unknown>;
  serveSse: boolean;
  sse: Set<SseClient>;
  pingIntervalMs: number;
  /** Fault injection (tests only): what a one-off read gets instead. */
  readFault?: (filter: Record<string, unknown>) => ReadFault | undefined;
}

export function handleHttp(ctx: HttpContext, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://relay');
  const json = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/healthz') return json(200, { ok: true });
  if (!isAuthorized(req, ctx.token())) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    return void res.end(JSON.stringify({ error: 'unauthorized' }));
  }
  if (req.method === 'GET' && (url.pathname === '/.well-known/aep' || url.pathname === '/events'))
    return json(200, ctx.discovery);
  if (req.method === 'POST' && url.pathname === '/events')
    return void handlePostEvents(req, res, ctx.core).catch(() => res.destroy());
  if (req.method === 'GET' && url.pathname === '/stream' && ctx.serveSse)
    return handleStream(req, res, url, ctx.core, ctx.sse, ctx.pingIntervalMs, ctx.readFault);
  json(404, { error: 'not-found' });
}
