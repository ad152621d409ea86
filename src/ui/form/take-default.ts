// A form field's `default` (MCP elicitation sends them): shown beside the
// field, and put in the draft only when the operator takes it
// (`form.takeDefault`). Nothing is ever filled in for the operator, and
// nothing is sent until Submit. The emitter stays the authority on what it
// accepts: a default that is not one of a select's choices (and the field
// takes no text of its own) is shown, and taking it says why it cannot be.
import { fieldKindOf } from '../../protocol/fields/index.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { FieldSpec } from '../../protocol/types.js';
import { editorOf as textEditor } from '../text/editor.js';
import { OTHER, patchField, type FieldDraft, type FormDraft } from './draft.js';

/** The default as the operator reads it beside the field (a choice's label), or undefined when there is none. */
export function defaultText(field: FieldSpec): string | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  const label = (id: string) => displayLine(field.choices?.find((c) => c.id === id)?.label || id, 40);
  if (Array.isArray(value)) return value.length ? value.map(label).join(', ') : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' ? String(value) : label(value);
}

/** The draft of `field` with its default taken, or why it cannot be. */
function takenDraft(field: FieldSpec, value: FieldSpec['default']): Partial<FieldDraft> | string {
  const kind = fieldKindOf(field as unknown as Record<string, unknown>)?.name;
  const choices = field.choices ?? [];
  const at = (id: string) => choices.findIndex((c) => c.id === id);
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? { text: textEditor(value) } : 'its default is not text';
    case 'number':
      return typeof value === 'number' || typeof value === 'string'
        ? { text: textEditor(String(value)) }
        : 'its default is not a number';
    case 'boolean':
      return typeof value === 'boolean' ? { bool: value } : 'its default is not yes or no';
    case 'select': {
      if (typeof value !== 'string') return 'its default is not one choice';
      if (at(value) >= 0) return { picked: value, highlight: at(value) };
      return field.other
        ? { picked: OTHER, text: textEditor(value), highlight: choices.length }
        : 'its default is not one of the choices';
    }
    case 'multi-select': {
      if (!Array.isArray(value)) return 'its default is not a list of choices';
      const own = value.filter((id) => at(id) < 0);
      if (own.length > (field.other ? 1 : 0)) return 'its default is not among the choices';
      return { toggled: value.filter((id) => at(id) >= 0), ...(own.length ? { text: textEditor(own[0]) } : {}) };
    }
    default:
      return 'its kind is not known';
  }
}

/** `form.takeDefault` on the active field: its default put in the draft, or the reason beside the field. */
export function takeDefault(draft: FormDraft, field: FieldSpec): FormDraft {
  if (field.default === undefined)
    return { ...draft, errors: { ...draft.errors, [field.id]: 'this field has no default' } };
  const taken = takenDraft(field, field.default);
  if (typeof taken === 'string')
    return { ...draft, errors: { ...draft.errors, [field.id]: `default not taken: ${taken}` } };
  return patchField(draft, field, taken);
}
