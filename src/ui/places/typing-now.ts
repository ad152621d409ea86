// Whether a printable key is text where the operator is now, and whether a
// digit picks an option there: the top place's own answer (its record,
// registry.ts). The chunk fold (update.ts) and a paste (reduce-key.ts) ask.
import type { KeyPress } from '../keys.js';
import { batchRows, digitDoes, digitOf, requestRows } from '../inbox/digits.js';
import { commonOptions } from '../inbox/batch.js';
import { picksNow } from '../inbox/typing.js';
import { draftFor, type InboxState, type KeyContext } from '../inbox/state.js';
import { PLACES } from './registry.js';
import { openShape, topPlace } from './top.js';

/** Whether a printable key is text here: the filter, a cancel reason, the Reply row, a text field or `Other…` row. */
export function editsTextNow(state: InboxState, ctx: KeyContext): boolean {
  return PLACES[topPlace(state, openShape(ctx))].takesText?.(state, ctx) ?? false;
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
