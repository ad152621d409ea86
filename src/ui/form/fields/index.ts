// The UI's side of the field registry: one editor per kind the protocol's
// registry lists (protocol/fields/index.ts). Keyed by the kind's name, so a
// kind added there fails to compile until it has an editor here.
import type { FieldKindName } from '../../../protocol/fields/index.js';
import { fieldKindOf } from '../../../protocol/fields/index.js';
import type { FieldSpec } from '../../../protocol/types.js';
import { booleanEditor } from './boolean.js';
import type { FieldEditor } from './editor.js';
import { multiSelectEditor } from './multi-select.js';
import { numberEditor } from './number.js';
import { selectEditor } from './select.js';
import { stringEditor } from './string.js';

export const FIELD_EDITORS: Readonly<Record<FieldKindName, FieldEditor>> = {
  string: stringEditor,
  number: numberEditor,
  boolean: booleanEditor,
  select: selectEditor,
  'multi-select': multiSelectEditor,
};

/** The editor of a field's kind; undefined for a type no kind claims (such a field is malformed). */
export function editorOf(field: FieldSpec): FieldEditor | undefined {
  const kind = fieldKindOf(field as unknown as Record<string, unknown>);
  return kind ? FIELD_EDITORS[kind.name] : undefined;
}

export type { FieldEditor } from './editor.js';
