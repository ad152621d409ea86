// A demo agent: an AEP emitter that raises attention requests and honours
// answers exactly as a conformant target must (AEP-0002 §7, AEP-0004 §3,
// AEP-0006, AEP-0008). Never writes to stdout/stderr.

import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { monotonicFactory } from 'ulid';
import WebSocket from 'ws';
import type { AepEvent, Capture, Choice, FieldSpec, Severity } from '../protocol/types.js';
import { decide, recordAnswer, type AppliedAnswer, type HeldRequest } from './agent-decide.js';
import { startScript, type ScriptTiming } from './agent-script.js';
import { DEMO_ACCEPTS, decideControl, type ControlHost } from './agent-control.js';
import { synthesizePrompt } from './downlevel.js';
import { AEP_VERSION, captureRank, isEventObject, isPlainObject, nowIso, seededRandom, socketUrl } from './wire.js';

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
  close(): Promise<void>;
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

export async function startDemoAgent(opts: DemoAgentOptions): Promise<DemoAgent> {
  const host = opts.host ?? hostname();
  const session = opts.session ?? `s_${randomBytes(3).toString('hex')}`;
  const source = `aep://${host}/agent/${opts.name}/session/${session}`;
  const ackWindowMs = opts.ackWindowMs ?? 10_000;
  const oobResolveMs = opts.oobResolveMs ?? 20_000;
  const nextId = monotonicFactory();
  const startedAt = Date.now();
  const requests = new Map<string, HeldRequest>();
  const acks = new Map<string, string>(); // (source, id) → recorded ack, byte-identical
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  let closed = false;
  let run = '';
  let runStartedAt = Date.now();
  let runCounter = 0;
  let runStartedId: string | undefined;
  let paused = false;
  const accepts = opts.accepts ?? DEMO_ACCEPTS;

  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  const ws = new WebSocket(socketUrl(opts.relayUrl), { headers });

  const sendRaw = (text: string): void => {
    if (ws.readyState === WebSocket.OPEN) ws.send(text);
  };

  const emit = (type: string, rest: Partial<AepEvent> = {}): { event: AepEvent; raw: string } => {
    const event: AepEvent = {
      aep: AEP_VERSION,
      id: nextId(),
      type,
      ...(rest.subject !== undefined ? { subject: rest.subject } : {}),
      time: nowIso(),
      source,
      agent: opts.name,
      session,
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

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  };

  const resolve = (req: HeldRequest, answer: Record<string, unknown>, capture: Capture, by: string, via: 'control' | 'oob', cause: string): void => {
    req.state = 'answered';
    const answered = emit('attention.answered', { subject: req.id, cause, capture, data: { answer, by, via } });
    req.state = 'resolved';
    emit('attention.resolved', {
      subject: req.id,
      cause: answered.event.id,
      data: { resolution: 'answered', latency_ms: Math.max(0, Date.now() - req.requestedAt) },
    });
  };

  const startRun = (cause?: string): string => {
    run = `r_${session.slice(2)}_${++runCounter}`;
    runStartedAt = Date.now();
    runStartedId = emit('run.started', { run, cause, data: { trigger: cause ? 'control' : 'user' } }).event.id;
    return run;
  };

  const controlHost: ControlHost = {
    accepts,
    run: () => run,
    paused: () => paused,
    setPaused: (p) => (paused = p),
    pendingIn: (r) => [...requests.values()].filter((q) => q.state === 'pending' && (r === undefined || q.run === r)).map((q) => q.id),
    dismiss: (id, cause) => {
      const req = requests.get(id);
      if (!req) return;
      req.state = 'resolved';
      emit('attention.resolved', { subject: id, cause, run: req.run, data: { resolution: 'dismissed', latency_ms: Math.max(0, Date.now() - req.requestedAt) } });
    },
    emit: (type, rest) => void emit(type, rest),
    nextRun: (cause) => startRun(cause),
    endSession: (cause) => void closeSession(cause),
  };

  const onCommand = (cmd: AepEvent): void => {
    agent.received.push(cmd);
    agent.onCommand?.(cmd);
    if (agent.silent) return; // simulates a lost delivery: not even deduped
    const key = `${cmd.source}\u0000${cmd.id}`;
    const recorded = acks.get(key);
    if (recorded !== undefined) {
      sendRaw(recorded); // a retry: the same ack again, applied once
      return;
    }
    if (cmd.type !== 'control.attention.respond') {
      const c = decideControl(cmd, controlHost, runStartedAt);
      const ack = c.ack === 'rejected' ? emit('control.rejected', { cause: cmd.id, capture: 'redacted', data: { reason: c.reason, detail: c.detail } }) : emit('control.accepted', { cause: cmd.id, data: {} });
      acks.set(key, ack.raw);
      if (c.ack === 'accepted') c.apply();
      return;
    }
    if (!accepts.includes(cmd.type)) {
      acks.set(key, emit('control.rejected', { cause: cmd.id, capture: 'redacted', data: { reason: 'unsupported', detail: `${cmd.type} is not accepted by this agent` } }).raw);
      return;
    }
    const req = typeof cmd.subject === 'string' ? requests.get(cmd.subject) : undefined;
    const d = decide(cmd, req);
    if (d.ack === 'rejected') {
      const { raw } = emit('control.rejected', { cause: cmd.id, capture: 'redacted', data: { reason: d.reason, detail: d.detail } });
      acks.set(key, raw);
      return;
    }
    const { raw } = emit('control.accepted', { cause: cmd.id, data: {} });
    acks.set(key, raw);
    const rec = recordAnswer(req!, d.applied);
    resolve(req!, rec.answer as Record<string, unknown>, rec.capture, cmd.agent, 'control', cmd.id);
    opts.onAnswered?.(req!.id, d.applied, cmd.agent);
  };

  const raise = (r: RaiseRequest): string => {
    if (closed) throw new Error('agent closed');
    const capture = r.capture ?? 'redacted';
    const atMetadata = captureRank(capture) < captureRank('redacted');
    const options = r.options ?? [];
    const fields = r.fields ?? [];
    const label = <T extends { label: string }>(x: T, i: number): T => (atMetadata ? { ...x, label: String(i + 1) } : x);
    const data: Record<string, unknown> = {
      kind: r.kind,
      prompt: atMetadata ? synthesizePrompt(opts.name, r.kind, r.subject) : r.prompt,
    };
    if (r.options) data.options = options.map(label);
    if (r.fields) data.fields = fields.map((f, i) => ({ ...label(f, i), ...(f.choices ? { choices: f.choices.map(label) } : {}) }));
    if (r.expiresInMs !== undefined) data.expires_at = new Date(Date.now() + r.expiresInMs).toISOString();
    const respondVia = r.respondVia ?? ['control'];
    data.respond_via = respondVia;
    const severity = r.severity ?? 'notice';
    // What led to it: the tool call it asks about (its arguments only above metadata), else the run.
    let cause: string | undefined;
    if (r.subject) {
      const args = r.args ?? {};
      const digest = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 32);
      const tool = { name: r.subject, call_id: `t_${nextId().slice(-8).toLowerCase()}` };
      cause = emit('tool.requested', { subject: r.subject, run, cause: runStartedId, capture, data: atMetadata ? { tool, args_digest: digest } : { tool, args_redacted: args, args_digest: digest } }).event.id;
    }
    const { event } = emit('attention.requested', { subject: r.subject, severity, capture, data, run, cause });
    const req: HeldRequest = {
      id: event.id,
      kind: r.kind,
      options,
      fields,
      capture,
      respondVia,
      state: 'pending',
      requestedAt: Date.now(),
      run,
    };
    requests.set(req.id, req);
    if (r.expiresInMs !== undefined) {
      const after = r.expiresInMs;
      later(after, () => {
        if (req.state !== 'pending') return;
        req.state = 'timeout';
        emit('attention.timeout', { subject: req.id, cause: req.id, severity, data: { after_ms: after } });
      });
    }
    if (!respondVia.includes('control')) {
      later(r.resolveAfterMs ?? oobResolveMs, () => {
        if (req.state !== 'pending') return;
        const option = r.oobOption ?? options[0]?.id;
        const answer = option !== undefined ? { option } : {};
        resolve(req, answer, 'metadata', 'local-operator', 'oob', req.id);
        opts.onAnswered?.(req.id, answer, 'local-operator');
      });
    }
    return req.id;
  };

  let stopScript: (() => void) | undefined;
  const agent: DemoAgent = {
    session,
    source,
    raise,
    silent: false,
    received: [],
    pendingCount: () => [...requests.values()].filter((r) => r.state === 'pending').length,
    get run() {
      return run;
    },
    get paused() {
      return paused;
    },
    close: () => closeSession(),
  };

  async function closeSession(cancelledBy?: string): Promise<void> {
    if (closed) return;
    stopScript?.();
    if (ws.readyState === WebSocket.OPEN) {
      emit('session.ended', { cause: cancelledBy, data: { reason: cancelledBy ? 'cancelled' : 'normal', duration_ms: Date.now() - startedAt } });
    }
    closed = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
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

  ws.on('error', () => undefined); // failures surface as 'close' (or reject the start below)
  await new Promise<void>((ready, fail) => {
    const onError = (err: Error): void => fail(err);
    ws.once('error', onError);
    ws.once('unexpected-response', (_req, res) => {
      ws.off('error', onError);
      fail(new Error(`relay refused the connection: HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('open', () => {
      ws.send(
        JSON.stringify({
          type: 'hello',
          versions: [AEP_VERSION],
          role: 'emitter',
          identity: { agent: opts.name, instance: `${host}/${process.pid}` },
          capabilities: {
            control: { accepts, ack_window_ms: ackWindowMs },
            emits: ['session.*', 'attention.*', 'control.*', 'run.*', 'tool.*', 'progress.*'],
          },
          sessions: [session],
        }),
      );
    });
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

  ws.on('close', () => {
    // the relay went away (or close() finished): stop raising into the void
    closed = true;
    stopScript?.();
    for (const t of timers) clearTimeout(t);
    timers.clear();
    opts.onClose?.();
  });
  emit('session.started', { data: { client: { name: opts.name, version: 'demo' } } });
  startRun();
  if (opts.script === 'mixed') {
    const rng = seededRandom(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
    // Paused (control.pause): the script raises nothing until control.resume.
    const scripted = (r: RaiseRequest): string => (paused ? '' : raise(r));
    stopScript = startScript({ name: opts.name, raise: scripted, pendingCount: agent.pendingCount, rng, timing: { oobResolveMs, ...opts.timing } });
  }
  return agent;
}
