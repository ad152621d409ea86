// A form read one field at a time: where the operator is ("Field 2 of 3"),
// the field's label, whether it is required, what it takes (the editor's own
// constraint words), its current value, and any problem with it.
import { complaintText } from '../form/how-to-pick.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { FieldSpec } from '../../protocol/types.js';
import { fieldDraft, initialFormDraft, isOtherRow, OTHER, type FieldDraft, type FormDraft } from '../form/draft.js';
import { editorOf } from '../form/fields/index.js';
import { constraintText } from '../form/form-view.js';
import { digitRange, firstKey } from '../key-rows.js';
import { fieldChoices } from '../form/choice-digits.js';

const choiceName = (field: FieldSpec, id: string) =>
  displayLine(field.choices?.find((c) => c.id === id)?.label ?? id, 80);

/** The field's value in words ("not set", "yes", "eu-west", "a and b"). */
export function valueWords(field: FieldSpec, fd: FieldDraft): string {
  if (field.type === 'boolean') return fd.bool === undefined ? 'not set' : fd.bool ? 'yes' : 'no';
  if (field.type === 'select' && field.multi)
    return fd.toggled.length ? fd.toggled.map((id) => choiceName(field, id)).join(', ') : 'none chosen';
  if (field.type === 'select') {
    if (fd.picked === OTHER) return `other: ${fd.text.value ? displayLine(fd.text.value, 200) : 'empty'}`;
    return fd.picked === undefined ? 'none chosen' : choiceName(field, fd.picked);
  }
  return fd.text.value ? displayLine(fd.text.value, 300) : 'empty';
}

/** Inside a select: the choices numbered, and which one the highlight is on. */
function choiceWords(field: FieldSpec, fd: FieldDraft): string[] {
  const choices = field.choices ?? [];
  if (field.type !== 'select' || !choices.length) return [];
  const names = choices.map((c, i) => `${i + 1} ${displayLine(c.label || c.id, 80)}`);
  if (field.other) names.push(`${choices.length + 1} Other`);
  const at =
    fd.highlight < choices.length ? displayLine(choices[fd.highlight].label || choices[fd.highlight].id, 80) : 'Other';
  // The digits pick as they are read (form/choice-digits.ts): the same numbers, the same choice.
  const numbered = fieldChoices(field);
  const range = digitRange('form', numbered);
  const other = field.other && numbered === choices.length + 1 ? `; ${numbered} moves to Other, to type your own` : '';
  const digits = range
    ? ` ${numbered === 1 ? 'The digit 1' : `A digit from ${range.replace('-', ' to ')}`} ` +
      `${field.multi ? 'toggles' : 'picks'} that choice${other}.`
    : '';
  const onOther = isOtherRow(field, fd.highlight);
  const here = onOther
    ? 'Typing is your own answer here, digits too.'
    : `${firstKey('form', 'toggle')} ${field.multi ? 'toggles' : 'picks'} it.`;
  return [`Choices: ${names.join(', ')}.${onOther ? '' : digits}`, `Highlighted: ${fd.highlight + 1}, ${at}. ${here}`];
}

export function fieldSentences(field: FieldSpec, index: number, count: number, draft: FormDraft): string[] {
  const fd = fieldDraft(draft, field);
  const head =
    `Field ${index + 1} of ${count}: ` +
    `${displayLine(field.label || field.id, 120)}${field.required ? ', required' : ', optional'}, ` +
    `${constraintText(field)}.`;
  const taking = field.default !== undefined ? [`${firstKey('form', 'takeDefault')} takes the default.`] : [];
  const lines = [head, `Current value: ${valueWords(field, fd)}.`, ...choiceWords(field, fd), ...taking];
  const problem = draft.errors[field.id] ?? editorOf(field)?.liveProblem(field, fd);
  if (problem) lines.push(`Problem: ${displayLine(complaintText(field, problem), 200)}.`);
  return lines;
}

/** The form as read now: the emitter's rejection if any, then the field (or Submit) the operator is on. */
export function formSentences(fields: readonly FieldSpec[], form: FormDraft | undefined): string[] {
  const draft = form ?? initialFormDraft();
  const lines = [
    `A form of ${fields.length} field${fields.length === 1 ? '' : 's'}. ` +
      `${firstKey('form', 'nextField')} and ${firstKey('form', 'prevField')} move between fields.`,
  ];
  if (draft.rejection) lines.push(`The agent rejected the last answer: ${displayLine(draft.rejection, 200)}.`);
  if (draft.active >= fields.length) {
    const errors = Object.keys(draft.errors).length;
    lines.push(
      `On Submit. ${firstKey('form', 'next')} sends the ` +
        `form${errors ? `; ${errors} field${errors === 1 ? ' has a problem' : 's have problems'}` : ''}.`,
    );
    return lines;
  }
  return [...lines, ...fieldSentences(fields[draft.active], draft.active, fields.length, draft)];
}
