// A demo agent's connection to the relay (AEP-0003 §4): the socket, the
// emitter hello, waiting for the relay's hello (or its refusal), then pings
// answered and commands handed on; and the closing handshake, bounded.

import WebSocket from 'ws';
import type { AepEvent } from '../protocol/types.js';
import { AEP_VERSION, isEventObject, isPlainObject, socketUrl } from './wire.js';

export interface AgentHello {
  agent: string;
  instance: string;
  accepts: string[];
  ackWindowMs: number;
  session: string;
}

/** The socket to the relay, not yet open. */
export function openSocket(relayUrl: string, token: string | undefined): WebSocket {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return new WebSocket(socketUrl(relayUrl), { headers });
}

function helloFrame(h: AgentHello): string {
  return JSON.stringify({
    type: 'hello',
    versions: [AEP_VERSION],
    role: 'emitter',
    identity: { agent: h.agent, instance: h.instance },
    capabilities: {
      control: { accepts: h.accepts, ack_window_ms: h.ackWindowMs },
      emits: ['session.*', 'attention.*', 'control.*', 'run.*', 'tool.*', 'progress.*'],
    },
    sessions: [h.session],
  });
}

/**
 * Sends the hello once open; resolves on the relay's hello, rejects on a
 * refused upgrade, a socket error or a connection-level error frame. The
 * message handler stays: pings are answered, Events (commands) go to `onCommand`.
 */
export function handshake(
  ws: WebSocket,
  hello: AgentHello,
  sendRaw: (text: string) => void,
  onCommand: (cmd: AepEvent) => void,
): Promise<void> {
  ws.on('error', () => undefined); // failures surface as 'close' (or reject the start below)
  return new Promise<void>((ready, fail) => {
    const onError = (err: Error): void => fail(err);
    ws.once('error', onError);
    ws.once('unexpected-response', (_req, res) => {
      ws.off('error', onError);
      fail(new Error(`relay refused the connection: HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('open', () => ws.send(helloFrame(hello)));
    ws.on('message', (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (!isPlainObject(msg)) return;
      if (msg.type === 'hello') {
        ws.off('error', onError);
        ready();
      } else if (msg.type === 'error' && typeof msg.cause !== 'string' && typeof msg.id !== 'string') {
        fail(new Error(`relay error: ${String(msg.code)}`));
      } else if (msg.type === 'ping') {
        sendRaw(JSON.stringify({ type: 'pong', t: msg.t }));
      } else if (isEventObject(msg) && typeof msg.id === 'string' && typeof msg.source === 'string') {
        onCommand(msg as AepEvent);
      }
    });
  });
}

/** Closes with 1000 and waits for the close, terminating after 1 s; at once if already closed. */
export async function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return;
  await new Promise<void>((done) => {
    const t = setTimeout(() => {
      ws.terminate();
      done();
    }, 1000);
    ws.once('close', () => {
      clearTimeout(t);
      done();
    });
    ws.close(1000, 'session ended');
  });
}
