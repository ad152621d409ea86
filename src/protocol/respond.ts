// Building `control.attention.respond` (AEP-0004 §5, AEP-0008). The command
// declares the capture level of what it carries: option ids are structural
// (`metadata`); typed text and free-text form values are `redacted`
// (AEP-0006). Misdeclaring downward would leak operator text past a
// metadata-ceiling subscriber, so every doubt resolves to `redacted`.
import { commandId } from './command-id.js';
import type { AepEvent, Answer, Capture, FieldSpec } from './types.js';
import { isFreeTextValue } from './form.js';
import { isObj } from './guards.js';

export interface RespondInput {
  /** The attention.requested being answered. */
  request: { id: string; session: string };
  answer: Answer;
  /** Our agent name, e.g. "aep-console"; also the last segment of `source`. */
  name: string;
  /** Our host, the authority of `source`. */
  host: string;
  now?: Date;
  /** Reuse the id of an earlier attempt: retries MUST keep the same id (AEP-0004 §3). */
  id?: string;
  /** The request's fields, so form values can be classified; without them every string is free text. */
  fields?: FieldSpec[];
}

/** The capture an answer must declare: `metadata` only when nothing in it can be free text. */
export function answerCapture(answer: Answer, fields?: FieldSpec[]): Capture {
  if (!isObj(answer)) return 'redacted';
  for (const key of Object.keys(answer)) {
    if (key !== 'option' && key !== 'values') return 'redacted'; // text, or something we don't know
  }
  if (answer.option !== undefined && typeof answer.option !== 'string') return 'redacted';
  if (answer.values !== undefined) {
    if (!isObj(answer.values)) return 'redacted';
    const byId = new Map<string, FieldSpec>();
    for (const f of Array.isArray(fields) ? fields : []) {
      if (isObj(f) && typeof f.id === 'string' && !byId.has(f.id)) byId.set(f.id, f);
    }
    for (const [key, value] of Object.entries(answer.values)) {
      if (value !== undefined && isFreeTextValue(byId.get(key), value)) return 'redacted';
    }
  }
  return 'metadata';
}

/**
 * A ready-to-send command answering `request`. No `seq` (foreign-emitter
 * event), subject = cause = the request id. `host` and `name` are
 * percent-encoded into `source` so an odd hostname can't make our own command
 * fail envelope validation.
 */
export function buildRespond(input: RespondInput): AepEvent {
  const now = input.now instanceof Date && !Number.isNaN(input.now.getTime()) ? input.now : new Date();
  const { request, answer, name, host } = input;
  return {
    aep: '0.1',
    id: input.id ?? commandId(now.getTime()),
    type: 'control.attention.respond',
    time: now.toISOString(),
    source: `aep://${encodeURIComponent(host)}/agent/${encodeURIComponent(name)}`,
    agent: name,
    session: request.session,
    subject: request.id,
    cause: request.id,
    capture: answerCapture(answer, input.fields),
    data: { answer },
  };
}
