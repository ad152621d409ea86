// The embedded demo relay: an AEP-0003 WebSocket binding at `/socket`, plus
// `POST /events`, `GET /stream` (SSE), `GET /.well-known/aep` and `/healthz`.
// Loopback by default. Never writes to stdout/stderr (the TUI owns the terminal).

import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AepEvent } from '../protocol/types.js';
import { CONTROL_TYPES, RelayCore } from './relay-core.js';
import { SocketConnection } from './relay-socket.js';
import { handleStream, type SseClient } from './relay-sse.js';
import { handlePostEvents } from './relay-post.js';
import { relayFaults, type FaultSettings, type RelayFaults } from './relay-faults.js';
import { AEP_VERSION, CAPTURE_ORDER, envelopeProblem } from './wire.js';

export interface DemoRelayOptions {
  /** 0 (default) picks a random free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Bearer token. Undefined = watch-only relay: everyone may watch, every command is refused. */
  token?: string;
  /** Replay buffer bound per session (default 1000). */
  bufferPerSession?: number;
  /** Relay ping period (default 25000 ms). A connection silent for 3 periods is dropped. */
  pingIntervalMs?: number;
  /** Advertise `replay.all` (default true). Without it consumers resume from their own positions. */
  replayAll?: boolean;
  /** Serve SSE at `/stream` (default true). Without it the discovery document names no stream (tests of the WebSocket fallback). */
  sse?: boolean;
}

export interface DemoRelay {
  /** `http://127.0.0.1:PORT`: the base URL; the socket is `ws://…/socket`. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Injects an event as if an emitter had sent it (no session claim). Throws on an invalid envelope. */
  publish(event: AepEvent): void;
  /** Open WebSocket connections. */
  connections(): number;
  /** Fault injection for tests (relay-faults.ts); the demo never uses it. */
  faults: RelayFaults;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isAuthorized(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const h = req.headers.authorization;
  if (typeof h === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    if (m && sameSecret(m[1], token)) return true;
  }
  const q = new URL(req.url ?? '/', 'http://relay').searchParams.get('access_token');
  return q !== null && sameSecret(q, token);
}

export async function startDemoRelay(opts: DemoRelayOptions = {}): Promise<DemoRelay> {
  const host = opts.host ?? '127.0.0.1';
  // `let`: tests rotate it (faults.rotateToken).
  let token = opts.token;
  const bufferPerSession = opts.bufferPerSession ?? 1000;
  const pingIntervalMs = opts.pingIntervalMs ?? 25_000;
  const core = new RelayCore(bufferPerSession, token !== undefined);

  const capabilities: Record<string, unknown> = {
    replay: { buffer: bufferPerSession, all: opts.replayAll ?? true },
    roster: {},
    capture: [...CAPTURE_ORDER],
    filters: ['attr-match'],
  };
  if (token !== undefined) capabilities.control = { accepts: [...CONTROL_TYPES] };
  const relayHello = {
    type: 'hello',
    versions: [AEP_VERSION],
    // A relay takes Events in and fans them out: both of AEP-0003 §4's roles.
    role: 'both',
    identity: { agent: 'aep-demo-relay', instance: `${hostname()}/${process.pid}` },
    // Watch-only is signalled twice: `capabilities.control` is absent and `auth` is "none".
    auth: token !== undefined ? 'bearer' : 'none',
    capabilities,
  };

  const serveSse = opts.sse ?? true;
  const endpoints: Record<string, string> = { events: '/events', socket: '/socket' };
  if (serveSse) endpoints.stream = '/stream';
  const conns = new Set<SocketConnection>();
  const faultSettings: FaultSettings = { subscribes: [] };
  const sse = new Set<SseClient>();
  const wss = new WebSocketServer({ noServer: true });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/healthz') return json(200, { ok: true });
    if (!isAuthorized(req, token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      return res.end(JSON.stringify({ error: 'unauthorized' }));
    }
    if (req.method === 'GET' && (url.pathname === '/.well-known/aep' || url.pathname === '/events')) {
      // The discovery document (AEP-0003 §3.4); `versions` and `auth` are this relay's extras.
      return json(200, { aep: relayHello.versions, role: 'collector', endpoints, capabilities, versions: relayHello.versions, auth: relayHello.auth });
    }
    if (req.method === 'POST' && url.pathname === '/events') return void handlePostEvents(req, res, core).catch(() => res.destroy());
    if (req.method === 'GET' && url.pathname === '/stream' && serveSse) return handleStream(req, res, url, core, sse, pingIntervalMs);
    json(404, { error: 'not-found' });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const refuse = (status: string): void => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n${status.startsWith('401') ? 'WWW-Authenticate: Bearer\r\n' : ''}\r\n`);
      socket.destroy();
    };
    if (url.pathname !== '/socket') return refuse('404 Not Found');
    if (!isAuthorized(req, token)) return refuse('401 Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new SocketConnection(ws, core, relayHello, faultSettings);
      conns.add(conn);
      ws.on('close', () => conns.delete(conn));
    });
  });

  const pinger = setInterval(() => {
    const now = Date.now();
    for (const c of conns) {
      if (now - c.lastSeen > 3 * pingIntervalMs) c.terminate();
      else c.ping();
    }
  }, pingIntervalMs);
  pinger.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closed: Promise<void> | undefined;
  const release = async (): Promise<void> => {
    wss.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  const kill = (): Promise<void> => {
    closed ??= (async () => {
      clearInterval(pinger);
      for (const c of conns) c.terminate();
      await release();
    })();
    return closed;
  };
  const close = (): Promise<void> => {
    closed ??= (async () => {
      clearInterval(pinger);
      const waits = [...conns].map(
        (c) =>
          new Promise<void>((resolve) => {
            const t = setTimeout(() => {
              c.terminate();
              resolve();
            }, 500);
            c.onClosed(() => {
              clearTimeout(t);
              resolve();
            });
            c.shutdown('shutdown');
          }),
      );
      for (const s of sse) s.shutdown();
      await Promise.all(waits);
      await release();
    })();
    return closed;
  };

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close,
    publish(event: AepEvent): void {
      const problem = envelopeProblem(event);
      if (problem) throw new Error(`publish: invalid event: ${problem}`);
      core.ingest(event, JSON.stringify(event), { refuse: () => undefined });
    },
    connections: () => conns.size,
    faults: relayFaults({
      settings: faultSettings,
      connections: () => conns,
      core,
      kill,
      restart: async () => {
        await kill();
        return startDemoRelay({ ...opts, port, token });
      },
      setToken: (next) => {
        if (token === undefined) throw new Error('rotateToken: a watch-only relay has no token to rotate');
        token = next;
      },
    }),
  };
}
