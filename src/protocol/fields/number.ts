// A number field: a finite JSON number within the spec's min/max.
import { defineKind, isFiniteNumber, noSpecProblems } from './kind.js';

export const numberField = defineKind({
  name: 'number',
  wireType: 'number',
  claims: () => true,
  hasChoices: false,
  specProblems: noSpecProblems,
  valueProblem(field, v) {
    if (!isFiniteNumber(v)) return 'must be a number';
    if (isFiniteNumber(field.min) && v < field.min) return `must be at least ${field.min}`;
    if (isFiniteNumber(field.max) && v > field.max) return `must be at most ${field.max}`;
    return null;
  },
  isFreeText: () => true,
});
