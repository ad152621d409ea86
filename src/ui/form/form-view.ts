import { fieldSpecProblem } from '../../protocol/form.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { FieldSpec } from '../../protocol/types.js';
import { seg, type Line } from '../text/line.js';
import { targeted, targetOf } from '../text/targets.js';
import { fit, stringWidth, wrapText } from '../text/wrap.js';
import { fieldDraft } from './draft.js';
import { editorOf } from './fields/index.js';
import { defaultText } from './take-default.js';
import { complaintText } from './how-to-pick.js';
import { fieldLabel, focusRow, isFocusRow, type FormViewInput } from './rows.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

export type { FormViewInput } from './rows.js';

export { choiceLabel, fieldLabel } from './rows.js';

/** What a field takes, beside its label (its kind's words; a kind no editor has is text), and its default where it has one. */
export function constraintText(field: FieldSpec): string {
  const takes = editorOf(field)?.constraint(field) ?? 'text';
  const given = defaultText(field);
  return given === undefined ? takes : `${takes}; default: ${given}`;
}

/** A field's rows, each tagged for a click: a choice row as that choice of this field, any other as the field. */
function fieldLines(field: FieldSpec, index: number, input: FormViewInput): Line[] {
  return fieldRows(field, index, input).map((row) => {
    const target = targetOf(row);
    return targeted(row, target?.kind === 'choice' ? { ...target, field: index } : { kind: 'field', index });
  });
}

function fieldRows(field: FieldSpec, index: number, input: FormViewInput): Line[] {
  const { draft, width } = input;
  const active = input.focused && draft.active === index;
  const fd = fieldDraft(draft, field);
  const label = fieldLabel(field, index, input.labelsWithheld);
  const problem = fieldSpecProblem(field);
  const error = draft.errors[field.id];
  const pointer = active ? `${glyphs().pointer} ` : '  ';
  if (problem) {
    return [[seg(fit(`${pointer}${label}: malformed field (${problem})`, width), { color: 'red', inverse: active })]];
  }
  const editor = editorOf(field);
  const live = editor?.liveProblem(field, fd);
  // Emitter rejection details are producer text.
  const complaint = error !== undefined ? displayLine(complaintText(field, error), 200) : live;
  const head: Line = [
    seg(pointer, { bold: active }),
    seg(label, { bold: active }),
    seg(field.required ? '*' : '', { color: 'red', bold: true }),
    seg(` (${constraintText(field)})`, { dim: true }),
  ];
  if (!active) {
    // Collapsed: label, mark, constraint, then the value. The value is what a
    // look before Submit is for: the constraint yields room first, then the label.
    const value = editor?.summary(field, fd, input.labelsWithheld) ?? '';
    const mark = field.required ? '*' : '';
    const said = `: ${value}${complaint ? `  ${glyphs().no} ${complaint}` : ''}`;
    const whole = ` (${constraintText(field)})`;
    const constraint = stringWidth(`${pointer}${label}${mark}${whole}${said}`) <= width ? whole : '';
    const labelRoom = Math.max(8, width - 2 - stringWidth(`${mark}${constraint}${said}`));
    const collapsed: Line = [
      seg(pointer),
      seg(fit(label, labelRoom)),
      seg(mark, { color: 'red', bold: true }),
      seg(constraint, { dim: true }),
      seg(`: ${value}`),
    ];
    if (complaint) collapsed.push(seg(`  ${glyphs().no} ${complaint}`, { color: 'red' }));
    return [collapsed];
  }
  const out: Line[] = [head];
  if (editor) out.push(...editor.rows(field, fd, input));
  if (complaint) out.push([seg(fit(`    ${glyphs().no} ${complaint}`, width), { color: 'red' })]);
  if (!out.some(isFocusRow)) focusRow(out[0]);
  return out;
}

/** `1 more line`, `3 more lines`. */
export const moreLines = (n: number): string => `${n} more ${n === 1 ? 'line' : 'lines'}`;

/** Rows of one part of the form, built only if they are drawn. */
interface Block {
  size: number;
  lines: () => Line[];
}

const built = (lines: Line[]): Block => ({ size: lines.length, lines: () => lines });

/** Rows `from`..`to` (exclusive) of the blocks laid end to end, building only the blocks they touch. */
function rowsOf(blocks: Block[], from: number, to: number): Line[] {
  const out: Line[] = [];
  let at = 0;
  for (const block of blocks) {
    if (at >= to) break;
    if (at + block.size > from) out.push(...block.lines().slice(Math.max(0, from - at), to - at));
    at += block.size;
  }
  return out;
}

/**
 * The form as exact rows: every field in order with the active one expanded,
 * then Submit; windowed so the active field is always on screen. A field
 * that is not expanded is one row, so only the rows on screen are built: a
 * form of thousands of fields costs what it shows.
 */
export function buildFormLines(input: FormViewInput): Line[] {
  const { fields, draft, width, height } = input;
  const blocks: Block[] = [];
  if (draft.rejection) {
    blocks.push(
      built(
        wrapText(`${glyphs().no} the agent rejected the answer: ${displayLine(draft.rejection, 400)}`, width).map(
          (l) => [seg(l, { color: 'red' })],
        ),
      ),
    );
  }
  const firstField = blocks.length;
  fields.forEach((field, i) => {
    const expanded = input.focused && draft.active === i;
    blocks.push(expanded ? built(fieldLines(field, i, input)) : { size: 1, lines: () => fieldLines(field, i, input) });
  });
  const submitActive = input.focused && draft.active === fields.length;
  const ids = new Set(fields.map((f) => f.id));
  const formError = Object.entries(draft.errors).find(([id]) => !ids.has(id));
  blocks.push(
    built([
      targeted(
        [
          seg(submitActive ? `${glyphs().pointer} ` : '  '),
          seg('[ Submit ]', { inverse: submitActive, bold: true }),
          seg(
            formError
              ? `  ${glyphs().no} ${displayLine(formError[1], 200)}`
              : withKeys('form', `  {nextField}/{prevField} move ${glyphs().dot} {next} confirms a field`),
            { dim: !formError, color: formError ? 'red' : undefined },
          ),
        ],
        { kind: 'submit' },
      ),
    ]),
  );
  const total = blocks.reduce((n, b) => n + b.size, 0);
  if (total <= height) return rowsOf(blocks, 0, total);
  // Window so the row the keys act on is visible, with its field's label when it fits.
  const activeBlock = firstField + Math.min(draft.active, fields.length);
  const header = blocks.slice(0, activeBlock).reduce((n, b) => n + b.size, 0);
  const focusInBlock = blocks[activeBlock].lines().findIndex(isFocusRow);
  const focus = header + Math.max(0, focusInBlock);
  if (height <= 2) return rowsOf(blocks, focus, focus + 1);
  const room = height - 2;
  let start =
    focus - header + 1 <= room
      ? Math.min(header, Math.max(focus - room + 1, header - Math.floor((room - (focus - header + 1)) / 2)))
      : focus - Math.floor(room / 2);
  start = Math.max(0, Math.min(start, total - room));
  const window = rowsOf(blocks, start, start + room);
  const below = total - start - window.length;
  return [
    [seg(start ? `  ${glyphs().up} ${moreLines(start)}` : '', { dim: true })],
    ...window,
    [seg(below ? `  ${glyphs().down} ${moreLines(below)}` : '', { dim: true })],
  ];
}
