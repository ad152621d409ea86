import { fieldSpecProblem } from '../../protocol/form.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { FieldSpec } from '../../protocol/types.js';
import { editorSegments } from '../widgets/line-editor.js';
import { choiceWindow } from '../widgets/window.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { fieldDraft, isOtherRow, numberProblem, OTHER, type FieldDraft, type FormDraft } from './form-state.js';

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

const MAX_CHOICES_SHOWN = 8;

/** The row the keys act on (highlighted choice, text editor, checkbox): windowing keeps it on screen. */
const focusRows = new WeakSet<Line>();
function focusRow(row: Line): Line {
  focusRows.add(row);
  return row;
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

export function constraintText(field: FieldSpec): string {
  switch (field.type) {
    case 'number':
      if (field.min !== undefined && field.max !== undefined) return `${field.min}–${field.max}`;
      if (field.min !== undefined) return `≥ ${field.min}`;
      if (field.max !== undefined) return `≤ ${field.max}`;
      return 'a number';
    case 'boolean':
      return field.required ? 'yes or no' : 'yes / no / unset';
    case 'select':
      return `${field.multi ? 'pick any' : 'pick one'}${field.other ? ', or type your own' : ''}`;
    default:
      return 'text';
  }
}

function valueSummary(field: FieldSpec, fd: FieldDraft, withheld: boolean): string {
  switch (field.type) {
    case 'string':
    case 'number':
      return fd.text.value ? displayLine(fd.text.value, 60) : '—';
    case 'boolean':
      return fd.bool === undefined ? 'unset (left out)' : fd.bool ? 'yes' : 'no';
    case 'select': {
      const choices = field.choices ?? [];
      const label = (id: string) => {
        const i = choices.findIndex((c) => c.id === id);
        return i >= 0 ? choiceLabel(field, i, withheld) : displayLine(id, 40);
      };
      if (field.multi) {
        const picked = choices.filter((c) => fd.toggled.includes(c.id)).map((c) => label(c.id));
        if (field.other && fd.text.value.trim()) picked.push(`"${displayLine(fd.text.value, 40)}"`);
        return picked.length ? picked.join(', ') : '—';
      }
      if (fd.picked === OTHER) return `"${displayLine(fd.text.value, 40)}" (other)`;
      return fd.picked !== undefined ? label(fd.picked) : '—';
    }
    default:
      return '';
  }
}

function editorLine(prefix: string, fd: FieldDraft, width: number, active: boolean): Line {
  return [seg(prefix), seg('['), ...editorSegments(fd.text, width - prefix.length - 2, active), seg(']')];
}

/** One row of a select: a choice with its box, or the `Other…` row with its editor. */
function choiceRow(field: FieldSpec, fd: FieldDraft, input: FormViewInput, active: boolean, i: number): Line {
  const here = active && fd.highlight === i;
  const pointer = here ? '  ▸ ' : '    ';
  if (isOtherRow(field, i)) {
    const on = field.multi ? fd.text.value.trim() !== '' : fd.picked === OTHER;
    const box = field.multi ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )';
    const other = editorLine(`${pointer}${box} Other… `, fd, input.width, here);
    return here ? focusRow(other) : other;
  }
  const id = (field.choices ?? [])[i].id;
  const on = field.multi ? fd.toggled.includes(id) : fd.picked === id;
  const box = field.multi ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )';
  const row: Line = [seg(fit(`${pointer}${box} ${choiceLabel(field, i, input.labelsWithheld)}`, input.width), { inverse: here, bold: on })];
  return here ? focusRow(row) : row;
}

function selectLines(field: FieldSpec, fd: FieldDraft, input: FormViewInput, active: boolean): Line[] {
  const rows = (field.choices ?? []).length + (field.other ? 1 : 0);
  const window = choiceWindow(rows, MAX_CHOICES_SHOWN, fd.highlight, (i) => choiceRow(field, fd, input, active, i));
  const out: Line[] = [];
  if (window.above > 0) out.push([seg(`    ↑ ${window.above} more`, { dim: true })]);
  out.push(...window.rows);
  if (window.below > 0) out.push([seg(`    ↓ ${window.below} more`, { dim: true })]);
  return out;
}

