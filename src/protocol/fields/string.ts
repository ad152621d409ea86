// A string field: free text, so always gated as the operator's own words.
import { defineKind, noSpecProblems } from './kind.js';

export const stringField = defineKind({
  name: 'string',
  wireType: 'string',
  claims: () => true,
  hasChoices: false,
  specProblems: noSpecProblems,
  valueProblem(field, v) {
    if (typeof v !== 'string') return 'must be text';
    // Stricter than the spec: a required string must be non-empty after trim.
    return field.required === true && v.trim() === '' ? 'required' : null;
  },
  isFreeText: () => true,
});
