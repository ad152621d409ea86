// A multi select (`type: "select"`, `multi: true`): a list of distinct choice
// ids, plus (with `other`) entries of the operator's own text.
import { choiceFreeText, choiceIds, choiceProblems } from './choices.js';
import { defineKind } from './kind.js';

export const multiSelectField = defineKind({
  name: 'multi-select',
  wireType: 'select',
  claims: (field) => field.multi === true,
  hasChoices: true,
  specProblems: choiceProblems,
  valueProblem(field, v) {
    if (!Array.isArray(v)) return 'must be a list of choices';
    // Stricter than the spec: a required multi-select needs at least one entry.
    if (field.required === true && v.length === 0) return 'required';
    const ids = choiceIds(field);
    const other = field.other === true;
    const seen = new Set<string>();
    for (const e of v) {
      if (typeof e !== 'string') return 'must be a list of choices';
      if (seen.has(e)) return 'duplicate entry';
      seen.add(e);
      if (ids.has(e)) continue;
      if (!other) return 'not one of the choices';
      if (e.trim() === '') return 'empty free-text entry';
    }
    return null;
  },
  isFreeText: choiceFreeText,
});
