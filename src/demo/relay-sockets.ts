// The demo relay's WebSocket side: the upgrade at `/socket` (bearer-gated),
// the open connections, the keep-alive ping (a connection silent for three
// periods is dropped), and ending them all (abruptly, or with `closing`).

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { isAuthorized } from './relay-auth.js';
import type { RelayCore } from './relay-core.js';
import type { FaultSettings } from './relay-faults.js';
import { SocketConnection } from './relay-socket.js';

export interface SocketHubOptions {
  core: RelayCore;
  hello: Record<string, unknown>;
  faults: FaultSettings;
  /** The token now in force (tests rotate it). */
  token(): string | undefined;
  pingIntervalMs: number;
}

export class SocketHub {
  readonly conns = new Set<SocketConnection>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly o: SocketHubOptions) {
    this.pinger = setInterval(() => this.pingAll(), o.pingIntervalMs);
    this.pinger.unref();
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://relay');
    const refuse = (status: string): void => {
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: ` +
          `0\r\n${status.startsWith('401') ? 'WWW-Authenticate: Bearer\r\n' : ''}\r\n`,
      );
      socket.destroy();
    };
    if (url.pathname !== '/socket') return refuse('404 Not Found');
    if (!isAuthorized(req, this.o.token())) return refuse('401 Unauthorized');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new SocketConnection(ws, socket, this.o.core, this.o.hello, this.o.faults);
      this.conns.add(conn);
      ws.on('close', () => this.conns.delete(conn));
    });
  }

  private pingAll(): void {
    const now = Date.now();
    for (const c of this.conns) {
      if (now - c.lastSeen > 3 * this.o.pingIntervalMs) c.terminate();
      else c.ping();
    }
  }

  stopPinging(): void {
    clearInterval(this.pinger);
  }

  terminateAll(): void {
    for (const c of this.conns) c.terminate();
  }

  /** Sends every connection `closing` and resolves once each closed (terminated after 500 ms). */
  shutdownAll(): Promise<void> {
    const waits = [...this.conns].map(
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
    return Promise.all(waits).then(() => undefined);
  }

  close(): void {
    this.wss.close();
  }
}
