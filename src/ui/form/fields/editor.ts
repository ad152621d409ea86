// What the UI knows about one kind of form field: its edit-state reducer, its
// rows and words on screen, and how a draft encodes into the answer's value
// (the @inkjs/ui way: a widget is a reducer and a view side by side). One
// module per kind of the protocol's field registry, listed in index.ts.
import type { FieldSpec, FormValue } from '../../../protocol/types.js';
import type { ActionOf } from '../../key-table.js';
import type { KeyPress } from '../../keys.js';
import type { Line } from '../../text/line.js';
import type { FieldDraft, FormDraft } from '../draft.js';
import type { FormViewInput } from '../rows.js';

export type FormAction = ActionOf<'form'> | undefined;

/** One key on the active field: everything its reducer is handed. */
export interface FieldKey {
  fields: FieldSpec[];
  draft: FormDraft;
  field: FieldSpec;
  fd: FieldDraft;
  key: KeyPress;
  action: FormAction;
}

/** A draft's value for the answer: none (the field is omitted), a value, or why it has none. */
export interface Encoded {
  value?: FormValue;
  error?: string;
}

export interface FieldEditor {
  /** Whether keys typed on this field are text (single-key commands must not fire). */
  editsText(field: FieldSpec, fd: FieldDraft): boolean;
  /** One key on the field. */
  reduce(k: FieldKey): FormDraft;
  /** The draft as the answer's value (blank optional fields are omitted). */
  encode(field: FieldSpec, fd: FieldDraft): Encoded;
  /** The live complaint about the draft, as you type. */
  liveProblem(field: FieldSpec, fd: FieldDraft): string | undefined;
  /** What the field takes, beside its label, e.g. "1–5" or "pick any". */
  constraint(field: FieldSpec): string;
  /** The value on the collapsed row. */
  summary(field: FieldSpec, fd: FieldDraft, withheld: boolean): string;
  /** The rows under the label of the expanded (active) field. */
  rows(field: FieldSpec, fd: FieldDraft, input: FormViewInput): Line[];
  /** How a recorded text value of this field reads in an outcome; undefined: as quoted text. */
  describeText?(field: FieldSpec, value: string): string;
}
