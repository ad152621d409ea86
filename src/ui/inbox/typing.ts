// Whether a printable key is text where the operator is, or a digit that
// picks an option numbered on screen (digits.ts): the keys (answer-keys.ts,
// batch-keys.ts) and the chunk fold in update.ts ask the same two questions.
// Which place is asked is the stack's top (places/stack.ts); each place's
// own answer is one of the functions here, named in its record (registry.ts).

import { editsText, initialFormDraft } from '../form/form-state.js';
import type { KeyPress } from '../keys.js';
import { batchRows, digitDoes, digitOf, requestRows, type ChoiceRows } from './digits.js';
import { isFillableForm } from './detail-view.js';
import { commonOptions } from './batch.js';
import { answerLock, draftFor, type InboxState, type KeyContext } from './state.js';
import { topPlace, type OpenShape } from '../places/stack.js';
import { PLACES } from '../places/registry.js';

/** The open request as the place stack reads it. */
export function openShape(ctx: Pick<KeyContext, 'open' | 'openCommand'>): OpenShape | undefined {
  return ctx.open ? { lock: answerLock(ctx.open, ctx.openCommand), form: isFillableForm(ctx.open) } : undefined;
}

/** Whether a printable key is text here: the filter, a cancel reason, the Reply row, a text field or `Other…` row. */
export function editsTextNow(state: InboxState, ctx: KeyContext): boolean {
  return PLACES[topPlace(state, openShape(ctx))].takesText?.(state, ctx) ?? false;
}

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

/**
 * Whether a press would pick an option of what is open now (a single
 * request or the batch) rather than be typed: the chunk fold types a run of
 * printable keys in one edit, and must not swallow such a digit.
 */
export function digitPicksNow(state: InboxState, ctx: KeyContext, key: KeyPress): boolean {
  const place = topPlace(state, openShape(ctx));
  if (place === 'batch') {
    const n = key.name === 'char' ? digitOf('batch', key) : undefined;
    return n !== undefined && digitDoes(batchRows(state.batch, commonOptions(ctx.tagged).length), n) !== 'type';
  }
  if (place !== 'answer' || !ctx.open) return false;
  return picksNow(requestRows(ctx.open, draftFor(state, ctx.open)), key);
}
