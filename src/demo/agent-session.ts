// The demo agent's session state and the Events that change it: the
// envelope every Event gets (one seq counter per session), runs, timers that
// die with the session, and a request's answered → resolved pair
// (AEP-0002 §7). Shared by request raising and command handling.

import { monotonicFactory } from 'ulid';
import WebSocket from 'ws';
import type { AepEvent, Capture } from '../protocol/types.js';
import type { HeldRequest } from './agent-decide.js';
import type { DemoAgentOptions } from './agent-types.js';
import { AEP_VERSION, nowIso } from './wire.js';

// Kept out of agent-types.ts: the public declarations must not name `ws` (a
// consumer of `aep-console/demo` need not have its types).
/** Emits one Event of the agent's session; returns it and the exact text sent. */
export type Emit = (type: string, rest?: Partial<AepEvent>) => { event: AepEvent; raw: string };

/** One agent's live session: what its parts read and change. */
export interface AgentSession {
  readonly opts: DemoAgentOptions;
  readonly ws: WebSocket;
  readonly session: string;
  readonly source: string;
  readonly accepts: string[];
  readonly oobResolveMs: number;
  readonly startedAt: number;
  readonly requests: Map<string, HeldRequest>;
  /** (source, id) → recorded ack, byte-identical. */
  readonly acks: Map<string, string>;
  readonly timers: Set<NodeJS.Timeout>;
  readonly emit: Emit;
  readonly nextId: () => string;
  sendRaw(text: string): void;
  closed: boolean;
  run: string;
  runStartedAt: number;
  runCounter: number;
  runStartedId?: string;
  paused: boolean;
  stopScript?: () => void;
}

export interface SessionIdentity {
  session: string;
  source: string;
  accepts: string[];
  oobResolveMs: number;
}

/** The session of an agent whose socket is `ws` (not yet open: sends wait for OPEN). */
export function createSession(opts: DemoAgentOptions, ws: WebSocket, id: SessionIdentity): AgentSession {
  const nextId = monotonicFactory();
  const sendRaw = (text: string): void => {
    if (ws.readyState === WebSocket.OPEN) ws.send(text);
  };
  return {
    opts,
    ws,
    ...id,
    startedAt: Date.now(),
    requests: new Map<string, HeldRequest>(),
    acks: new Map<string, string>(),
    timers: new Set<NodeJS.Timeout>(),
    emit: emitter(opts, id, nextId, sendRaw),
    nextId,
    sendRaw,
    closed: false,
    run: '',
    runStartedAt: Date.now(),
    runCounter: 0,
    paused: false,
  };
}

function emitter(
  opts: DemoAgentOptions,
  id: SessionIdentity,
  nextId: () => string,
  sendRaw: (text: string) => void,
): Emit {
  let seq = 0;
  return (type, rest = {}) => {
    const event: AepEvent = {
      aep: AEP_VERSION,
      id: rest.id ?? nextId(),
      type,
      ...(rest.subject !== undefined ? { subject: rest.subject } : {}),
      time: nowIso(),
      source: id.source,
      agent: opts.name,
      session: id.session,
      ...(rest.run !== undefined ? { run: rest.run } : {}),
      seq: seq++,
      epoch: 0,
      ...(rest.cause !== undefined ? { cause: rest.cause } : {}),
      ...(rest.severity !== undefined ? { severity: rest.severity } : {}),
      capture: rest.capture ?? 'metadata',
      ...(rest.data !== undefined ? { data: rest.data } : {}),
    };
    const raw = JSON.stringify(event);
    sendRaw(raw);
    opts.onEvent?.(event);
    return { event, raw };
  };
}

/** Runs `fn` after `ms` unless the session has closed by then. */
export function later(s: AgentSession, ms: number, fn: () => void): void {
  const t = setTimeout(() => {
    s.timers.delete(t);
    if (!s.closed) fn();
  }, ms);
  s.timers.add(t);
}

export function clearTimers(s: AgentSession): void {
  for (const t of s.timers) clearTimeout(t);
  s.timers.clear();
}

export function resolveRequest(
  s: AgentSession,
  req: HeldRequest,
  answer: Record<string, unknown>,
  capture: Capture,
  by: string,
  via: 'control' | 'oob',
  cause: string,
): void {
  req.state = 'answered';
  const answered = s.emit('attention.answered', { subject: req.id, cause, capture, data: { answer, by, via } });
  req.state = 'resolved';
  s.emit('attention.resolved', {
    subject: req.id,
    cause: answered.event.id,
    data: { resolution: 'answered', latency_ms: Math.max(0, Date.now() - req.requestedAt) },
  });
}

/** A pending request withdrawn by a cancel (attention.resolved, resolution dismissed). */
export function dismissRequest(s: AgentSession, id: string, cause: string): void {
  const req = s.requests.get(id);
  if (!req) return;
  req.state = 'resolved';
  s.emit('attention.resolved', {
    subject: id,
    cause,
    run: req.run,
    data: { resolution: 'dismissed', latency_ms: Math.max(0, Date.now() - req.requestedAt) },
  });
}

export function startRun(s: AgentSession, cause?: string): string {
  s.run = `r_${s.session.slice(2)}_${++s.runCounter}`;
  s.runStartedAt = Date.now();
  s.runStartedId = s.emit('run.started', { run: s.run, cause, data: { trigger: cause ? 'control' : 'user' } }).event.id;
  return s.run;
}

/** Ids of the pending requests of `run` (all runs when undefined). */
export function pendingIn(s: AgentSession, run: string | undefined): string[] {
  return [...s.requests.values()]
    .filter((q) => q.state === 'pending' && (run === undefined || q.run === run))
    .map((q) => q.id);
}

export function pendingCount(s: AgentSession): number {
  return [...s.requests.values()].filter((r) => r.state === 'pending').length;
}
