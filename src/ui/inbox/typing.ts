// Whether a printable key is text where the operator is, or a digit that
// picks an option numbered on screen (digits.ts): the keys (answer-keys.ts,
// batch-keys.ts) and the chunk fold in update.ts ask the same two questions.

import { editsText, initialFormDraft } from '../form/form-state.js';
import type { KeyPress } from '../keys.js';
import { batchRows, digitDoes, digitOf, requestRows, type ChoiceRows } from './digits.js';
import { isFillableForm } from './detail-view.js';
import { commonOptions } from './batch.js';
import { answerLock, draftFor, modalOf, placeOf, type InboxState, type KeyContext } from './state.js';

/** Whether a printable key is text here: the filter, a cancel reason, the Reply row, a text field or `Other…` row. */
export function editsTextNow(state: InboxState, ctx: KeyContext): boolean {
  // A question on top takes the keys: text only while a cancel's reason is typed (A, d and a ask over the place).
  const top = state.modals[state.modals.length - 1]?.kind;
  if (top === 'control') return modalOf(state, 'control')?.reason !== undefined;
  if (top === 'help' || top === 'quit' || top === 'batchConfirm') return false;
  if (state.mode === 'filter') return true;
  if (state.mode === 'history') return state.history?.filtering === true;
  if (state.mode === 'batch') return state.batch.highlight >= commonOptions(ctx.tagged).length;
  if (state.mode !== 'answer' || !ctx.open || answerLock(ctx.open, ctx.openCommand) !== 'none') return false;
  const draft = draftFor(state, ctx.open);
  if (isFillableForm(ctx.open)) return editsText(ctx.open.payload.fields, draft.form ?? initialFormDraft());
  return draft.highlight >= ctx.open.payload.options.length;
}

/** Whether a press is a digit that picks an option here (then it is no text, even on the Reply row). */
export function picksNow(rows: ChoiceRows, key: KeyPress): boolean {
  const n = key.name === 'char' ? digitOf('answer', key) : undefined;
  return n !== undefined && digitDoes(rows, n) === 'pick';
}

/**
 * Whether a press would pick an option of what is open now (a single
 * request or the batch) rather than be typed: the chunk fold types a run of
 * printable keys in one edit, and must not swallow such a digit.
 */
export function digitPicksNow(state: InboxState, ctx: KeyContext, key: KeyPress): boolean {
  const place = placeOf(state);
  if (place === 'batch') {
    const n = key.name === 'char' ? digitOf('batch', key) : undefined;
    return n !== undefined && digitDoes(batchRows(state.batch, commonOptions(ctx.tagged).length), n) !== 'type';
  }
  if (place !== 'answer' || !ctx.open || isFillableForm(ctx.open) || answerLock(ctx.open, ctx.openCommand) !== 'none')
    return false;
  return picksNow(requestRows(ctx.open, draftFor(state, ctx.open)), key);
}
