// The demo target's own authority checks (AEP-0006 form values, AEP-0008 text
// answers). Dispatched by the protocol's field registry, with rules and words
// of its own for the kinds it knew (written from the spec text, apart from
// src/protocol/form.ts): the emitter stays the authority (AEP-0006 §5.3).

import type { Capture, Choice, FieldSpec } from '../protocol/types.js';
import { fieldKindOf, type FieldKindName } from '../protocol/fields/index.js';
import { isFreeTextValue } from '../protocol/form.js';
import { captureRank, isPlainObject } from './wire.js';

export type ValuesCheck = { ok: true } | { ok: false; field: string; reason: string };

const choiceIds = (f: FieldSpec): string[] => (f.choices ?? []).map((c) => c.id);

/** How the demo target checks and gates one kind's values, in its own words. */
interface TargetRule {
  check(f: FieldSpec, v: unknown): string | undefined;
  /** Below `redacted`: the value kept, or DROP. */
  gate(f: FieldSpec, v: unknown): unknown;
}

/** A gated value left out (undefined is a value a caller may have put in). */
const DROP = Symbol('drop');

const keep = (_f: FieldSpec, v: unknown): unknown => v;

/** Below `redacted` a select keeps choice ids only; a multi answer that carried free text loses only the free text. */
function gateChoices(f: FieldSpec, v: unknown): unknown {
  const ids = choiceIds(f);
  if (Array.isArray(v)) {
    const kept = v.filter((x) => typeof x === 'string' && ids.includes(x));
    return kept.length > 0 || v.length === 0 ? kept : DROP;
  }
  return typeof v === 'string' && ids.includes(v) ? v : DROP;
}

const okItem = (f: FieldSpec, x: unknown): boolean =>
  typeof x === 'string' && (choiceIds(f).includes(x) || (f.other === true && x.trim() !== ''));

// The target's rules per kind of the protocol's field registry. They predate
// the registry and word their rejections the target's own way (what an agent
// would say), so the console is tried against an emitter it does not share
// words with; a kind without an entry is checked and gated by the protocol's
// own rule for it.
const TARGET_RULES: Partial<Record<FieldKindName, TargetRule>> = {
  string: {
    check(f, v) {
      if (typeof v !== 'string') return 'must be a string';
      if (f.required && v.trim() === '') return 'is required';
      return undefined;
    },
    gate: () => DROP,
  },
  number: {
    check(f, v) {
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a finite number';
      if (typeof f.min === 'number' && v < f.min) return `must be >= ${f.min}`;
      if (typeof f.max === 'number' && v > f.max) return `must be <= ${f.max}`;
      return undefined;
    },
    gate: keep,
  },
  boolean: {
    check: (_f, v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
    gate: keep,
  },
  select: {
    check(f, v) {
      if (typeof v !== 'string') return 'must be a choice id';
      if (!okItem(f, v)) return f.other ? 'must not be empty' : `${JSON.stringify(v)} is not a choice id`;
      return undefined;
    },
    gate: gateChoices,
  },
  'multi-select': {
    check(f, v) {
      const ids = choiceIds(f);
      if (!Array.isArray(v)) return 'must be an array of choice ids';
      if (f.required && v.length === 0) return 'is required (pick at least one)';
      if (new Set(v).size !== v.length) return 'has duplicate choices';
      const bad = v.find((x) => !okItem(f, x));
      if (bad !== undefined) return `${JSON.stringify(bad)} is not a choice id`;
      if (v.filter((x) => !ids.includes(x as string)).length > 1) return 'at most one free-text entry';
      return undefined;
    },
    gate: gateChoices,
  },
};

/** The target's rule for a field's kind: its own words, else the protocol registry's rule. */
function ruleOf(f: FieldSpec): TargetRule | undefined {
  const kind = fieldKindOf(f as unknown as Record<string, unknown>);
  if (!kind) return undefined;
  return (
    TARGET_RULES[kind.name] ?? {
      check: (field, v) => kind.valueProblem(field as unknown as Record<string, unknown>, v) ?? undefined,
      gate: (field, v) => (isFreeTextValue(field, v) ? DROP : v),
    }
  );
}

function checkField(f: FieldSpec, v: unknown): string | undefined {
  const rule = ruleOf(f);
  return rule ? rule.check(f, v) : `unknown field type ${JSON.stringify((f as { type?: unknown }).type)}`;
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
export function gateFormValues(
  fields: FieldSpec[],
  values: Record<string, unknown>,
  ceiling: Capture,
): Record<string, unknown> {
  const textAllowed = captureRank(ceiling) >= captureRank('redacted');
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.id in values)) continue;
    const v = values[f.id];
    if (textAllowed) {
      out[f.id] = v;
      continue;
    }
    // A field of a type no kind claims keeps its value, as it always did.
    const rule = ruleOf(f);
    const kept = rule ? rule.gate(f, v) : v;
    if (kept !== DROP) out[f.id] = kept;
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
