// Form field lists a fleet sends over and over (every deploy form of one
// tool asks the same questions): a list whose JSON is the same as the last
// one read without any issue is handed out again, read once, instead of a
// copy of every field per request. Reading a field depends on nothing but
// its JSON (unless it is a field the console read off the wire with
// problems: form.ts keeps those beside it, and such a list is never taken
// for another), so the same JSON reads the same. Payloads are read, never
// changed; a shared list is frozen besides, fields and choices included.
import { hasWireProblems } from './form.js';
import type { FieldSpec } from './types.js';

/** A list longer than this, or holding more JSON values than NODES_COMPARED, is never shared (comparing costs its read). */
const LONGEST_SHARED = 16;
const NODES_COMPARED = 256;

let lastRaw: readonly unknown[] | undefined;
let lastFields: FieldSpec[] | undefined;

/** The fields last read clean from JSON equal to `raw`, if `raw` is that JSON. */
export function sharedFields(raw: readonly unknown[]): FieldSpec[] | undefined {
  if (lastRaw === undefined || lastFields === undefined || raw.length !== lastRaw.length) return undefined;
  for (let i = 0; i < raw.length; i++) if (hasWireProblems(raw[i])) return undefined;
  if (!sameJson(raw, lastRaw, { left: NODES_COMPARED })) return undefined;
  if (!Object.isFrozen(lastFields)) freezeFields(lastFields);
  return lastFields;
}

/** Remembers fields read from `raw` without any issue (nothing cut, dropped, flagged or repeated). */
export function rememberFields(raw: readonly unknown[], fields: FieldSpec[]): void {
  if (raw.length === 0 || raw.length > LONGEST_SHARED) return;
  // A copy of its own: the Event's JSON belongs to whoever made it, and could change after this read.
  const copy = copyJson(raw, { left: NODES_COMPARED });
  if (!Array.isArray(copy)) return;
  lastRaw = copy;
  lastFields = fields;
}

const TOO_BIG = Symbol('too big');

/** The member names of each object copyJson made, in order: sameJson reads them here, not through an Object.keys per object compared. */
const namesOf = new WeakMap<object, readonly string[]>();

/** A copy of a JSON value (TOO_BIG past the budget, or for anything JSON does not hold). */
function copyJson(value: unknown, budget: { left: number }): unknown {
  if (--budget.left < 0) return TOO_BIG;
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? TOO_BIG : value;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const entry = copyJson(value[i], budget);
      if (entry === TOO_BIG) return TOO_BIG;
      out.push(entry);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const names = Object.keys(value);
  for (const name of names) {
    const member = copyJson((value as Record<string, unknown>)[name], budget);
    if (member === TOO_BIG) return TOO_BIG;
    Object.defineProperty(out, name, { value: member, enumerable: true, writable: true, configurable: true });
  }
  namesOf.set(out, names);
  return out;
}

function freezeFields(fields: FieldSpec[]): void {
  for (const field of fields) {
    if (field.choices) {
      for (const choice of field.choices) Object.freeze(choice);
      Object.freeze(field.choices);
    }
    if (Array.isArray(field.default)) Object.freeze(field.default);
    Object.freeze(field);
  }
  Object.freeze(fields);
}

/**
 * Whether two JSON values are the same (members in the same order), within a
 * budget of values compared. `b` is a copy copyJson made (its names are known).
 */
function sameJson(a: unknown, b: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], budget)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Member by member, in order: the same names in the same order, the same values. for…in, not
  // Object.keys: no array per object (it lists the same own names in the same order, and an
  // inherited enumerable one, which JSON never makes, only makes the two differ).
  const others = namesOf.get(right) ?? Object.keys(right);
  let i = 0;
  for (const name in left) {
    if (name !== others[i] || !sameJson(left[name], right[name], budget)) return false;
    i++;
  }
  return i === others.length;
}
