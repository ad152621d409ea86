// What a digit does where the operator is, decided once: the keys
// (answer-keys.ts, batch-keys.ts, the chunk fold in update.ts), the footer, `?`
// help and the screen reader all ask this, so none of them can say "1-9
// choose" while the key types "1" (keys do
// what the screen says).

import { actionFor, keyNumber } from '../key-table.js';
import { withKeys } from '../key-labels.js';
import type { KeyPress } from '../keys.js';
import type { RequestRecord } from '../../store/types.js';
import type { Draft, InboxState } from './state.js';

// A form's select field: its choices are numbered too (form/choice-digits.ts, beside the field editors that read it).
export { choiceOfDigit, fieldChoices } from '../form/choice-digits.js';

/** The rows a digit can act on: the options numbered on screen above the Reply row. */
export interface ChoiceRows {
  /** How many options are numbered on screen: the request's, or (a batch) the ones every marked request shares. */
  options: number;
  /** The highlight is on the Reply row (not on an option). */
  onReply: boolean;
  /** What the Reply row holds. */
  reply: string;
  /** `Tab` on the Reply row: every key is text until Enter or Esc. */
  literal: boolean;
  /** A batch: a digit with no shared option N is refused (each request's own options differ). */
  batch: boolean;
}

export type DigitDoes = 'pick' | 'type' | 'refuse';

/** How many options the digit keys can name at most (1-9). */
export const DIGIT_OPTIONS = 9;

/** Whether a digit is text here whatever its number: Reply holds text, or Tab made every key text. */
export function digitsType(rows: ChoiceRows): boolean {
  return rows.onReply && (rows.literal || rows.reply !== '');
}

/**
 * Digit N: picks option N where one is numbered on screen (on an empty Reply
 * row too); is text where Reply holds text, after Tab, or where the request
 * offers no option N; in a batch with no shared option N, is refused.
 */
export function digitDoes(rows: ChoiceRows, n: number): DigitDoes {
  if (digitsType(rows)) return 'type';
  if (n >= 1 && n <= Math.min(DIGIT_OPTIONS, rows.options)) return 'pick';
  return rows.batch ? 'refuse' : 'type';
}

/** The option number a press names in `scope` (its place among the keys bound to pickOption), if it is one of them. */
export function digitOf(scope: 'answer' | 'batch', press: KeyPress): number | undefined {
  return actionFor(scope, press) === 'pickOption' ? keyNumber(scope, press) : undefined;
}

/** Why a digit in a batch did nothing, in words (the footer's notice). */
export function refusedDigit(n: number, shared: number): string {
  if (shared === 0)
    return `No option ${n}: the marked requests share no option. ${withKeys('batch', '{typeText}, then type, to reply with a digit.')}`;
  return (
    `No option ${n} is common to the marked requests (they share ${shared}). ` +
    `${withKeys('batch', '{typeText}, then type, to reply with a digit.')}`
  );
}

/** An open request's rows as its draft leaves them. */
export function requestRows(record: RequestRecord, draft: Draft): ChoiceRows {
  const options = record.payload.options.length;
  return {
    options,
    onReply: draft.highlight >= options,
    reply: draft.reply.value,
    literal: draft.literal === true,
    batch: false,
  };
}

/** The batch view's rows: the options every marked request shares, numbered on screen. */
export function batchRows(batch: InboxState['batch'], shared: number): ChoiceRows {
  return {
    options: shared,
    onReply: batch.highlight >= shared,
    reply: batch.reply.value,
    literal: batch.literal === true,
    batch: true,
  };
}
