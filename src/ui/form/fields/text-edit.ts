// What the string and number editors share: a one-line text editor that
// Enter / Up / Down leave, and its row.
import { displayLine } from '../../../protocol/sanitize.js';
import { editLine } from '../../text/editor.js';
import type { Line } from '../../text/line.js';
import { move, patchField, type FieldDraft, type FormDraft } from '../draft.js';
import { editorLine, focusRow, type FormViewInput } from '../rows.js';
import type { FieldKey } from './editor.js';
import { glyphs } from '../../glyphs.js';

export function textKey({ fields, draft, field, fd, key, action }: FieldKey): FormDraft {
  if (action === 'next' || action === 'down') return move(draft, fields, 1);
  if (action === 'up') return move(draft, fields, -1);
  const text = editLine(fd.text, key);
  return text === fd.text ? draft : patchField(draft, field, { text });
}

export function textSummary(_field: unknown, fd: FieldDraft): string {
  return fd.text.value ? displayLine(fd.text.value, 60) : glyphs().dash;
}

export function textRows(_field: unknown, fd: FieldDraft, input: FormViewInput): Line[] {
  return [focusRow(editorLine('    ', fd, input.width, true))];
}
