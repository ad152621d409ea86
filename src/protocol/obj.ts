// The one predicate every wire reader starts from, kept apart from guards.ts
// so the field kinds (fields/) can use it without importing types.ts, which
// takes its FieldType from the field registry.

export type Obj = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
