// A scriptable loopback relay for the client's unit tests: records every
// frame the client sends and lets the test answer by hand (or automatically
// for hello / subscribe). Not a relay implementation: the demo relay is used
// for behaviour end to end.

import { FrameInbox, type WireFrame } from '../support/frame-inbox.js';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type Frame = WireFrame;

export const RELAY_HELLO = {
  type: 'hello',
  versions: ['0.1'],
  role: 'relay',
  identity: { agent: 'fake-relay', instance: 'test/1' },
  capabilities: { replay: { buffer: 100, all: true }, roster: {}, control: { accepts: ['control.attention.respond'] } },
};

export interface FakeRelayOptions {
  /** Auto-reply to the client's hello with this; null = the test replies by hand. */
  hello?: Record<string, unknown> | null;
  /** Auto-reply `subscribed` to every subscribe (default true). */
  autoSubscribe?: boolean;
  /** Auto-reply to roster requests with these entries (default: no reply). */
  roster?: unknown[];
  /** Answer `ping` frames with `pong` (default true); false plays a half-open link. */
  pong?: boolean;
  /** Refuse the upgrade with this HTTP status. */
  rejectStatus?: number;
  port?: number;
  /**
   * Serve the discovery document (`GET /events`) and an SSE stream
   * (`GET /stream`, `live=0` reads only): `buffer`, filtered on the
   * session, then `: replay-complete` and the end (default: no SSE, 404).
   */
  sse?: boolean;
}

export interface FakeConnection {
  headers: IncomingHttpHeaders;
  /** Request path and query as received. */
  path: string;
  frames: Frame[];
  /** Resolves with the next not-yet-returned frame of `type` (or matching predicate). */
  next(match: string | ((f: Frame) => boolean)): Promise<Frame>;
  send(frame: unknown): void;
  sendRaw(text: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  closed: Promise<number>;
  ws: WebSocket;
}

export interface FakeRelay {
  url: string;
  port: number;
  options: FakeRelayOptions;
  connections: FakeConnection[];
  /** Resolves with the n-th connection (0-based) once it exists. */
  connection(n: number): Promise<FakeConnection>;
  /** Count of refused upgrades. */
  refused: number;
  /** What the relay holds for SSE reads: every Event sent on a connection is added (once per id). */
  buffer: Array<Record<string, unknown>>;
  /** While set, an SSE read waits for it before answering (a read under way). */
  streamHold?: Promise<void>;
  /** The query of each SSE read, in order. */
  reads: URLSearchParams[];
  close(): Promise<void>;
}

/** An Event (not a protocol frame such as hello or subscribed): what a relay would buffer. */
function isEvent(frame: unknown): frame is Record<string, unknown> {
  const f = frame as Record<string, unknown> | null;
  return (
    typeof f?.type === 'string' && f.type.includes('.') && typeof f.id === 'string' && typeof f.source === 'string'
  );
}

/** The relay's SSE side: discovery, then one `live=0` read of the buffer, filtered on the session. */
async function serveSse(relay: FakeRelay, path: string, res: import('node:http').ServerResponse): Promise<void> {
  const url = new URL(path, 'http://relay.test');
  if (url.pathname === '/events') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ endpoints: { stream: '/stream' }, capabilities: RELAY_HELLO.capabilities }));
    return;
  }
  if (url.pathname !== '/stream') {
    res.writeHead(404);
    res.end();
    return;
  }
  relay.reads.push(url.searchParams);
  if (relay.streamHold) await relay.streamHold;
  let session: unknown;
  try {
    session = (JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>).session;
  } catch {
    session = undefined;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of relay.buffer)
    if (session === undefined || event.session === session)
      res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end(': replay-complete\n\n');
}

export async function startFakeRelay(options: FakeRelayOptions = {}): Promise<FakeRelay> {
  const server: Server = createServer((req, res) => {
    if (relay.options.sse && req.method === 'GET') {
      void serveSse(relay, req.url ?? '/', res);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  const wss = new WebSocketServer({ noServer: true });
  const connections: FakeConnection[] = [];
  const connectionWaiters: Array<() => void> = [];
  const relay: FakeRelay = {
    url: '',
    port: 0,
    options,
    connections,
    refused: 0,
    buffer: [],
    reads: [],
    connection: (n) =>
      new Promise((resolve) => {
        const check = (): boolean => {
          if (connections[n]) {
            resolve(connections[n]);
            return true;
          }
          return false;
        };
        if (!check()) connectionWaiters.push(() => void check());
      }),
    close: async () => {
      for (const c of connections) c.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  server.on('upgrade', (req, socket, head) => {
    if (relay.options.rejectStatus) {
      relay.refused++;
      socket.end(`HTTP/1.1 ${relay.options.rejectStatus} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const inbox = new FrameInbox<Frame>();
      const conn: FakeConnection = {
        headers: req.headers,
        path: req.url ?? '',
        frames: inbox.frames,
        ws,
        next: (match) => inbox.next(typeof match === 'string' ? (f: Frame) => f?.type === match : match),
        send: (frame) => {
          if (isEvent(frame) && !relay.buffer.some((e) => e.id === frame.id)) relay.buffer.push(frame);
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
        },
        sendRaw: (text) => {
          if (ws.readyState === ws.OPEN) ws.send(text);
        },
        close: (code = 1000, reason) => ws.close(code, reason),
        terminate: () => ws.terminate(),
        closed: new Promise((resolve) => ws.on('close', (code) => resolve(code))),
      };
      ws.on('error', () => undefined);
      ws.on('message', (data) => {
        let frame: Frame;
        try {
          frame = JSON.parse(data.toString());
        } catch {
          frame = { unparsable: data.toString() };
        }
        inbox.push(frame);
        const opts = relay.options;
        if (frame?.type === 'hello' && opts.hello !== null) conn.send(opts.hello ?? RELAY_HELLO);
        if (frame?.type === 'subscribe' && opts.autoSubscribe !== false)
          conn.send({ type: 'subscribed', id: frame.id });
        // A relay answers ping with pong (AEP-0003 §3.5); the console probes a silent link this way.
        if (frame?.type === 'ping' && opts.pong !== false) conn.send({ type: 'pong', t: frame.t });
        if (frame?.type === 'roster' && opts.roster) conn.send({ type: 'roster', id: frame.id, entries: opts.roster });
      });
      connections.push(conn);
      for (const w of [...connectionWaiters]) w();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  relay.port = (server.address() as AddressInfo).port;
  relay.url = `http://127.0.0.1:${relay.port}`;
  return relay;
}
