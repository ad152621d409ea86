import type { Answer, Choice as RequestOption } from '../../protocol/types.js';
import type { RequestRecord } from '../../store/types.js';
import { actionFor } from '../key-table.js';
import { batchRows, digitDoes, digitOf, refusedDigit } from './digits.js';
import { isText, type KeyPress } from '../keys.js';
import { editLine, emptyEditor } from '../text/editor.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { Effect, InboxState, KeyContext } from './state.js';
import { quit } from './quit.js';

/**
 * Batch answers: several alike requests (marked with Space or `*`) answered
 * at once. Only the options every one of them offers (same id) are offered,
 * plus the Reply row; sending asks `Send "Deny" to 5 requests? y/n` and `y`
 * sends one command per request, each with its own id.
 */

/** The options every marked request has (same id), in the first one's order and labels. */
export function commonOptions(records: RequestRecord[]): RequestOption[] {
  if (records.length === 0) return [];
  const [first, ...rest] = records;
  return first.payload.options.filter((option) => rest.every((record) => record.payload.options.some((o) => o.id === option.id)));
}

export interface BatchResult {
  state: InboxState;
  effects: Effect[];
}

/** Opens the batch view, the highlight on option `digit` (1-based) when given and offered, else on Reply. */
export function openBatch(state: InboxState, ctx: KeyContext, digit?: number): BatchResult {
  const options = commonOptions(ctx.tagged);
  if (ctx.tagged.length === 0) return { state: { ...state, tagged: new Set(), notice: 'The marked requests no longer take an answer.' }, effects: [] };
  const highlight = digit !== undefined && digit <= options.length ? digit - 1 : options.length;
  const notice = digit !== undefined && digit > options.length ? refusedDigit(digit, options.length) : undefined;
  return { state: { ...state, mode: 'batch', batch: { highlight, reply: state.batch.reply }, notice }, effects: [] };
}

function label(option: RequestOption): string {
  return displayLine(option.label || option.id, 60);
}

export function batchKey(state: InboxState, key: KeyPress, ctx: KeyContext): BatchResult {
  const options = commonOptions(ctx.tagged);
  const { batch } = state;
  const onReply = batch.highlight >= options.length;
  const same = (next: Partial<InboxState['batch']>): BatchResult => ({ state: { ...state, batch: { ...batch, ...next }, notice: undefined }, effects: [] });
  // On the Reply row every printable key is text (only named keys act), but
  // for a digit: it picks the shared option numbered on screen, or is refused
  // with words, until Reply holds text or Tab made every key text (digits.ts).
  const rows = batchRows(batch, options.length);
  const digit = digitOf('batch', key);
  const digitAct = digit === undefined ? undefined : digitDoes(rows, digit);
  const action = onReply && isText(key) && (digitAct === undefined || digitAct === 'type') ? undefined : actionFor('batch', key);
  if (action === 'back') return { state: { ...state, mode: 'browse', batch: { ...batch, literal: false }, notice: undefined }, effects: [] };
  if (ctx.tagged.length === 0) return { state: { ...state, mode: 'browse', tagged: new Set(), notice: 'The marked requests no longer take an answer.' }, effects: [] };
  switch (action) {
    case 'up':
      return same({ highlight: Math.max(0, batch.highlight - 1), literal: false });
    case 'down':
      return same({ highlight: Math.min(options.length, batch.highlight + 1), literal: false });
    case 'typeText':
      return same({ highlight: options.length, literal: true });
    case 'pickOption':
      if (digitAct === 'pick') return same({ highlight: digit! - 1, literal: false });
      if (digitAct === 'refuse') return { state: { ...state, notice: refusedDigit(digit!, options.length) }, effects: [] };
      break;
    case 'send': {
      const keys = ctx.tagged.map((record) => record.key);
      if (!onReply) {
        const option = options[batch.highlight];
        return confirm(state, { option: option.id }, label(option), keys);
      }
      const text = batch.reply.value;
      if (!text.trim()) return { state: { ...state, batch: { ...batch, literal: false }, notice: 'Type a reply first: Enter on an empty Reply sends nothing.' }, effects: [] };
      return confirm(state, { text }, displayLine(text, 40), keys);
    }
    case 'quit':
      return quit(state, ctx);
    case 'help':
      return { state: { ...state, mode: 'help', returnMode: 'batch', helpScroll: 0 }, effects: [] };
  }
  // Typing on an option goes to the Reply row, as in a single answer.
  if (!onReply) return isText(key) ? same({ highlight: options.length, reply: editLine(batch.reply, key) }) : { state, effects: [] };
  const reply = editLine(batch.reply, key);
  return reply === batch.reply ? { state, effects: [] } : same({ reply });
}

function confirm(state: InboxState, answer: Answer, text: string, keys: string[]): BatchResult {
  return { state: { ...state, mode: 'confirm-batch', batch: { ...state.batch, literal: false, confirm: { answer, label: text, keys } }, notice: undefined }, effects: [] };
}

/** `y` sends one command per marked request that can still take it; anything else goes back to the batch view. */
export function confirmBatchKey(state: InboxState, key: KeyPress, ctx: KeyContext): BatchResult {
  const pending = state.batch.confirm;
  if (!pending) return { state: { ...state, mode: 'batch' }, effects: [] };
  const action = actionFor('batchConfirm', key);
  // Quit asks (answers may be in flight), and comes back to the batch.
  if (action === 'quit') return quit({ ...state, mode: 'batch', batch: { ...state.batch, confirm: undefined } }, ctx);
  if (action === 'confirm') {
    const still = new Set<string>(ctx.tagged.map((record) => record.key));
    const open = pending.keys.filter((k) => still.has(k));
    // The ledger, for each: one with an answer on its way, or whose route another agent could take, is not sent.
    const refusals: string[] = [];
    const keys = open.filter((k) => {
      const record = ctx.tagged.find((r) => r.key === k);
      const refused = record && ctx.refusal?.(record);
      if (refused) refusals.push(refused.why);
      return !refused;
    });
    const effects: Effect[] = keys.map((k) => ({ type: 'send', key: k, answer: pending.answer, batch: keys.length }));
    const skipped = pending.keys.length - open.length;
    const refusedWords = refusals.length ? ` ${refusals.length} not sent: ${refusals[0]}` : '';
    const notice = `Sent "${pending.label}" to ${keys.length} request${keys.length === 1 ? '' : 's'}${skipped ? ` (${skipped} closed meanwhile, not sent)` : ''}.${refusedWords}`;
    return {
      state: { ...state, mode: 'browse', tagged: new Set(), batch: { highlight: 0, reply: emptyEditor }, notice },
      effects,
    };
  }
  return { state: { ...state, mode: 'batch', batch: { ...state.batch, confirm: undefined } }, effects: [] };
}
