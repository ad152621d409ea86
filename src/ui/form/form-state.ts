import { checkFormSpec, fieldSpecProblem, validateFormValues } from '../../protocol/form.js';
import type { FieldSpec, FormValues } from '../../protocol/types.js';
import { isText, type KeyPress } from '../keys.js';
import { actionFor, type ActionOf } from '../key-table.js';
import { editLine, emptyEditor, type EditorState } from '../text/editor.js';

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

export const emptyFieldDraft: FieldDraft = { text: emptyEditor, toggled: [], highlight: 0 };

export function initialFormDraft(): FormDraft {
  return { active: 0, fields: {}, errors: {}, dirty: false };
}

export function fieldDraft(draft: FormDraft, field: FieldSpec): FieldDraft {
  return draft.fields[field.id] ?? emptyFieldDraft;
}

/** JSON's number grammar (RFC 8259 §6): what a number field accepts. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!JSON_NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** The live complaint about a number field's text, as you type. */
export function numberProblem(field: FieldSpec, text: string): string | undefined {
  if (!text.trim()) return undefined;
  const value = parseNumber(text);
  if (value === undefined) return 'not a number';
  if (field.min !== undefined && value < field.min) return `below the minimum ${field.min}`;
  if (field.max !== undefined && value > field.max) return `above the maximum ${field.max}`;
  return undefined;
}

export function selectRows(field: FieldSpec): number {
  return (field.choices?.length ?? 0) + (field.other ? 1 : 0);
}

export function isOtherRow(field: FieldSpec, highlight: number): boolean {
  return field.other === true && highlight === (field.choices?.length ?? 0);
}

/** Whether keys typed on this stop are text (single-key commands must not fire). */
export function editsText(fields: FieldSpec[], draft: FormDraft): boolean {
  const field = fields[draft.active];
  if (!field || fieldSpecProblem(field)) return false;
  if (field.type === 'string' || field.type === 'number') return true;
  return field.type === 'select' && isOtherRow(field, fieldDraft(draft, field).highlight);
}

/** The values an operator's draft amounts to; blank optional fields are omitted. */
export function buildValues(fields: FieldSpec[], draft: FormDraft): { values: FormValues; errors: Record<string, string> } {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (fieldSpecProblem(field)) continue;
    const fd = fieldDraft(draft, field);
    switch (field.type) {
      case 'string':
        if (fd.text.value !== '') values[field.id] = fd.text.value;
        break;
      case 'number': {
        if (!fd.text.value.trim()) break;
        const value = parseNumber(fd.text.value);
        if (value === undefined) errors[field.id] = 'not a number';
        else values[field.id] = value;
        break;
      }
      case 'boolean':
        if (fd.bool !== undefined) values[field.id] = fd.bool;
        break;
      case 'select': {
        const otherText = fd.text.value;
        if (field.multi) {
          const picked = (field.choices ?? []).map((c) => c.id).filter((id) => fd.toggled.includes(id));
          const all = field.other && otherText.trim() ? [...picked, otherText] : picked;
          if (all.length) values[field.id] = all;
        } else if (fd.picked === OTHER) {
          if (otherText.trim()) values[field.id] = otherText;
        } else if (fd.picked !== undefined) {
          values[field.id] = fd.picked;
        }
        break;
      }
    }
  }
  return { values, errors };
}

export interface FormStep {
  draft: FormDraft;
  /** Set when Submit passed validation: send these values. */
  submit?: FormValues;
}

function patchField(draft: FormDraft, field: FieldSpec, patch: Partial<FieldDraft>): FormDraft {
  const current = fieldDraft(draft, field);
  const errors = { ...draft.errors };
  delete errors[field.id];
  return { ...draft, dirty: true, errors, fields: { ...draft.fields, [field.id]: { ...current, ...patch } } };
}

function move(draft: FormDraft, fields: FieldSpec[], delta: number): FormDraft {
  const stops = fields.length + 1;
  return { ...draft, active: (draft.active + delta + stops) % stops };
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
  const fd = fieldDraft(draft, field);
  switch (field.type) {
    case 'string':
    case 'number':
      return { draft: textKey(fields, draft, field, fd, key, action) };
    case 'boolean':
      return { draft: booleanKey(fields, draft, field, fd, action) };
    case 'select':
      return { draft: selectKey(fields, draft, field, fd, key, action) };
    default:
      return { draft };
  }
}

type FormAction = ActionOf<'form'> | undefined;

function textKey(fields: FieldSpec[], draft: FormDraft, field: FieldSpec, fd: FieldDraft, key: KeyPress, action: FormAction): FormDraft {
  if (action === 'next' || action === 'down') return move(draft, fields, 1);
  if (action === 'up') return move(draft, fields, -1);
  const text = editLine(fd.text, key);
  return text === fd.text ? draft : patchField(draft, field, { text });
}

function booleanKey(fields: FieldSpec[], draft: FormDraft, field: FieldSpec, fd: FieldDraft, action: FormAction): FormDraft {
  switch (action) {
    case 'next':
    case 'down':
      return move(draft, fields, 1);
    case 'up':
      return move(draft, fields, -1);
    case 'toggle':
      return patchField(draft, field, { bool: !(fd.bool ?? false) });
    case 'setYes':
      return patchField(draft, field, { bool: true });
    case 'setNo':
      return patchField(draft, field, { bool: false });
    case 'unset':
      // An optional boolean goes back to "unset" (omitted, not false).
      return field.required ? draft : patchField(draft, field, { bool: undefined });
    default:
      return draft;
  }
}

function selectKey(fields: FieldSpec[], draft: FormDraft, field: FieldSpec, fd: FieldDraft, key: KeyPress, action: FormAction): FormDraft {
  const rows = selectRows(field);
  const onOther = isOtherRow(field, fd.highlight);
  const choice = field.choices?.[fd.highlight];
  switch (action) {
    case 'up':
      return fd.highlight > 0 ? { ...draft, fields: { ...draft.fields, [field.id]: { ...fd, highlight: fd.highlight - 1 } } } : move(draft, fields, -1);
    case 'down':
      return fd.highlight < rows - 1 ? { ...draft, fields: { ...draft.fields, [field.id]: { ...fd, highlight: fd.highlight + 1 } } } : move(draft, fields, 1);
    case 'next': {
      if (field.multi) return move(draft, fields, 1);
      if (onOther) return fd.text.value.trim() ? move(patchField(draft, field, { picked: OTHER }), fields, 1) : draft;
      return choice ? move(patchField(draft, field, { picked: choice.id }), fields, 1) : draft;
    }
    case 'toggle':
      if (onOther || !choice) return draft;
      if (field.multi) {
        const toggled = fd.toggled.includes(choice.id) ? fd.toggled.filter((id) => id !== choice.id) : [...fd.toggled, choice.id];
        return patchField(draft, field, { toggled });
      }
      return patchField(draft, field, { picked: choice.id });
  }
  if (!onOther) return draft;
  const text = editLine(fd.text, key);
  if (text === fd.text) return draft;
  // Typing on Other… picks it for a single select: what you type is the answer.
  return patchField(draft, field, field.multi ? { text } : { text, picked: OTHER });
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