function fieldLines(field: FieldSpec, index: number, input: FormViewInput): Line[] {
  const { draft, width } = input;
  const active = input.focused && draft.active === index;
  const fd = fieldDraft(draft, field);
  const label = fieldLabel(field, index, input.labelsWithheld);
  const problem = fieldSpecProblem(field);
  const error = draft.errors[field.id];
  const pointer = active ? '▸ ' : '  ';
  if (problem) {
    return [[seg(fit(`${pointer}${label}: malformed field (${problem})`, width), { color: 'red', inverse: active })]];
  }
  const live = field.type === 'number' ? numberProblem(field, fd.text.value) : undefined;
  // Emitter rejection details are producer text.
  const complaint = error !== undefined ? displayLine(error, 200) : live;
  const head: Line = [
    seg(pointer, { bold: active }),
    seg(label, { bold: active }),
    seg(field.required ? '*' : '', { color: 'red', bold: true }),
    seg(` (${constraintText(field)})`, { dim: true }),
  ];
  if (!active) {
    // Collapsed: label, mark, constraint, then the value; the label yields room first.
    const value = valueSummary(field, fd, input.labelsWithheld);
    const constraint = ` (${constraintText(field)})`;
    const tail = `${field.required ? '*' : ''}${constraint}: ${value}${complaint ? `  ✗ ${complaint}` : ''}`;
    const labelRoom = Math.max(12, width - 2 - tail.length);
    const collapsed: Line = [
      seg(pointer),
      seg(fit(label, labelRoom)),
      seg(field.required ? '*' : '', { color: 'red', bold: true }),
      seg(constraint, { dim: true }),
      seg(`: ${value}`),
    ];
    if (complaint) collapsed.push(seg(`  ✗ ${complaint}`, { color: 'red' }));
    return [collapsed];
  }
  const out: Line[] = [head];
  switch (field.type) {
    case 'string':
    case 'number':
      out.push(focusRow(editorLine('    ', fd, width, true)));
      break;
    case 'boolean':
      out.push(focusRow([
        seg('    '),
        seg(fd.bool === true ? '[x] yes' : fd.bool === false ? '[ ] no' : '[ ] unset: left out of the answer', { inverse: true }),
        seg('  Space toggles · y/n set' + (field.required ? '' : ' · Backspace unsets'), { dim: true }),
      ]));
      break;
    case 'select':
      out.push(...selectLines(field, fd, input, true));
      break;
  }
  if (complaint) out.push([seg(fit(`    ✗ ${complaint}`, width), { color: 'red' })]);
  if (!out.some((row) => focusRows.has(row))) focusRow(out[0]);
  return out;
}

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
    blocks.push(built(wrapText(`✗ the agent rejected the answer: ${displayLine(draft.rejection, 400)}`, width).map((l) => [seg(l, { color: 'red' })])));
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
      [
        seg(submitActive ? '▸ ' : '  '),
        seg('[ Submit ]', { inverse: submitActive, bold: true }),
        seg(formError ? `  ✗ ${displayLine(formError[1], 200)}` : '  Tab/Shift-Tab move · Enter confirms a field', { dim: !formError, color: formError ? 'red' : undefined }),
      ],
    ]),
  );
  const total = blocks.reduce((n, b) => n + b.size, 0);
  if (total <= height) return rowsOf(blocks, 0, total);
  // Window so the row the keys act on is visible, with its field's label when it fits.
  const activeBlock = firstField + Math.min(draft.active, fields.length);
  const header = blocks.slice(0, activeBlock).reduce((n, b) => n + b.size, 0);
  const focusInBlock = blocks[activeBlock].lines().findIndex((row) => focusRows.has(row));
  const focus = header + Math.max(0, focusInBlock);
  if (height <= 2) return rowsOf(blocks, focus, focus + 1);
  const room = height - 2;
  let start = focus - header + 1 <= room ? Math.min(header, Math.max(focus - room + 1, header - Math.floor((room - (focus - header + 1)) / 2))) : focus - Math.floor(room / 2);
  start = Math.max(0, Math.min(start, total - room));
  const window = rowsOf(blocks, start, start + room);
  const below = total - start - window.length;
  return [
    [seg(start ? `  ↑ ${start} more lines` : '', { dim: true })],
    ...window,
    [seg(below ? `  ↓ ${below} more lines` : '', { dim: true })],
  ];
}
