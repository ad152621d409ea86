// AEP-0006 forms: spec checks, answer validation and capture gating of values.
// The emitter is the authority on a form answer; validating here only spares
// the operator a round trip to `control.rejected{reason:"invalid"}`. Where the
// spec is silent the console is stricter than the emitter, never looser:
//  - a required string (or `other` free text) must be non-empty after trim;
//  - a required multi-select needs at least one entry;
//  - optional fields the operator left blank must be OMITTED from values
//    (an empty string for an optional select-with-other is an error).
// All functions take `unknown`-ish input at runtime and never throw.
import type { Capture, FieldSpec } from './types.js';
import { captureRank, hasOwn, isObj, setOwn, type Obj } from './guards.js';
import { fieldKindOf } from './fields/index.js';
import { isFiniteNumber, listed } from './fields/kind.js';

export interface FormCheck {
  ok: boolean;
  /** field id (or '#<index>' for a field without a usable id, '#values') -> reason */
  errors: Record<string, string>;
}

function addReason(rec: Record<string, string>, key: string, reason: string): void {
  setOwn(rec, key, hasOwn(rec, key) ? `${rec[key]}; ${reason}` : reason);
}

// Reading a field off the wire normalises it (payload.ts readField), which can
// hide what was wrong: a choice's non-text label becomes '', a `required` or
// `min` that is not a boolean or number is dropped. The problems found on the
// wire stay attached to the normalised field, so it is still shown as
// malformed and a form holding it still cannot be submitted.
const wireProblems = new WeakMap<object, string[]>();

/** Attaches the problems found on the wire to the field read from it. */
export function keepWireProblems(field: object, problems: string[]): void {
  if (problems.length) wireProblems.set(field, problems);
}

/** Whether `field` is one read off the wire with problems (its JSON alone then does not say how it reads). */
export function hasWireProblems(field: unknown): boolean {
  return typeof field === 'object' && field !== null && wireProblems.has(field);
}

/**
 * Every problem with one field_spec, independent of its siblings (duplicate
 * ids are a list-level problem, see checkFormSpec). Empty when well formed.
 */
export function fieldSpecProblems(field: unknown): string[] {
  if (!isObj(field)) return ['field is not an object'];
  const onWire = wireProblems.get(field);
  if (onWire) return [...onWire];
  // Read for every form field of every request as it arrives: no list is made
  // unless there is a problem to put in it, no set for a handful of choices.
  let out: string[] | undefined;
  if (typeof field.id !== 'string' || field.id === '') out = listed(out, 'missing id');
  const kind = typeof field.type === 'string' && field.type !== '' ? fieldKindOf(field) : undefined;
  if (typeof field.type !== 'string' || field.type === '') out = listed(out, 'missing type');
  else if (!kind) out = listed(out, 'unknown field type');
  if (typeof field.label !== 'string') out = listed(out, 'missing label');
  if (field.required !== undefined && typeof field.required !== 'boolean')
    out = listed(out, 'required is not a boolean');
  if (field.multi !== undefined && typeof field.multi !== 'boolean') out = listed(out, 'multi is not a boolean');
  if (field.other !== undefined && typeof field.other !== 'boolean') out = listed(out, 'other is not a boolean');
  // The kind's own checks (a select's choices), in the place they always had in the list.
  if (kind) out = kind.specProblems(field, out);
  if (field.min !== undefined && !isFiniteNumber(field.min)) out = listed(out, 'min is not a number');
  if (field.max !== undefined && !isFiniteNumber(field.max)) out = listed(out, 'max is not a number');
  if (isFiniteNumber(field.min) && isFiniteNumber(field.max) && field.min > field.max) {
    out = listed(out, 'min is greater than max');
  }
  return out ?? [];
}

/**
 * The UI's test for rendering a field as "malformed field: <reason>" instead
 * of an input: null when the field can be rendered and answered.
 */
export function fieldSpecProblem(field: unknown): string | null {
  const p = fieldSpecProblems(field);
  return p.length > 0 ? p.join('; ') : null;
}

