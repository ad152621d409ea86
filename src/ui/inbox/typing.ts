// Whether a printable key is text where the operator is, or a digit that
// picks an option numbered on screen (digits.ts): the keys (answer-keys.ts,
// batch-keys.ts) and the chunk fold in update.ts ask the same two questions.
// Each place's own answer is one of the functions here, named in its record
// (places/registry.ts); which place is asked is the stack's top
// (places/typing-now.ts).

import { editsText, initialFormDraft } from '../form/form-state.js';
import type { KeyPress } from '../keys.js';
import { digitDoes, digitOf, type ChoiceRows } from './digits.js';
import { commonOptions } from './batch.js';
import { draftFor, type InboxState, type KeyContext } from './state.js';

/** The batch: on its Reply row (past the options every marked request shares). */
export const batchTakesText = (state: InboxState, ctx: KeyContext): boolean =>
  state.batch.highlight >= commonOptions(ctx.tagged).length;

/** An open request taking an answer: on its Reply row. */
export const replyTakesText = (state: InboxState, ctx: KeyContext): boolean =>
  ctx.open !== undefined && draftFor(state, ctx.open).highlight >= ctx.open.payload.options.length;

/** An open form: on a text or number field, or a select's `Other…` row. */
export const formTakesText = (state: InboxState, ctx: KeyContext): boolean =>
  ctx.open !== undefined && editsText(ctx.open.payload.fields, draftFor(state, ctx.open).form ?? initialFormDraft());

/** The history: while its filter is typed. */
export const historyTakesText = (state: InboxState): boolean => state.history?.filtering === true;

/** Whether a press is a digit that picks an option here (then it is no text, even on the Reply row). */
export function picksNow(rows: ChoiceRows, key: KeyPress): boolean {
  const n = key.name === 'char' ? digitOf('answer', key) : undefined;
  return n !== undefined && digitDoes(rows, n) === 'pick';
}
