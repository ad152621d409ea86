// A demo agent: an AEP emitter that raises attention requests and honours
// answers exactly as a conformant target must (AEP-0002 §7, AEP-0004 §3,
// AEP-0006, AEP-0008). Never writes to stdout/stderr.
//
// This file wires the parts: the connection (agent-connection.ts), the
// session state and its Events (agent-session.ts), raising requests
// (agent-raise.ts), handling commands (agent-commands.ts) and the 'mixed'
// script (agent-script.ts).

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import WebSocket from 'ws';
import { controlHost, handleCommand } from './agent-commands.js';
import { closeSocket, handshake, openSocket } from './agent-connection.js';
import { DEMO_ACCEPTS } from './agent-control.js';
import { emitToolCall, raiseRequest } from './agent-raise.js';
import { startScript } from './agent-script.js';
import { clearTimers, createSession, pendingCount, startRun, type AgentSession } from './agent-session.js';
import type { DemoAgent, DemoAgentOptions, RaiseRequest } from './agent-types.js';
import { seededRandom } from './wire.js';

export type { DemoAgent, DemoAgentOptions, RaiseRequest } from './agent-types.js';

export async function startDemoAgent(opts: DemoAgentOptions): Promise<DemoAgent> {
  const host = opts.host ?? hostname();
  const session = opts.session ?? `s_${randomBytes(3).toString('hex')}`;
  const accepts = opts.accepts ?? DEMO_ACCEPTS;
  const s = createSession(opts, openSocket(opts.relayUrl, opts.token), {
    session,
    source: `aep://${host}/agent/${opts.name}/session/${session}`,
    accepts,
    oobResolveMs: opts.oobResolveMs ?? 20_000,
  });
  const agent = publicAgent(s);
  const hostForControl = controlHost(s, (cause) => void endSession(s, cause));
  const hello = {
    agent: opts.name,
    instance: `${host}/${process.pid}`,
    accepts,
    ackWindowMs: opts.ackWindowMs ?? 10_000,
    session,
  };
  await handshake(s.ws, hello, s.sendRaw, (cmd) => handleCommand(s, agent, hostForControl, cmd));
  s.ws.on('close', () => {
    // the relay went away (or close() finished): stop raising into the void
    s.closed = true;
    s.stopScript?.();
    clearTimers(s);
    opts.onClose?.();
  });
  s.emit('session.started', { data: { client: { name: opts.name, version: 'demo' } } });
  startRun(s);
  if (opts.script === 'mixed') startMixedScript(s, agent);
  return agent;
}

function publicAgent(s: AgentSession): DemoAgent {
  return {
    session: s.session,
    source: s.source,
    raise: (r) => raiseRequest(s, r),
    toolCall: (id, subject, args) => void emitToolCall(s, subject, args, 'redacted', false, id),
    silent: false,
    received: [],
    pendingCount: () => pendingCount(s),
    get run() {
      return s.run;
    },
    get paused() {
      return s.paused;
    },
    close: () => endSession(s),
    drop: async () => {
      // A crash: the socket goes, no session.ended (the relay's roster loses the session; its requests stay open).
      s.stopScript?.();
      s.closed = true;
      clearTimers(s);
      await closeSocket(s.ws);
    },
  };
}

function startMixedScript(s: AgentSession, agent: DemoAgent): void {
  const rng = seededRandom(s.opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  // Paused (control.pause): the script raises nothing until control.resume.
  const scripted = (r: RaiseRequest): string => (s.paused ? '' : raiseRequest(s, r));
  s.stopScript = startScript({
    name: s.opts.name,
    raise: scripted,
    pendingCount: agent.pendingCount,
    rng,
    timing: { oobResolveMs: s.oobResolveMs, ...s.opts.timing },
  });
}

/** session.ended (reason cancelled when a control.cancel asked for it), then the socket closed. */
async function endSession(s: AgentSession, cancelledBy?: string): Promise<void> {
  if (s.closed) return;
  s.stopScript?.();
  if (s.ws.readyState === WebSocket.OPEN) {
    s.emit('session.ended', {
      cause: cancelledBy,
      data: { reason: cancelledBy ? 'cancelled' : 'normal', duration_ms: Date.now() - s.startedAt },
    });
  }
  s.closed = true;
  clearTimers(s);
  await closeSocket(s.ws);
}
