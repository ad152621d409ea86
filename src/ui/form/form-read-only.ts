import type { FieldSpec } from '../../protocol/types.js';
import { fieldSpecProblem } from '../../protocol/form.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { constraintText } from './form-view.js';
import { choiceLabel, fieldLabel } from './rows.js';
import { glyphs } from '../glyphs.js';

/**
 * A form that cannot be filled in here (history from a file, or answered in
 * the agent's own UI) still says everything it asks: each field with its
 * label, required mark and constraint, and a select's choices beneath it.
 */
export function readOnlyFormLines(fields: FieldSpec[], width: number, labelsWithheld: boolean): Line[] {
  const lines: Line[] = [];
  fields.forEach((field, i) => {
    const problem = fieldSpecProblem(field);
    const label = fieldLabel(field, i, labelsWithheld);
    if (problem) {
      lines.push([seg(fit(`  ${glyphs().dot} ${label}: malformed field (${problem})`, width), { color: 'red' })]);
      return;
    }
    lines.push([seg(fit(`  ${glyphs().dot} ${label}${field.required ? '*' : ''} (${constraintText(field)})`, width))]);
    (field.choices ?? []).forEach((choice, c) => {
      const text = choiceLabel(field, c, labelsWithheld);
      const id = labelsWithheld ? '' : `  [${choice.id}]`;
      lines.push([seg(fit(`      - ${text}${text === choice.id ? '' : id}`, width), { dim: true })]);
    });
  });
  return lines;
}
