// The embedded demo relay: an AEP-0003 WebSocket binding at `/socket`, plus
// `POST /events`, `GET /stream` (SSE), `GET /.well-known/aep` and `/healthz`.
// Loopback by default. Never writes to stdout/stderr (the TUI owns the terminal).
//
// This file wires the parts: HTTP routing (relay-http.ts), the WebSocket
// side (relay-sockets.ts), listening and closing (relay-lifecycle.ts), and
// fault injection for tests (relay-faults.ts) over one RelayCore.

import { createServer } from 'node:http';
import type { AepEvent } from '../protocol/types.js';
import { RelayCore } from './relay-core.js';
import { relayFaults, type FaultSettings } from './relay-faults.js';
import { handleHttp } from './relay-http.js';
import { relayIdentity } from './relay-identity.js';
import { listen, relayEnds } from './relay-lifecycle.js';
import { SocketHub } from './relay-sockets.js';
import type { SseClient } from './relay-sse.js';
import type { DemoRelay, DemoRelayOptions } from './relay-types.js';
import { envelopeProblem } from './wire.js';

export { isAuthorized } from './relay-auth.js';
export type { DemoRelay, DemoRelayOptions } from './relay-types.js';

export async function startDemoRelay(opts: DemoRelayOptions = {}): Promise<DemoRelay> {
  const host = opts.host ?? '127.0.0.1';
  // `let`: tests rotate it (faults.rotateToken).
  let token = opts.token;
  const bufferPerSession = opts.bufferPerSession ?? 1000;
  const pingIntervalMs = opts.pingIntervalMs ?? 25_000;
  const serveSse = opts.sse ?? true;
  const core = new RelayCore(bufferPerSession, token !== undefined);
  const { hello, discovery } = relayIdentity(opts, bufferPerSession, token !== undefined, serveSse);
  const faultSettings: FaultSettings = { subscribes: [], fromConsumers: [] };
  const sse = new Set<SseClient>();
  const hub = new SocketHub({ core, hello, faults: faultSettings, token: () => token, pingIntervalMs });
  const server = createServer((req, res) =>
    handleHttp(
      {
        token: () => token,
        core,
        discovery,
        serveSse,
        sse,
        pingIntervalMs,
        readFault: (filter) => faultSettings.reads?.(filter),
      },
      req,
      res,
    ),
  );
  server.on('upgrade', (req, socket, head) => hub.upgrade(req, socket, head));

  const port = await listen(server, opts.port ?? 0, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const { kill, close } = relayEnds(server, hub, sse);

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close,
    publish(event: AepEvent): void {
      const problem = envelopeProblem(event);
      if (problem) throw new Error(`publish: invalid event: ${problem}`);
      core.ingest(event, JSON.stringify(event), { refuse: () => undefined });
    },
    connections: () => hub.conns.size,
    faults: relayFaults({
      settings: faultSettings,
      connections: () => hub.conns,
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
