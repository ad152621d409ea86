// A demo agent's handling of one command, as a conformant target must
// (AEP-0004 §3/§5): a retried command gets its recorded ack again, byte for
// byte, and is applied once; session-level commands go to agent-control.ts,
// answers to agent-decide.ts; the ack precedes the outcome Events.

import type { AepEvent } from '../protocol/types.js';
import { decideControl, type ControlHost } from './agent-control.js';
import { decide, recordAnswer } from './agent-decide.js';
import { dismissRequest, pendingIn, resolveRequest, startRun, type AgentSession } from './agent-session.js';
import type { DemoAgent } from './agent-types.js';

/** The session as agent-control.ts sees it; `endSession` ends it (control.cancel {scope: session}). */
export function controlHost(s: AgentSession, endSession: (cause: string) => void): ControlHost {
  return {
    accepts: s.accepts,
    run: () => s.run,
    paused: () => s.paused,
    setPaused: (p) => (s.paused = p),
    pendingIn: (r) => pendingIn(s, r),
    dismiss: (id, cause) => dismissRequest(s, id, cause),
    emit: (type, rest) => void s.emit(type, rest),
    nextRun: (cause) => startRun(s, cause),
    endSession,
  };
}

/** Records, dedupes, acks and applies one command received from the relay. */
export function handleCommand(s: AgentSession, agent: DemoAgent, host: ControlHost, cmd: AepEvent): void {
  agent.received.push(cmd);
  agent.onCommand?.(cmd);
  if (agent.silent) return; // simulates a lost delivery: not even deduped
  const key = `${cmd.source}\u0000${cmd.id}`;
  const recorded = s.acks.get(key);
  if (recorded !== undefined) {
    s.sendRaw(recorded); // a retry: the same ack again, applied once
    return;
  }
  if (cmd.type !== 'control.attention.respond') return applyControl(s, host, cmd, key);
  if (!s.accepts.includes(cmd.type)) {
    s.acks.set(key, reject(s, cmd, 'unsupported', `${cmd.type} is not accepted by this agent`));
    return;
  }
  applyAnswer(s, cmd, key);
}

function reject(s: AgentSession, cmd: AepEvent, reason: string, detail: string): string {
  return s.emit('control.rejected', { cause: cmd.id, capture: 'redacted', data: { reason, detail } }).raw;
}

function accept(s: AgentSession, cmd: AepEvent): string {
  return s.emit('control.accepted', { cause: cmd.id, data: {} }).raw;
}

function applyControl(s: AgentSession, host: ControlHost, cmd: AepEvent, key: string): void {
  const c = decideControl(cmd, host, s.runStartedAt);
  s.acks.set(key, c.ack === 'rejected' ? reject(s, cmd, c.reason, c.detail) : accept(s, cmd));
  if (c.ack === 'accepted') c.apply();
}

function applyAnswer(s: AgentSession, cmd: AepEvent, key: string): void {
  const req = typeof cmd.subject === 'string' ? s.requests.get(cmd.subject) : undefined;
  const d = decide(cmd, req);
  if (d.ack === 'rejected') {
    s.acks.set(key, reject(s, cmd, d.reason, d.detail));
    return;
  }
  s.acks.set(key, accept(s, cmd));
  const rec = recordAnswer(req!, d.applied);
  resolveRequest(s, req!, rec.answer as Record<string, unknown>, rec.capture, cmd.agent, 'control', cmd.id);
  s.opts.onAnswered?.(req!.id, d.applied, cmd.agent);
}
