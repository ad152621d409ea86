// The demo target's own authority checks (AEP-0006 form values, AEP-0008 text
// answers). Written from the spec text, independently of the console's
// src/protocol/form.ts: the emitter stays the authority (AEP-0006 §5.3).

import type { Capture, Choice, FieldSpec } from '../protocol/types.js';
import { captureRank, isPlainObject } from './wire.js';

export type ValuesCheck = { ok: true } | { ok: false; field: string; reason: string };

const choiceIds = (f: FieldSpec): string[] => (f.choices ?? []).map((c) => c.id);

function checkField(f: FieldSpec, v: unknown): string | undefined {
  switch (f.type) {
    case 'string':
      if (typeof v !== 'string') return 'must be a string';
      if (f.required && v.trim() === '') return 'is required';
      return undefined;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a finite number';
      if (typeof f.min === 'number' && v < f.min) return `must be >= ${f.min}`;
      if (typeof f.max === 'number' && v > f.max) return `must be <= ${f.max}`;
      return undefined;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : 'must be true or false';
    case 'select': {
      const ids = choiceIds(f);
      const okItem = (x: unknown): boolean =>
        typeof x === 'string' && (ids.includes(x) || (f.other === true && x.trim() !== ''));
      if (f.multi) {
        if (!Array.isArray(v)) return 'must be an array of choice ids';
        if (f.required && v.length === 0) return 'is required (pick at least one)';
        if (new Set(v).size !== v.length) return 'has duplicate choices';
        const bad = v.find((x) => !okItem(x));
        if (bad !== undefined) return `${JSON.stringify(bad)} is not a choice id`;
        if (v.filter((x) => !ids.includes(x as string)).length > 1) return 'at most one free-text entry';
        return undefined;
      }
      if (typeof v !== 'string') return 'must be a choice id';
      if (!okItem(v)) return f.other ? 'must not be empty' : `${JSON.stringify(v)} is not a choice id`;
      return undefined;
    }
    default:
      return `unknown field type ${JSON.stringify((f as { type?: unknown }).type)}`;
  }
}

/**
 * Every AEP-0006 rule: required fields present, numbers finite within
 * min/max, booleans, select answers are choice ids unless `other`, multi is an
 * array. Keys naming no field are refused too. First problem wins, in field order.
 */
export function validateFormValues(fields: FieldSpec[], values: unknown): ValuesCheck {
  if (!isPlainObject(values)) return { ok: false, field: '(values)', reason: 'must be an object' };
  for (const f of fields) {
    const v = values[f.id];
    if (v === undefined || v === null) {
      if (f.required) return { ok: false, field: f.id, reason: 'is required' };
      continue;
    }
    const reason = checkField(f, v);
    if (reason) return { ok: false, field: f.id, reason };
  }
  const known = new Set(fields.map((f) => f.id));
  for (const k of Object.keys(values)) {
    if (!known.has(k)) return { ok: false, field: k, reason: 'is not a field of this form' };
  }
  return { ok: true };
}

/**
 * Type-dependent capture gating of answer values (AEP-0006; fixtures
 * capture-gating-cases.json): below `redacted`, string fields and `other`
 * free text are dropped, numbers/booleans/choice ids kept. Keys without a
 * field spec are always dropped. `none` is the caller's job (data is dropped
 * wholesale at the envelope level).
 */
export function gateFormValues(fields: FieldSpec[], values: Record<string, unknown>, ceiling: Capture): Record<string, unknown> {
  const textAllowed = captureRank(ceiling) >= captureRank('redacted');
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.id in values)) continue;
    const v = values[f.id];
    if (textAllowed) {
      out[f.id] = v;
      continue;
    }
    if (f.type === 'string') continue;
    if (f.type === 'select') {
      const ids = choiceIds(f);
      if (Array.isArray(v)) {
        // a multi answer that carried free text loses only the free text
        const kept = v.filter((x) => typeof x === 'string' && ids.includes(x));
        if (kept.length > 0 || v.length === 0) out[f.id] = kept;
        continue;
      }
      if (typeof v === 'string' && ids.includes(v)) out[f.id] = v;
      continue;
    }
    out[f.id] = v;
  }
  return out;
}

/** Option ids that read as refusals, most specific first. */
const REFUSING_IDS = ['deny', 'reject', 'refuse', 'decline', 'no', 'cancel', 'abort', 'block'];

/** The refusing option of a request: a deny-like id, else the last option. */
export function refusingOption(options: Choice[]): Choice | undefined {
  for (const id of REFUSING_IDS) {
    const hit = options.find((o) => o.id.toLowerCase() === id);
    if (hit) return hit;
  }
  return options[options.length - 1];
}

export interface AppliedText {
  option?: string;
  text?: string;
}

/**
 * AEP-0008: trimmed, case-insensitive equality with an option id, or with
 * exactly one option label, is that option (recorded as `{option}`). On a
 * `permission` request unmatched text applies the refusing option with the
 * text kept as the reason; elsewhere it is applied as `{text}`. Never grants.
 */
export function mapTextAnswer(kind: string, options: Choice[], text: string): AppliedText {
  const t = text.trim().toLowerCase();
  if (options.length > 0 && t !== '') {
    const byId = options.find((o) => o.id.trim().toLowerCase() === t);
    if (byId) return { option: byId.id };
    const byLabel = options.filter((o) => o.label.trim().toLowerCase() === t);
    if (byLabel.length === 1) return { option: byLabel[0].id };
  }
  if (kind === 'permission' && options.length > 0) {
    const refuse = refusingOption(options)!;
    return { option: refuse.id, text };
  }
  return { text };
}
