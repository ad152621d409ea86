import type { Answer, FieldSpec } from '../../protocol/types.js';
import { UNNAMED } from '../../store/closed-reason.js';
import type { RequestRecord } from '../../store/types.js';
import { editorOf } from '../form/fields/index.js';
import { formatMs } from './duration.js';

export { UNNAMED };

// Human-readable outcome of a request, built from what the emitter recorded
// (attention.answered / resolved / timeout), never from what we sent. The
// strings carry producer text: callers pass them through displayText.

function formatValue(field: FieldSpec | undefined, value: unknown, depth = 0): string {
  if (Array.isArray(value))
    return depth > 0 ? '(nested list)' : value.map((v) => formatValue(field, v, 1)).join(', ') || '(none)';
  // A kind may read its text values its own way (a select: the choice's label).
  const described = field && typeof value === 'string' ? editorOf(field)?.describeText?.(field, value) : undefined;
  if (described !== undefined) return described;
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return '(unsupported value)';
}

/** One line per form value, choice ids mapped back to their labels. */
export function describeValues(fields: FieldSpec[], values: Record<string, unknown>): string[] {
  return Object.entries(values).map(([id, value]) => {
    const field = fields.find((f) => f.id === id);
    return `${field?.label ?? id}: ${formatValue(field, value)}`;
  });
}

/** What an answer applied, e.g. `deny (text: "use staging")` or `Allow`. */
export function describeAnswer(record: Pick<RequestRecord, 'payload' | 'capture'>, answer: Answer): string {
  const parts: string[] = [];
  if (answer.option !== undefined) {
    const option = record.payload.options.find((o) => o.id === answer.option);
    // At capture metadata labels are placeholders: the id is the only real word.
    const withheld = record.capture === 'metadata' || record.capture === 'none';
    parts.push(option && !withheld && option.label !== option.id ? `${option.label} [${option.id}]` : answer.option);
  }
  if (answer.text !== undefined) {
    parts.push(answer.option !== undefined ? `(text: "${answer.text}")` : `text: "${answer.text}"`);
  }
  if (answer.values) parts.push(describeValues(record.payload.fields, answer.values).join('; ') || '(no values)');
  return parts.join(' ') || '(no answer content recorded)';
}

export interface Outcome {
  state: RequestRecord['state'];
  resolution?: string;
  answer?: Answer;
  by?: string;
  via?: string;
  latency_ms?: number;
  after_ms?: number;
  summary: string;
}

export function describeOutcome(record: RequestRecord): Outcome | undefined {
  const answered = record.answered;
  const base = {
    state: record.state,
    answer: answered?.answer,
    by: answered?.by,
    via: answered?.via,
  };
  // `by` is optional (AEP-0002 §7): its absence is said, not turned into a name.
  const who = answered ? ` by ${answered.by ?? UNNAMED}${answered.via ? ` via ${answered.via}` : ''}` : '';
  switch (record.state) {
    case 'resolved': {
      const latency = record.resolution?.latencyMs;
      const what = answered ? describeAnswer(record, answered.answer) : (record.resolution?.resolution ?? 'resolved');
      return {
        ...base,
        resolution: record.resolution?.resolution,
        latency_ms: latency,
        summary: `${record.resolution?.resolution ?? 'resolved'}: ${what}${who}${latency !== undefined ? ` in ${formatMs(latency)}` : ''}`,
      };
    }
    case 'answered':
      return { ...base, summary: `answered: ${describeAnswer(record, answered?.answer ?? {})}${who}` };
    case 'timeout': {
      const after = record.timeout?.afterMs;
      return {
        ...base,
        after_ms: after,
        summary: `timed out${after !== undefined ? ` after ${formatMs(after)}` : ''} with no answer`,
      };
    }
    case 'stale':
      return { ...base, summary: 'stale: the session ended before the request was answered' };
    default:
      return undefined;
  }
}
