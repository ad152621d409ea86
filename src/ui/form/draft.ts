// The operator's draft of a form, and the few moves every field editor
// makes on it (patch one field, move to another stop). The field editors
// (fields/) and the form reducer (form-state.ts) both build on this.
import type { FieldSpec, FormValues } from '../../protocol/types.js';
import { emptyEditor, type EditorState } from '../text/editor.js';

/** The `Other…` pick of a single select (never a valid choice id: ids are producer strings, this is not). */
export const OTHER = Symbol('other');

export interface FieldDraft {
  /** Text of a string or number field, or of the `Other…` row. */
  text: EditorState;
  /** Boolean field: undefined = unset (omitted from values). */
  bool?: boolean;
  /** Single select: the picked choice id, or OTHER. */
  picked?: string | typeof OTHER;
  /** Multi select: toggled choice ids. */
  toggled: string[];
  /** Highlighted row within a select (choices, then `Other…`). */
  highlight: number;
  /**
   * Whether the operator moved the highlight in this select (↑/↓): only then
   * is the highlighted choice theirs for Enter to pick. The first choice is
   * highlighted when the field opens; a stray Enter must not pick it.
   */
  moved?: boolean;
}

export interface FormDraft {
  /** Active stop: a field index, or fields.length for Submit. */
  active: number;
  fields: Record<string, FieldDraft>;
  /** Reasons per field id from the last submit or the emitter's rejection. */
  errors: Record<string, string>;
  /** The emitter's `control.rejected{reason:"invalid"}` detail, shown above the form. */
  rejection?: string;
  /** Whether the operator changed anything (quit asks before losing it). */
  dirty: boolean;
}

export interface FormStep {
  draft: FormDraft;
  /** Set when Submit passed validation: send these values. */
  submit?: FormValues;
}

/** The complaint Enter leaves on a single select with nothing picked (the view adds how to pick: how-to-pick.ts). */
export const NOTHING_PICKED = 'nothing picked';

export const emptyFieldDraft: FieldDraft = { text: emptyEditor, toggled: [], highlight: 0 };

export function initialFormDraft(): FormDraft {
  return { active: 0, fields: {}, errors: {}, dirty: false };
}

export function fieldDraft(draft: FormDraft, field: FieldSpec): FieldDraft {
  return draft.fields[field.id] ?? emptyFieldDraft;
}

export function patchField(draft: FormDraft, field: FieldSpec, patch: Partial<FieldDraft>): FormDraft {
  const current = fieldDraft(draft, field);
  const errors = { ...draft.errors };
  delete errors[field.id];
  return { ...draft, dirty: true, errors, fields: { ...draft.fields, [field.id]: { ...current, ...patch } } };
}

export function move(draft: FormDraft, fields: FieldSpec[], delta: number): FormDraft {
  const stops = fields.length + 1;
  return { ...draft, active: (draft.active + delta + stops) % stops };
}

export function selectRows(field: FieldSpec): number {
  return (field.choices?.length ?? 0) + (field.other ? 1 : 0);
}

export function isOtherRow(field: FieldSpec, highlight: number): boolean {
  return field.other === true && highlight === (field.choices?.length ?? 0);
}
