// What the single and multi select editors share: the highlighted row moving
// over the choices (then `Other…`), the windowed choice rows, typing on the
// `Other…` row, and a choice id read back as its label.
import { displayLine } from '../../../protocol/sanitize.js';
import type { FieldSpec } from '../../../protocol/types.js';
import { editLine, type EditorState } from '../../text/editor.js';
import { seg, type Line } from '../../text/line.js';
import { targeted } from '../../text/targets.js';
import { fit } from '../../text/wrap.js';
import { choiceWindow } from '../../widgets/window.js';
import { isOtherRow, move, OTHER, patchField, selectRows, type FieldDraft, type FormDraft } from '../draft.js';
import { choiceLabel, editorLine, focusRow, type FormViewInput } from '../rows.js';
import type { FieldKey } from './editor.js';
import { glyphs } from '../../glyphs.js';
import { keyNumber } from '../../key-table.js';
import { choiceOfDigit } from '../choice-digits.js';

const MAX_CHOICES_SHOWN = 8;

/** Up and Down move the highlight, and leave the field past its first or last row; undefined for other actions. */
export function highlightKey({ fields, draft, field, fd, action }: FieldKey): FormDraft | undefined {
  const rows = selectRows(field);
  if (action === 'up') {
    return fd.highlight > 0
      ? { ...draft, fields: { ...draft.fields, [field.id]: { ...fd, highlight: fd.highlight - 1, moved: true } } }
      : move(draft, fields, -1);
  }
  if (action === 'down') {
    return fd.highlight < rows - 1
      ? { ...draft, fields: { ...draft.fields, [field.id]: { ...fd, highlight: fd.highlight + 1, moved: true } } }
      : move(draft, fields, 1);
  }
  return undefined;
}

/**
 * A digit: the row it names (choices numbered from 1, then `Other…`), with
 * the highlight moved there; undefined for any other action. `null`: a digit
 * that names no row here (it does nothing: a select field types no text).
 */
export function digitRow({
  draft,
  field,
  fd,
  key,
  action,
}: FieldKey): { row: number; moved: FormDraft } | null | undefined {
  if (action !== 'pickOption') return undefined;
  const row = choiceOfDigit(field, keyNumber('form', key));
  if (row === undefined) return null;
  return { row, moved: { ...draft, fields: { ...draft.fields, [field.id]: { ...fd, highlight: row } } } };
}

/** Text typed on the `Other…` row (nothing elsewhere), patched in as `patch` says. */
export function otherTyping(
  { draft, field, fd, key }: FieldKey,
  patch: (text: EditorState) => Partial<FieldDraft>,
): FormDraft {
  if (!isOtherRow(field, fd.highlight)) return draft;
  const text = editLine(fd.text, key);
  return text === fd.text ? draft : patchField(draft, field, patch(text));
}

export const editsOther = (field: FieldSpec, fd: FieldDraft): boolean => isOtherRow(field, fd.highlight);

/** A choice id as the label it is shown with, or the id itself when no choice has it. */
export function pickedLabel(field: FieldSpec, id: string, withheld: boolean): string {
  const i = (field.choices ?? []).findIndex((c) => c.id === id);
  return i >= 0 ? choiceLabel(field, i, withheld) : displayLine(id, 40);
}

/** A recorded value: a choice's label, or the operator's own text marked as such. */
export function describeChoice(field: FieldSpec, value: string): string {
  const choice = field.choices?.find((c) => c.id === value);
  return choice ? choice.label : `"${value}" (other)`;
}

/** One row of a select: a choice with its box, or the `Other…` row with its editor. */
function choiceRow(field: FieldSpec, fd: FieldDraft, input: FormViewInput, active: boolean, i: number): Line {
  const here = active && fd.highlight === i;
  const pointer = here ? `  ${glyphs().pointer} ` : '    ';
  if (isOtherRow(field, i)) {
    const on = field.multi ? fd.text.value.trim() !== '' : fd.picked === OTHER;
    const box = field.multi ? (on ? '[x]' : '[ ]') : on ? `(${glyphs().bullet})` : '( )';
    // The field's own index is filled in by the form view (form-view.ts fieldLines).
    const other = targeted(editorLine(`${pointer}${box} Other${glyphs().ellipsis} `, fd, input.width, here), {
      kind: 'choice',
      field: -1,
      choice: i,
    });
    return here ? focusRow(other) : other;
  }
  const id = (field.choices ?? [])[i].id;
  const on = field.multi ? fd.toggled.includes(id) : fd.picked === id;
  const box = field.multi ? (on ? '[x]' : '[ ]') : on ? `(${glyphs().bullet})` : '( )';
  const row = targeted(
    [
      seg(fit(`${pointer}${box} ${choiceLabel(field, i, input.labelsWithheld)}`, input.width), {
        inverse: here,
        bold: on,
      }),
    ],
    { kind: 'choice', field: -1, choice: i },
  );
  return here ? focusRow(row) : row;
}

export function choiceRows(field: FieldSpec, fd: FieldDraft, input: FormViewInput): Line[] {
  const rows = (field.choices ?? []).length + (field.other ? 1 : 0);
  const window = choiceWindow(rows, MAX_CHOICES_SHOWN, fd.highlight, (i) => choiceRow(field, fd, input, true, i));
  const out: Line[] = [];
  if (window.above > 0) out.push([seg(`    ${glyphs().up} ${window.above} more`, { dim: true })]);
  out.push(...window.rows);
  if (window.below > 0) out.push([seg(`    ${glyphs().down} ${window.below} more`, { dim: true })]);
  return out;
}
