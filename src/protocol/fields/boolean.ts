// A boolean field: true or false (an unset optional one is omitted, never sent).
import { defineKind, noSpecProblems } from './kind.js';

export const booleanField = defineKind({
  name: 'boolean',
  wireType: 'boolean',
  claims: () => true,
  hasChoices: false,
  specProblems: noSpecProblems,
  valueProblem: (_field, v) => (typeof v === 'boolean' ? null : 'must be true or false'),
  isFreeText: () => true,
});
