// The pieces of a form's rows every field view uses: labels, the text editor
// row, and the mark on the row the keys act on (windowing keeps it on screen).
import { displayLine } from '../../protocol/sanitize.js';
import type { FieldSpec } from '../../protocol/types.js';
import { editorSegments } from '../widgets/line-editor.js';
import { seg, type Line } from '../text/line.js';
import type { FieldDraft, FormDraft } from './draft.js';

export interface FormViewInput {
  fields: FieldSpec[];
  draft: FormDraft;
  width: number;
  height: number;
  /** Labels are placeholders (capture metadata): say so instead of showing "1". */
  labelsWithheld: boolean;
  /** Whether keys go to the form (false when locked or only previewed). */
  focused: boolean;
}

/** The row the keys act on (highlighted choice, text editor, checkbox): windowing keeps it on screen. */
const focusRows = new WeakSet<Line>();
export function focusRow(row: Line): Line {
  focusRows.add(row);
  return row;
}

export function isFocusRow(row: Line): boolean {
  return focusRows.has(row);
}

export function fieldLabel(field: FieldSpec, index: number, withheld: boolean): string {
  if (withheld) return `field ${index + 1} (label withheld)`;
  return displayLine(field.label || field.id || `field ${index + 1}`, 120);
}

export function choiceLabel(field: FieldSpec, choiceIndex: number, withheld: boolean): string {
  if (withheld) return `choice ${choiceIndex + 1}`;
  const choice = field.choices?.[choiceIndex];
  return displayLine(choice?.label || choice?.id || `choice ${choiceIndex + 1}`, 120);
}

export function editorLine(prefix: string, fd: FieldDraft, width: number, active: boolean): Line {
  return [seg(prefix), seg('['), ...editorSegments(fd.text, width - prefix.length - 2, active), seg(']')];
}
