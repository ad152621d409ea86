// The field registry: every kind of form field the console knows. A new kind
// is one module beside these and one entry in this list; FieldType (the wire
// `type` words) and FIELD_TYPES follow from it.
import type { Obj } from '../obj.js';
import { booleanField } from './boolean.js';
import type { FieldKind } from './kind.js';
import { multiSelectField } from './multi-select.js';
import { numberField } from './number.js';
import { selectField } from './select.js';
import { stringField } from './string.js';

export const FIELD_KINDS = [stringField, numberField, booleanField, selectField, multiSelectField] as const;

export type FieldKindName = (typeof FIELD_KINDS)[number]['name'];

/** The field_spec types AEP-0006 defines; anything else is a malformed field. */
export type FieldType = (typeof FIELD_KINDS)[number]['wireType'];

/** The field_spec types AEP-0006 defines, each once; anything else is a malformed field. */
export const FIELD_TYPES: readonly FieldType[] = FIELD_KINDS.map((k) => k.wireType).filter(
  (t, i, all) => all.indexOf(t) === i,
);

/** The kind a field is, by its wire `type` (and `multi` for a select); undefined for a type the registry lacks. */
export function fieldKindOf(field: Obj): FieldKind<FieldKindName, FieldType> | undefined {
  const type = field.type;
  for (let i = 0; i < FIELD_KINDS.length; i++) {
    const kind = FIELD_KINDS[i];
    if (kind.wireType === type && kind.claims(field)) return kind;
  }
  return undefined;
}

export type { FieldKind } from './kind.js';
