// What a conformant target does with one `control.attention.respond`
// (AEP-0004 §3/§5, AEP-0006, AEP-0008): accept and state what it applies, or
// reject with a reason. Pure: the agent turns the outcome into events.

import type { AepEvent, Capture, Choice, FieldSpec, NackReason } from '../protocol/types.js';
import { gateFormValues, mapTextAnswer, validateFormValues } from './target-validation.js';
import { captureRank, isPlainObject } from './wire.js';

export type RequestState = 'pending' | 'answered' | 'resolved' | 'timeout';

export interface HeldRequest {
  id: string;
  kind: string;
  options: Choice[];
  fields: FieldSpec[];
  capture: Capture;
  respondVia?: string[];
  state: RequestState;
  requestedAt: number;
  /** The run it was raised in (a run cancel dismisses it). */
  run?: string;
}

export interface AppliedAnswer {
  option?: string;
  text?: string;
  values?: Record<string, unknown>;
}

export type Decision =
  { ack: 'accepted'; applied: AppliedAnswer } | { ack: 'rejected'; reason: NackReason; detail: string };

const reject = (reason: NackReason, detail: string): Decision => ({ ack: 'rejected', reason, detail });

export function decide(cmd: AepEvent, req: HeldRequest | undefined): Decision {
  if (cmd.type !== 'control.attention.respond')
    return reject('unsupported', `${cmd.type} is not accepted by this agent`);
  if (!req) return reject('invalid', `unknown request ${JSON.stringify(cmd.subject ?? null)}`);
  if (req.respondVia && !req.respondVia.includes('control')) {
    return reject('unsupported', "this request is answered in the agent's own UI (respond_via: oob)");
  }
  if (req.state === 'timeout') return reject('refused', 'request already timed out');
  if (req.state !== 'pending') return reject('refused', 'request already resolved');

  const answer = isPlainObject(cmd.data) ? cmd.data.answer : undefined;
  if (!isPlainObject(answer)) return reject('invalid', 'answer must be an object');
  const text = typeof answer.text === 'string' ? answer.text : undefined;

  if (answer.values !== undefined) {
    if (req.kind !== 'form' || req.fields.length === 0)
      return reject('invalid', `values answer a form; this request is ${req.kind}`);
    const check = validateFormValues(req.fields, answer.values);
    if (!check.ok) return reject('invalid', `${check.field}: ${check.reason}`);
    return { ack: 'accepted', applied: { values: answer.values as Record<string, unknown> } };
  }
  if (answer.option !== undefined) {
    if (typeof answer.option !== 'string' || !req.options.some((o) => o.id === answer.option)) {
      return reject('invalid', `unknown option ${JSON.stringify(answer.option)}`);
    }
    const applied: AppliedAnswer = { option: answer.option };
    if (text !== undefined && text.trim() !== '') applied.text = text;
    return { ack: 'accepted', applied };
  }
  if (text !== undefined) {
    if (text.trim() === '') return reject('invalid', 'empty text answer');
    // a form refused in words: the text is the answer (AEP-0006: no decline action)
    if (req.kind === 'form') return { ack: 'accepted', applied: { text } };
    return { ack: 'accepted', applied: mapTextAnswer(req.kind, req.options, text) };
  }
  return reject('invalid', 'answer needs option, text or values');
}

/**
 * The answer as recorded on `attention.answered` under the request's capture:
 * text and string/other form values only at `redacted`+ (AEP-0006, AEP-0002 §5.3).
 * Returns the recorded answer and the capture level it needs.
 */
export function recordAnswer(req: HeldRequest, applied: AppliedAnswer): { answer: AppliedAnswer; capture: Capture } {
  const textOk = captureRank(req.capture) >= captureRank('redacted');
  const answer: AppliedAnswer = {};
  let content = false;
  if (applied.option !== undefined) answer.option = applied.option;
  if (applied.text !== undefined && textOk) {
    answer.text = applied.text;
    content = true;
  }
  if (applied.values !== undefined) {
    const gated = gateFormValues(req.fields, applied.values, req.capture);
    answer.values = gated;
    const structural = gateFormValues(req.fields, applied.values, 'metadata');
    if (Object.keys(gated).length !== Object.keys(structural).length) content = true;
    else if (JSON.stringify(gated) !== JSON.stringify(structural)) content = true;
  }
  return { answer, capture: content ? req.capture : 'metadata' };
}
