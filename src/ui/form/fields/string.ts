// A string field: typed text, sent as typed (an empty optional one is left out).
import type { FieldEditor } from './editor.js';
import { textKey, textRows, textSummary } from './text-edit.js';

export const stringEditor: FieldEditor = {
  editsText: () => true,
  reduce: textKey,
  encode: (_field, fd) => (fd.text.value !== '' ? { value: fd.text.value } : {}),
  liveProblem: () => undefined,
  constraint: () => 'text',
  summary: textSummary,
  rows: textRows,
};
