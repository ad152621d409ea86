// A minimal AEP emitter that survives relay restarts the way a real adapter
// does: it keeps its own state (session, seq, pending requests, recorded
// acks), reconnects to the same URL, re-claims its session and re-announces
// its still-pending requests with their original ids (the relay's buffer died
// with it; consumers dedupe on (source, id)). The demo agent does not
// reconnect, which is why the relay-restart test uses this instead.

import { ulid } from 'ulid';
import WebSocket from 'ws';
import type { AepEvent } from '../../src/protocol/types.js';
import { realClearTimeout, realSetTimeout } from './helpers.js';

export interface DurableEmitter {
  session: string;
  raise(prompt: string): string;
  /** Every command received (duplicates included). */
  received: AepEvent[];
  /** Connections made so far. */
  connections: number;
  /** Resolves once the emitter is connected (hello answered) at least `n` times. */
  connected(n: number): Promise<void>;
  /** Resolves once the relay has handled everything sent so far (a ping round trip: it handles frames in order). */
  synced(): Promise<void>;
  close(): void;
}

export function startDurableEmitter(opts: {
  relayUrl: string;
  token: string;
  name: string;
  session: string;
  retryMs?: number;
}): DurableEmitter {
  const socketUrl = opts.relayUrl.replace(/^http/, 'ws') + '/socket';
  const source = `aep://host-d/agent/${opts.name}/session/${opts.session}`;
  const pending = new Map<string, AepEvent>();
  const acks = new Map<string, string>();
  let seq = 0;
  let ws: WebSocket | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const waiters: Array<() => void> = [];
  const syncReplies = new Map<string, () => void>();
  let syncCounter = 0;

  const event = (type: string, rest: Partial<AepEvent>): AepEvent => ({
    aep: '0.1',
    id: ulid(),
    type,
    time: new Date().toISOString(),
    source,
    agent: opts.name,
    session: opts.session,
    seq: seq++,
    capture: 'redacted',
    ...rest,
  });
  const send = (e: AepEvent | string): void => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(typeof e === 'string' ? e : JSON.stringify(e));
  };

  const emitter: DurableEmitter = {
    session: opts.session,
    received: [],
    connections: 0,
    raise(prompt) {
      const request = event('attention.requested', {
        severity: 'notice',
        data: {
          kind: 'permission',
          prompt,
          options: [
            { id: 'allow', label: 'Allow' },
            { id: 'deny', label: 'Deny' },
          ],
          respond_via: ['control'],
        },
      });
      pending.set(request.id, request);
      send(request);
      return request.id;
    },
    connected: (n) =>
      new Promise((resolve) => {
        const check = (): boolean => (emitter.connections >= n ? (resolve(), true) : false);
        if (!check()) waiters.push(() => void check());
      }),
    synced: () =>
      new Promise((resolve) => {
        const id = `sync-${++syncCounter}`;
        syncReplies.set(id, resolve);
        send(JSON.stringify({ type: 'ping', t: id }));
      }),
    close() {
      closed = true;
      if (retry) realClearTimeout(retry);
      ws?.terminate();
    },
  };

  const onCommand = (cmd: AepEvent): void => {
    emitter.received.push(cmd);
    const recorded = acks.get(cmd.id);
    if (recorded) return send(recorded);
    const request = typeof cmd.subject === 'string' ? pending.get(cmd.subject) : undefined;
    if (!request) {
      const rejected = event('control.rejected', {
        cause: cmd.id,
        data: { reason: 'invalid', detail: 'unknown request' },
      });
      acks.set(cmd.id, JSON.stringify(rejected));
      return send(rejected);
    }
    const accepted = event('control.accepted', { cause: cmd.id, data: {} });
    acks.set(cmd.id, JSON.stringify(accepted));
    send(accepted);
    pending.delete(request.id);
    const answer = (cmd.data as { answer?: unknown } | undefined)?.answer ?? {};
    const answered = event('attention.answered', {
      subject: request.id,
      cause: cmd.id,
      data: { answer, by: cmd.agent, via: 'control' },
    });
    send(answered);
    send(event('attention.resolved', { subject: request.id, cause: answered.id, data: { resolution: 'answered' } }));
  };

  const connect = (): void => {
    if (closed) return;
    const socket = new WebSocket(socketUrl, { headers: { authorization: `Bearer ${opts.token}` } });
    ws = socket;
    socket.on('error', () => undefined);
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          type: 'hello',
          versions: ['0.1'],
          role: 'emitter',
          identity: { agent: opts.name, instance: 'host-d/1' },
          capabilities: { control: { accepts: ['control.attention.respond'], ack_window_ms: 5000 } },
          sessions: [opts.session],
        }),
      );
    });
    socket.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'hello') {
        emitter.connections++;
        for (const request of pending.values()) send(request); // re-announce, same ids
        for (const w of [...waiters]) w();
      } else if (msg.type === 'ping') send(JSON.stringify({ type: 'pong', t: msg.t }));
      else if (msg.type === 'pong' && syncReplies.has(msg.t)) {
        syncReplies.get(msg.t)!();
        syncReplies.delete(msg.t);
      } else if (typeof msg.type === 'string' && msg.type.includes('.')) onCommand(msg as AepEvent);
    });
    socket.on('close', () => {
      if (closed) return;
      retry = realSetTimeout(connect, opts.retryMs ?? 20);
    });
  };
  connect();
  return emitter;
}
