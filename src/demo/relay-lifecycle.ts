// The demo relay's life: listening, and its two ends, shared so either runs
// once: kill (every socket destroyed, no closing frame: a crash) and close
// (closing frames, SSE streams ended, then the port released).

import type { Server } from 'node:http';
import type { SseClient } from './relay-sse.js';
import type { SocketHub } from './relay-sockets.js';

/** Listens; resolves with the port bound. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  return typeof addr === 'object' && addr ? addr.port : 0;
}

export interface RelayEnds {
  kill(): Promise<void>;
  close(): Promise<void>;
}

export function relayEnds(server: Server, hub: SocketHub, sse: Set<SseClient>): RelayEnds {
  let closed: Promise<void> | undefined;
  const release = async (): Promise<void> => {
    hub.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  const kill = (): Promise<void> => {
    closed ??= (async () => {
      hub.stopPinging();
      hub.terminateAll();
      await release();
    })();
    return closed;
  };
  const close = (): Promise<void> => {
    closed ??= (async () => {
      hub.stopPinging();
      const waits = hub.shutdownAll();
      for (const s of sse) s.shutdown();
      await waits;
      await release();
    })();
    return closed;
  };
  return { kill, close };
}
