import { checkFormSpec, fieldSpecProblem, validateFormValues } from '../../protocol/form.js';
import type { FieldSpec, FormValues } from '../../protocol/types.js';
import { isText, type KeyPress } from '../keys.js';
import { actionFor, type ActionOf } from '../key-table.js';
import { fieldDraft, move, type FormDraft, type FormStep } from './draft.js';
import { editorOf } from './fields/index.js';
import { takeDefault } from './take-default.js';

// The draft and its field-level moves live in draft.ts, each kind's editing in
// fields/; these names stay importable from here, where the form's users look.
export { emptyFieldDraft, fieldDraft, initialFormDraft, isOtherRow, OTHER, selectRows } from './draft.js';
export type { FieldDraft, FormDraft, FormStep } from './draft.js';
export { numberProblem, parseNumber } from './fields/number.js';

/** Whether keys typed on this stop are text (single-key commands must not fire). */
export function editsText(fields: FieldSpec[], draft: FormDraft): boolean {
  const field = fields[draft.active];
  if (!field || fieldSpecProblem(field)) return false;
  return editorOf(field)?.editsText(field, fieldDraft(draft, field)) ?? false;
}

/** The values an operator's draft amounts to; blank optional fields are omitted. */
export function buildValues(
  fields: FieldSpec[],
  draft: FormDraft,
): { values: FormValues; errors: Record<string, string> } {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (fieldSpecProblem(field)) continue;
    const encoded = editorOf(field)?.encode(field, fieldDraft(draft, field));
    if (encoded?.error !== undefined) errors[field.id] = encoded.error;
    else if (encoded?.value !== undefined) values[field.id] = encoded.value;
  }
  return { values, errors };
}

/** Validates and either submits or moves to the first field in error. */
export function submitForm(fields: FieldSpec[], draft: FormDraft): FormStep {
  const spec = checkFormSpec(fields);
  if (Object.keys(spec).length) {
    return { draft: { ...draft, errors: { ...spec } } };
  }
  const built = buildValues(fields, draft);
  const check = validateFormValues(fields, built.values);
  const errors = { ...check.errors, ...built.errors };
  if (Object.keys(errors).length === 0) return { draft: { ...draft, errors: {} }, submit: built.values };
  const first = fields.findIndex((f) => f.id in errors);
  return { draft: { ...draft, errors, active: first >= 0 ? first : draft.active } };
}

/** The form scope's action for a press; none for text typed where text is edited. */
function formAction(key: KeyPress, textRow: boolean): ActionOf<'form'> | undefined {
  return textRow && isText(key) ? undefined : actionFor('form', key);
}

/** Applies one key to a form draft. */
export function reduceFormKey(fields: FieldSpec[], draft: FormDraft, key: KeyPress): FormStep {
  const action = formAction(key, editsText(fields, draft));
  if (action === 'nextField') return { draft: move(draft, fields, 1) };
  if (action === 'prevField') return { draft: move(draft, fields, -1) };
  const field = fields[draft.active];
  if (!field || fieldSpecProblem(field)) {
    // The Submit stop, or a field the request got wrong (it can only be passed).
    if (!field && action === 'next') return submitForm(fields, draft);
    if (action === 'up') return { draft: move(draft, fields, -1) };
    if (action === 'down' || (field && action === 'next')) return { draft: move(draft, fields, 1) };
    return { draft };
  }
  const editor = editorOf(field);
  if (!editor) return { draft };
  if (action === 'takeDefault') return { draft: takeDefault(draft, field) };
  // Enter refuses what Submit would refuse, in Submit's words: the field keeps the focus (editing it clears the complaint).
  const problem = action === 'next' ? editor.liveProblem(field, fieldDraft(draft, field)) : undefined;
  if (problem !== undefined) return { draft: { ...draft, errors: { ...draft.errors, [field.id]: problem } } };
  return { draft: editor.reduce({ fields, draft, field, fd: fieldDraft(draft, field), key, action }) };
}

/**
 * Folds the emitter's rejection detail into the draft: values stay, the detail
 * shows above the form, and when it names a field (`<id>: <reason>`, as
 * emitters usually phrase it) focus moves there with the reason beside it.
 */
export function applyRejection(fields: FieldSpec[], draft: FormDraft, detail: string): FormDraft {
  const errors: Record<string, string> = {};
  for (const part of detail.split(/;\s*/)) {
    const match = /^\s*([^:\s]+)\s*:\s*(.+)$/.exec(part);
    if (match && fields.some((f) => f.id === match[1])) errors[match[1]] = match[2];
  }
  const first = fields.findIndex((f) => f.id in errors);
  return { ...draft, rejection: detail, errors, active: first >= 0 ? first : draft.active };
}