/**
 * Problems of a whole field list, keyed by field id ('#<index>' when the
 * field has no usable id, '#fields' when the list itself is not an array).
 * Empty object = well-formed spec.
 */
export function checkFormSpec(fields: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(fields)) {
    addReason(errors, '#fields', 'fields is not an array');
    return errors;
  }
  const seen = new Set<string>();
  fields.forEach((f: unknown, i: number) => {
    const id = isObj(f) && typeof f.id === 'string' && f.id !== '' ? f.id : null;
    const key = id ?? `#${i}`;
    for (const p of fieldSpecProblems(f)) addReason(errors, key, p);
    if (id !== null) {
      if (seen.has(id)) addReason(errors, key, 'duplicate field id');
      seen.add(id);
    }
  });
  return errors;
}

function fieldsById(fields: unknown): Map<string, Obj> {
  const byId = new Map<string, Obj>();
  if (Array.isArray(fields)) {
    for (const f of fields) {
      // First definition wins; duplicates are already a spec error.
      if (isObj(f) && typeof f.id === 'string' && !byId.has(f.id)) byId.set(f.id, f);
    }
  }
  return byId;
}

function valueProblem(field: Obj, v: unknown): string | null {
  const kind = fieldKindOf(field);
  return kind ? kind.valueProblem(field, v) : 'malformed field';
}

/**
 * Check a values map against a form the way AEP-0006 says the emitter will.
 * A malformed spec always fails (its problems are reported too): the console
 * must not send a form answer it cannot check.
 */
export function validateFormValues(fields: FieldSpec[], values: Record<string, unknown>): FormCheck {
  try {
    const errors = checkFormSpec(fields);
    if (!isObj(values)) {
      addReason(errors, '#values', 'values is not an object');
      return { ok: false, errors };
    }
    const byId = fieldsById(fields);
    for (const [id, field] of byId) {
      const present = hasOwn(values, id) && values[id] !== undefined;
      if (!present) {
        if (field.required === true) addReason(errors, id, 'required');
        continue;
      }
      const p = valueProblem(field, values[id]);
      if (p !== null) addReason(errors, id, p);
    }
    for (const key of Object.keys(values)) {
      if (!byId.has(key) && values[key] !== undefined) addReason(errors, key, 'not a field of this form');
    }
    return { ok: Object.keys(errors).length === 0, errors };
  } catch {
    return { ok: false, errors: { '#values': 'values could not be checked' } };
  }
}

/**
 * True when a value is (or may be) user-authored text and so needs capture
 * `redacted` (AEP-0006 gating): string-field values, `other` free text on a
 * select, and anything that is neither a primitive nor a known choice id.
 * Booleans and numbers never carry text. Unknown field -> true (conservative).
 */
export function isFreeTextValue(field: FieldSpec | undefined, value: unknown): boolean {
  if (typeof value === 'boolean' || typeof value === 'number') return false;
  if (!isObj(field)) return true;
  const kind = fieldKindOf(field as unknown as Obj);
  return kind ? kind.isFreeText(field as unknown as Obj, value) : true;
}

/**
 * Down-level a values map to a capture ceiling (capture-gating-cases.json):
 * keys without a field_spec are always dropped; below `redacted` free-text
 * values are dropped while numbers, booleans and choice ids stay. Dropping the
 * whole `data` at ceiling `none` is the caller's job (AEP-0001 §8.2).
 */
export function gateFormValues(
  fields: FieldSpec[],
  values: Record<string, unknown>,
  ceiling: Capture,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  try {
    if (!isObj(values)) return out;
    const byId = fieldsById(fields);
    const textAllowed = captureRank(ceiling) >= captureRank('redacted');
    for (const key of Object.keys(values)) {
      const field = byId.get(key);
      const v = values[key];
      if (field === undefined || v === undefined) continue;
      if (!textAllowed && isFreeTextValue(field as unknown as FieldSpec, v)) continue;
      setOwn(out, key, Array.isArray(v) ? v.slice() : v);
    }
    return out;
  } catch {
    return {};
  }
}
