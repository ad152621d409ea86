// The demo agent's shared shapes: what a test asks it to raise, how it is
// started and what it hands back. Types only, so the agent's parts
// (agent-script.ts among them) depend on this file, never on agent.ts.

import type { AepEvent, Capture, Choice, FieldSpec, Severity } from '../protocol/types.js';
import type { AppliedAnswer } from './agent-decide.js';

export interface RaiseRequest {
  kind: string;
  prompt: string;
  options?: Choice[];
  fields?: FieldSpec[];
  /** The request times out (attention.timeout) this long after it is raised. */
  expiresInMs?: number;
  /** Default ["control"]. ["oob"] = informational: the agent resolves it itself. */
  respondVia?: Array<'control' | 'oob'>;
  /** Default "redacted". At "metadata" the prompt is synthesized and labels become indexes. */
  capture?: Capture;
  /** Default "notice". */
  severity?: Severity;
  /** Envelope subject of the request, e.g. the tool name ("Bash"). */
  subject?: string;
  /** For informational requests: resolve after this long (default: the agent's oobResolveMs). */
  resolveAfterMs?: number;
  /** For informational requests: the option the local operator picks (default the first). */
  oobOption?: string;
  /** With a subject: the tool call's arguments, emitted in the tool.requested that causes the request. */
  args?: Record<string, unknown>;
  /**
   * Test hook: the request names this Event id as its cause and emits no tool
   * call of its own (a test publishes one later, elsewhere, or never).
   */
  causeId?: string;
  /** Test hook: the request's own Event id (ids are unique per emitter only: two agents may raise the same one). */
  id?: string;
}

export interface ScriptTiming {
  /** Requests raised immediately at start (default 3). */
  initialBurst: number;
  /** Gap between later requests, uniformly in [minGapMs, maxGapMs] (default 8–20 s). */
  minGapMs: number;
  maxGapMs: number;
  /** No new request while this many are pending (default 6). */
  maxPending: number;
  /** Expiry of the request meant to time out (default 45 s). */
  shortExpiryMs: number;
  /** Informational requests resolve themselves after this long (default 20 s). */
  oobResolveMs: number;
}

export interface DemoAgentOptions {
  relayUrl: string;
  token?: string;
  /** Logical agent name, e.g. "claude-code". */
  name: string;
  /** Host named in `source` and `instance` (default os.hostname()). */
  host?: string;
  session?: string;
  /** 'mixed' keeps raising a realistic mix; 'none' (default) raises only via raise(). */
  script?: 'mixed' | 'none';
  ackWindowMs?: number;
  seed?: number;
  /** Called with every event the agent emits. */
  onEvent?: (e: AepEvent) => void;
  /** Called once a request is answered (answered and resolved already emitted), with the answer as applied and who gave it. */
  onAnswered?: (requestId: string, answer: AppliedAnswer, by: string) => void;
  /** Called once the connection to the relay is gone (close(), or the relay went away). */
  onClose?: () => void;
  /** Informational requests resolve themselves after this long (default 20000 ms). */
  oobResolveMs?: number;
  /** Pace of the 'mixed' script (tests shorten it). */
  timing?: Partial<ScriptTiming>;
  /** Declared `control.accepts` (default: respond, cancel, pause, resume). */
  accepts?: string[];
}

export interface DemoAgent {
  readonly session: string;
  readonly source: string;
  raise(req: RaiseRequest): string;
  /** Test hook: emits a tool.requested in this session with Event id `id` (a cause that arrives late). */
  toolCall(id: string, subject: string, args: Record<string, unknown>): void;
  close(): Promise<void>;
  /** Test hook: the agent vanishes as in a crash: its socket closes with no session.ended. */
  drop(): Promise<void>;
  /** Test hook: when true, commands are recorded but never processed or acked. */
  silent: boolean;
  /** Every command received, in order (including duplicates). */
  received: AepEvent[];
  /** Called after each command is added to `received`, so tests can await one instead of polling. */
  onCommand?: (command: AepEvent) => void;
  /** Requests still pending. */
  pendingCount(): number;
  /** The run requests are raised in now (a cancel starts a new one). */
  readonly run: string;
  /** Paused by control.pause: the script raises nothing until resumed. */
  readonly paused: boolean;
}
