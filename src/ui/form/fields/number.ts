// A number field: typed text read with JSON's number grammar, sent as a number.
import type { FieldSpec } from '../../../protocol/types.js';
import type { FieldEditor } from './editor.js';
import { textKey, textRows, textSummary } from './text-edit.js';
import { glyphs } from '../../glyphs.js';

/** JSON's number grammar (RFC 8259 §6): what a number field accepts. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!JSON_NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** The live complaint about a number field's text, as you type. */
export function numberProblem(field: FieldSpec, text: string): string | undefined {
  if (!text.trim()) return undefined;
  const value = parseNumber(text);
  if (value === undefined) return 'not a number';
  // The words Submit uses (protocol/fields/number.ts), so typing and sending never disagree.
  if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
  if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
  return undefined;
}

export const numberEditor: FieldEditor = {
  editsText: () => true,
  reduce: textKey,
  encode(_field, fd) {
    if (!fd.text.value.trim()) return {};
    const value = parseNumber(fd.text.value);
    return value === undefined ? { error: 'not a number' } : { value };
  },
  liveProblem: (field, fd) => numberProblem(field, fd.text.value),
  constraint(field) {
    if (field.min !== undefined && field.max !== undefined) return `${field.min}${glyphs().range}${field.max}`;
    if (field.min !== undefined) return `${glyphs().atLeast} ${field.min}`;
    if (field.max !== undefined) return `${glyphs().atMost} ${field.max}`;
    return 'a number';
  },
  summary: textSummary,
  rows: textRows,
};
