// A single select: one choice id, or (with `other`) non-empty text of the
// operator's own, which is then gated as free text.
import { choiceFreeText, choiceIds, choiceProblems } from './choices.js';
import { defineKind } from './kind.js';

export const selectField = defineKind({
  name: 'select',
  wireType: 'select',
  claims: (field) => field.multi !== true,
  hasChoices: true,
  specProblems: choiceProblems,
  valueProblem(field, v) {
    if (typeof v !== 'string') return 'must be one of the choices';
    if (choiceIds(field).has(v)) return null;
    if (field.other !== true) return 'not one of the choices';
    return v.trim() === '' ? 'must be a choice or non-empty text' : null;
  },
  isFreeText: choiceFreeText,
});
