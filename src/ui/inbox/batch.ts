import type { Choice as RequestOption } from '../../protocol/types.js';
import type { RequestRecord } from '../../store/types.js';
import { refusedDigit } from './digits.js';
import type { Effect, InboxState, KeyContext } from './state.js';

/**
 * Batch answers: several alike requests (marked with Space or `*`) answered
 * at once. Only the options every one of them offers (same id) are offered,
 * plus the Reply row; sending asks `Send "Deny" to 5 requests? y/n` and `y`
 * sends one command per request, each with its own id. What each key does
 * there is batch-keys.ts.
 */

/** The options every marked request has (same id), in the first one's order and labels. */
export function commonOptions(records: RequestRecord[]): RequestOption[] {
  if (records.length === 0) return [];
  const [first, ...rest] = records;
  return first.payload.options.filter((option) =>
    rest.every((record) => record.payload.options.some((o) => o.id === option.id)),
  );
}

export interface BatchResult {
  state: InboxState;
  effects: Effect[];
}

/** Opens the batch view, the highlight on option `digit` (1-based) when given and offered, else on Reply. */
export function openBatch(state: InboxState, ctx: KeyContext, digit?: number): BatchResult {
  const options = commonOptions(ctx.tagged);
  if (ctx.tagged.length === 0)
    return {
      state: { ...state, tagged: new Set(), notice: 'The marked requests no longer take an answer.' },
      effects: [],
    };
  const highlight = digit !== undefined && digit <= options.length ? digit - 1 : options.length;
  const notice = digit !== undefined && digit > options.length ? refusedDigit(digit, options.length) : undefined;
  return { state: { ...state, mode: 'batch', batch: { highlight, reply: state.batch.reply }, notice }, effects: [] };
}
