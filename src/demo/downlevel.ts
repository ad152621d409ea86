// Capture down-levelling at the relay's fan-out hop (AEP-0001 §8.2,
// AEP-0003 §6.4). A subscription with a `capture` ceiling never receives
// content above it. The [metadata*] exception fields (prompt, option/choice/
// field labels, answer.values free text) degrade structurally; types this hop
// has no annotations for lose their data wholesale (dropping more is legal).

import type { AepEvent, Capture, FieldSpec } from '../protocol/types.js';
import { gateFormValues } from './target-validation.js';
import { captureRank, isPlainObject } from './wire.js';

/** Looks up the field specs of the form a command/answer refers to, if the hop knows it. */
export type FieldLookup = (event: AepEvent) => FieldSpec[] | undefined;

type Data = Record<string, unknown>;

function pick(data: Data, keys: string[]): Data {
  const out: Data = {};
  for (const k of keys) if (data[k] !== undefined) out[k] = data[k];
  return out;
}

function indexLabels(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item, i) => (isPlainObject(item) ? { ...item, label: String(i + 1) } : item));
}

/** `<agent> requests <kind>[: <subject>]`: built from structural metadata only (AEP-0003 §9.2). */
export function synthesizePrompt(agent: string, kind: unknown, subject?: unknown): string {
  const k = typeof kind === 'string' ? kind : 'attention';
  return `${agent} requests ${k}` + (typeof subject === 'string' && subject !== '' ? `: ${subject}` : '');
}

function requestedToMetadata(e: AepEvent, data: Data): Data {
  const out = pick(data, ['kind', 'options', 'fields', 'expires_at', 'respond_via']);
  out.prompt = synthesizePrompt(e.agent, data.kind, e.subject);
  if (out.options !== undefined) out.options = indexLabels(out.options);
  if (Array.isArray(out.fields)) {
    out.fields = out.fields.map((f, i) => {
      if (!isPlainObject(f)) return f;
      const g: Data = { ...f, label: String(i + 1) };
      if (g.choices !== undefined) g.choices = indexLabels(g.choices);
      return g;
    });
  }
  // reorder so `kind`, `prompt` read first like an emitter would write them
  const { kind, prompt, ...rest } = out;
  return { kind, prompt, ...rest };
}

/** Without the form's field specs only numbers and booleans are provably structural. */
function structuralValues(values: Data): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

function answerToMetadata(e: AepEvent, answer: unknown, lookup?: FieldLookup): Data | undefined {
  if (!isPlainObject(answer)) return undefined;
  const out: Data = {};
  if (typeof answer.option === 'string') out.option = answer.option;
  if (isPlainObject(answer.values)) {
    const fields = lookup?.(e);
    out.values = fields ? gateFormValues(fields, answer.values, 'metadata') : structuralValues(answer.values);
  }
  return out;
}

/** The metadata-level payload of `e`, or undefined when nothing of it is known to be structural. */
function dataAtMetadata(e: AepEvent, data: Data, lookup?: FieldLookup): Data | undefined {
  switch (e.type) {
    case 'attention.requested':
      return requestedToMetadata(e, data);
    case 'attention.answered': {
      const out = pick(data, ['by', 'via']);
      const answer = answerToMetadata(e, data.answer, lookup);
      return answer ? { answer, ...out } : out;
    }
    case 'control.attention.respond': {
      const answer = answerToMetadata(e, data.answer, lookup);
      return answer ? { answer } : {};
    }
    case 'attention.resolved':
      return pick(data, ['resolution', 'latency_ms']);
    case 'attention.timeout':
      return pick(data, ['after_ms']);
    case 'attention.routed':
      return pick(data, ['to', 'via']);
    case 'control.accepted':
    case 'control.pause':
    case 'control.resume':
      return {};
    case 'control.rejected':
      return pick(data, ['reason']);
    case 'control.cancel':
      return pick(data, ['scope']);
    case 'session.started':
      return pick(data, ['parent', 'client', 'gen_ai.request.model']);
    case 'tool.requested':
      // The tool's name and the digest of its arguments are structural; the arguments are not.
      return pick(data, ['tool', 'args_digest']);
    case 'run.started':
      return pick(data, ['trigger']);
    case 'run.cancelled':
      return pick(data, ['by', 'duration_ms']);
    case 'progress.status':
      return pick(data, ['phase', 'percent']);
    case 'session.ended':
      return pick(data, ['reason', 'duration_ms', 'runs']);
    case 'session.compacted':
      return pick(data, [
        'trigger',
        'strategy',
        'estimated_token_count',
        'forgotten',
        'gen_ai.usage.input_tokens',
        'gen_ai.usage.output_tokens',
      ]);
    default:
      return undefined;
  }
}

/**
 * The event as a subscriber with `ceiling` may see it. Returns the same
 * object when no rewrite is needed. A `redacted` ceiling on a `full` event
 * lands on `metadata`: a mechanical hop cannot mint the `redacted`
 * provenance claim (AEP-0001 §8.2e).
 */
export function downlevel(e: AepEvent, ceiling: Capture | undefined, lookup?: FieldLookup): AepEvent {
  if (!ceiling) return e;
  const r = captureRank(e.capture);
  const have = r < 0 ? captureRank('full') : r; // an unknown level is treated as the highest
  const ceil = captureRank(ceiling);
  if (have <= ceil) return e;
  const target: Capture = ceiling === 'redacted' ? 'metadata' : ceiling;
  const out: AepEvent = { ...e, capture: target };
  delete out.data;
  if (target === 'none' || !isPlainObject(e.data)) return out;
  const data = dataAtMetadata(e, e.data, lookup);
  if (data !== undefined) out.data = data;
  return out;
}
