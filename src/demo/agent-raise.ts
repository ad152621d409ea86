// Raising one attention request as a demo agent: the tool call that causes
// it (when it has a subject), the attention.requested itself (labels and
// prompt reduced at capture `metadata`, AEP-0002 §5.3), and what later ends
// it without the console: its expiry (attention.timeout) and, for an
// informational request (respond_via: ["oob"]), the local operator's answer.

import { createHash } from 'node:crypto';
import type { Capture, Severity } from '../protocol/types.js';
import type { HeldRequest } from './agent-decide.js';
import { later, resolveRequest, type AgentSession } from './agent-session.js';
import type { RaiseRequest } from './agent-types.js';
import { synthesizePrompt } from './downlevel.js';
import { captureRank } from './wire.js';

/** Emits the request (and its tool call); returns its Event id. Throws once the agent has closed. */
export function raiseRequest(s: AgentSession, r: RaiseRequest): string {
  if (s.closed) throw new Error('agent closed');
  const capture = r.capture ?? 'redacted';
  const atMetadata = captureRank(capture) < captureRank('redacted');
  const respondVia = r.respondVia ?? ['control'];
  const data = requestData(s.opts.name, r, atMetadata, respondVia);
  const severity = r.severity ?? 'notice';
  // What led to it: the tool call it asks about (its arguments only above metadata), else the run.
  const cause = r.causeId ?? (r.subject ? emitToolCall(s, r.subject, r.args ?? {}, capture, atMetadata) : undefined);
  const { event } = s.emit('attention.requested', {
    ...(r.id ? { id: r.id } : {}),
    subject: r.subject,
    severity,
    capture,
    data,
    run: s.run,
    cause,
  });
  const req: HeldRequest = {
    id: event.id,
    kind: r.kind,
    options: r.options ?? [],
    fields: r.fields ?? [],
    capture,
    respondVia,
    state: 'pending',
    requestedAt: Date.now(),
    run: s.run,
  };
  s.requests.set(req.id, req);
  if (r.expiresInMs !== undefined) expireAfter(s, req, r.expiresInMs, severity);
  if (!respondVia.includes('control')) resolveLocally(s, req, r);
  return req.id;
}

/** The attention.requested `data`; at `metadata` the prompt is synthesized and labels become indexes. */
function requestData(
  name: string,
  r: RaiseRequest,
  atMetadata: boolean,
  respondVia: string[],
): Record<string, unknown> {
  const label = <T extends { label: string }>(x: T, i: number): T => (atMetadata ? { ...x, label: String(i + 1) } : x);
  const data: Record<string, unknown> = {
    kind: r.kind,
    prompt: atMetadata ? synthesizePrompt(name, r.kind, r.subject) : r.prompt,
  };
  if (r.options) data.options = r.options.map(label);
  if (r.fields)
    data.fields = r.fields.map((f, i) => ({ ...label(f, i), ...(f.choices ? { choices: f.choices.map(label) } : {}) }));
  if (r.expiresInMs !== undefined) data.expires_at = new Date(Date.now() + r.expiresInMs).toISOString();
  data.respond_via = respondVia;
  return data;
}

/** The tool.requested a request with a subject asks about; returns its Event id (`id`: a test's own). */
export function emitToolCall(
  s: AgentSession,
  subject: string,
  args: Record<string, unknown>,
  capture: Capture,
  atMetadata: boolean,
  id?: string,
): string {
  const digest = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 32);
  const tool = { name: subject, call_id: `t_${s.nextId().slice(-8).toLowerCase()}` };
  const data = atMetadata ? { tool, args_digest: digest } : { tool, args_redacted: args, args_digest: digest };
  return s.emit('tool.requested', {
    ...(id !== undefined ? { id } : {}),
    subject,
    run: s.run,
    cause: s.runStartedId,
    capture,
    data,
  }).event.id;
}

function expireAfter(s: AgentSession, req: HeldRequest, after: number, severity: Severity): void {
  later(s, after, () => {
    if (req.state !== 'pending') return;
    req.state = 'timeout';
    s.emit('attention.timeout', { subject: req.id, cause: req.id, severity, data: { after_ms: after } });
  });
}

/** An informational request: the operator at the agent's own terminal answers it. */
function resolveLocally(s: AgentSession, req: HeldRequest, r: RaiseRequest): void {
  later(s, r.resolveAfterMs ?? s.oobResolveMs, () => {
    if (req.state !== 'pending') return;
    const option = r.oobOption ?? req.options[0]?.id;
    const answer = option !== undefined ? { option } : {};
    resolveRequest(s, req, answer, 'metadata', 'local-operator', 'oob', req.id);
    s.opts.onAnswered?.(req.id, answer, 'local-operator');
  });
}
