// Test helpers: a tiny raw `ws` client that records every frame and awaits
// frames by predicate (no sleeps where an event can be awaited).

import { ulid } from 'ulid';
import WebSocket from 'ws';
import { socketUrl } from '../../src/demo/wire.js';
import { emitterEvents } from '../support/events.js';
import { FrameInbox, type WireFrame } from '../support/frame-inbox.js';
import { patient } from '../support/patience.js';

export type Frame = WireFrame;

export interface TestClient {
  ws: WebSocket;
  frames: Frame[];
  send(o: unknown): void;
  sendRaw(s: string): void;
  /** Resolves with the first not-yet-returned frame matching `pred`. */
  waitFor(pred: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export const CONSUMER_HELLO = {
  type: 'hello',
  versions: ['0.1'],
  role: 'consumer',
  identity: { agent: 'aep-console', instance: 'test/1' },
  capabilities: { filters: ['attr-match'] },
};

export interface ConnectOptions {
  token?: string;
  /** The first frame; false sends nothing. Default: a consumer hello. */
  hello?: unknown | false;
  /** Put the token in `?access_token=` instead of the header. */
  tokenInQuery?: boolean;
}

export function connect(relayUrl: string, opts: ConnectOptions = {}): Promise<TestClient> {
  let url = socketUrl(relayUrl);
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) {
    if (opts.tokenInQuery) url += `?access_token=${encodeURIComponent(opts.token)}`;
    else headers.authorization = `Bearer ${opts.token}`;
  }
  const ws = new WebSocket(url, { headers });
  const inbox = new FrameInbox<Frame>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('message', (data) => inbox.push(JSON.parse(data.toString())));

  const client: TestClient = {
    ws,
    frames: inbox.frames,
    closed,
    send: (o) => ws.send(JSON.stringify(o)),
    sendRaw: (s) => ws.send(s),
    waitFor: (pred, timeoutMs = patient(2000)) => inbox.next(pred, timeoutMs),
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      if (opts.hello !== false) client.send(opts.hello ?? CONSUMER_HELLO);
      resolve(client);
    });
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
  });
}

/** Connects, says hello, awaits the relay hello, and subscribes (`from: "all"` by default). */
export async function consumer(
  relayUrl: string,
  token: string | undefined,
  sub: Record<string, unknown> = { id: 'sub-1', filter: {}, from: 'all' },
): Promise<TestClient> {
  const c = await connect(relayUrl, { token });
  await c.waitFor((f) => f.type === 'hello');
  c.send({ type: 'subscribe', ...sub });
  await c.waitFor((f) => (f.type === 'subscribed' || f.type === 'error') && f.id === sub.id);
  return c;
}

/** Connects as an emitter with the given hello capabilities. */
export async function emitter(
  relayUrl: string,
  token: string | undefined,
  hello: Record<string, unknown> = {},
): Promise<TestClient> {
  const c = await connect(relayUrl, {
    token,
    hello: {
      type: 'hello',
      versions: ['0.1'],
      role: 'emitter',
      identity: { agent: 'test-agent', instance: 'test/2' },
      capabilities: { control: { accepts: ['control.attention.respond'], ack_window_ms: 5000 } },
      ...hello,
    },
  });
  await c.waitFor((f) => f.type === 'hello');
  return c;
}

const seqs = new Map<string, number>();

/** test-agent on host "test": fresh ulids, seqs from 0 per session, the time now, epoch 0 at metadata. */
const testAgentEvent = emitterEvents({
  agent: 'test-agent',
  host: 'test',
  next: (session) => {
    const seq = seqs.get(session) ?? 0;
    seqs.set(session, seq + 1);
    return { id: ulid(), seq };
  },
  time: () => new Date().toISOString(),
  envelope: { epoch: 0, capture: 'metadata' },
});

/** A minimal valid session event. */
export function ev(session: string, type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...testAgentEvent({ type, session, ...extra }) };
}

/** A `control.attention.respond` as the console would send it. */
export function respond(
  session: string,
  requestId: string,
  answer: Record<string, unknown>,
  id = ulid(),
): Record<string, unknown> {
  const hasText = typeof answer.text === 'string' || answer.values !== undefined;
  return {
    aep: '0.1',
    id,
    type: 'control.attention.respond',
    time: new Date().toISOString(),
    source: 'aep://test/agent/aep-console',
    agent: 'aep-console',
    session,
    subject: requestId,
    cause: requestId,
    capture: hasText ? 'redacted' : 'metadata',
    data: { answer },
  };
}

/** Ping round trip: the relay handles frames in order, so its pong also marks "everything before was processed" (on any role). */
export async function barrier(c: TestClient): Promise<void> {
  const t = `b-${ulid()}`;
  c.send({ type: 'ping', t });
  await c.waitFor((f) => f.type === 'pong' && f.t === t);
}

/** Waits for an in-process condition (for state with no wire event to await). */
export async function until(cond: () => boolean, timeoutMs = patient(2000)): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
