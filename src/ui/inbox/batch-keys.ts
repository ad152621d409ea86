import { DIGITS } from '../key-table.js';
import type { Answer, Choice as RequestOption } from '../../protocol/types.js';
import { displayLine } from '../../protocol/sanitize.js';
import { runBinding, type Controller } from '../binding.js';
import { withKeys } from '../key-labels.js';
import { isText, type KeyPress } from '../keys.js';
import { editLine, emptyEditor } from '../text/editor.js';
import { batchRows, digitDoes, digitOf, refusedDigit, type DigitDoes } from './digits.js';
import { commonOptions, type BatchResult } from './batch.js';
import { quit } from './quit.js';
import { openHelp } from './help-keys.js';
import { popModal, pushModal, type Effect, type InboxState, type KeyContext, type ModalOf } from './state.js';

// What every key does in a batch (several marked requests answered at once)
// and at its `Send "…" to N requests? y/n`: each binding's keys
// (key-table.ts), handler, why it does nothing now and help words, in one
// place. Help, the footer, the screen reader and docs/keys.md read the same
// objects (key-rows.ts).

/** One press in the batch view, with what it is read against. */
interface BatchPress {
  state: InboxState;
  press: KeyPress;
  ctx: KeyContext;
  /** The options every marked request shares, numbered on screen. */
  options: RequestOption[];
  onReply: boolean;
  /** The option number a digit names, and what it does here (digits.ts). */
  digit?: number;
  digitDoes?: DigitDoes;
}

const GONE = 'The marked requests no longer take an answer.';

/** A change to the batch being composed (a one-shot notice goes). */
function same({ state }: BatchPress, next: Partial<InboxState['batch']>): BatchResult {
  return { state: { ...state, batch: { ...state.batch, ...next }, notice: undefined }, effects: [] };
}

/** A printable key, or any other the bindings leave: text for the Reply row (typing on an option goes to it, as in a single answer). */
function typed(c: BatchPress): BatchResult {
  const { state, press, options, onReply } = c;
  const batch = state.batch;
  if (!onReply)
    return isText(press)
      ? same(c, { highlight: options.length, reply: editLine(batch.reply, press) })
      : { state, effects: [] };
  const reply = editLine(batch.reply, press);
  return reply === batch.reply ? { state, effects: [] } : same(c, { reply });
}

function confirm(state: InboxState, answer: Answer, text: string, keys: string[]): BatchResult {
  return {
    state: {
      ...pushModal(
        { ...state, batch: { ...state.batch, literal: false } },
        { kind: 'batchConfirm', answer, label: text, keys },
      ),
      notice: undefined,
    },
    effects: [],
  };
}

function label(option: RequestOption): string {
  return displayLine(option.label || option.id, 60);
}

/** Every binding but Esc: nothing to do once the marked requests take no answer. */
const live = (c: BatchPress) => (c.ctx.tagged.length === 0 ? GONE : undefined);

export const BATCH_KEYS: Controller<'batch', BatchPress, BatchResult> = {
  scope: 'batch',
  keys: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: DIGITS,
    typeText: ['tab'],
    send: ['enter'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  // The marks gone: back to the list, unmarked. A digit no shared option has: said, nothing typed.
  refuse: ({ state, ctx }, why) => ({
    state:
      ctx.tagged.length === 0
        ? { ...state, mode: 'browse', tagged: new Set(), notice: why }
        : { ...state, notice: why },
    effects: [],
  }),
  bindings: [
    {
      on: ['up', 'down', 'pickOption'],
      does:
        'move between the options every marked request offers (numbered: a digit picks that ' +
        'shared option and every command sends its id; a digit with no shared option N is ' +
        'refused) and the Reply row',
      hint: '{up}/{down} {pickOption} choose',
      disabled: (c) => live(c) ?? (c.digitDoes === 'refuse' ? refusedDigit(c.digit!, c.options.length) : undefined),
      run: (c, action) => {
        const { highlight } = c.state.batch;
        if (action === 'up') return same(c, { highlight: Math.max(0, highlight - 1), literal: false });
        if (action === 'down') return same(c, { highlight: Math.min(c.options.length, highlight + 1), literal: false });
        return c.digitDoes === 'pick' ? same(c, { highlight: c.digit! - 1, literal: false }) : typed(c);
      },
    },
    {
      on: ['typeText'],
      does: 'go to the Reply row and make every key text, digits too, until {send} or {back}',
      disabled: live,
      run: (c) => same(c, { highlight: c.options.length, literal: true }),
    },
    {
      on: ['send'],
      does: 'on an option or a non-empty Reply: ask Send "…" to N requests? {batchConfirm.confirm}/n',
      hint: '{send} send…',
      disabled: live,
      run: ({ state, ctx, options, onReply }) => {
        const keys = ctx.tagged.map((record) => record.key);
        if (!onReply)
          return confirm(
            state,
            { option: options[state.batch.highlight].id },
            label(options[state.batch.highlight]),
            keys,
          );
        const text = state.batch.reply.value;
        if (!text.trim())
          return {
            state: {
              ...state,
              batch: { ...state.batch, literal: false },
              notice: withKeys('batch', 'Type a reply first: {send} on an empty Reply sends nothing.'),
            },
            effects: [],
          };
        return confirm(state, { text }, displayLine(text, 40), keys);
      },
    },
    {
      on: ['back'],
      does: 'back to the list; the marks stay',
      hint: '{back} back (marks stay)',
      run: ({ state }) => ({
        state: { ...state, mode: 'browse', batch: { ...state.batch, literal: false }, notice: undefined },
        effects: [],
      }),
    },
    {
      on: ['help', 'quit'],
      does: 'help / quit, off the Reply row',
      disabled: live,
      run: ({ state, ctx }, action) => (action === 'quit' ? quit(state, ctx) : { state: openHelp(state), effects: [] }),
    },
  ],
};

export function batchKey(state: InboxState, press: KeyPress, ctx: KeyContext): BatchResult {
  const options = commonOptions(ctx.tagged);
  const onReply = state.batch.highlight >= options.length;
  const digit = digitOf('batch', press);
  const c: BatchPress = {
    state,
    press,
    ctx,
    options,
    onReply,
    digit,
    digitDoes: digit === undefined ? undefined : digitDoes(batchRows(state.batch, options.length), digit),
  };
  // On the Reply row every printable key is text (only named keys act), but
  // for a digit: it picks the shared option numbered on screen, or is refused
  // with words, until Reply holds text or Tab made every key text (digits.ts).
  const typing = onReply && isText(press) && (c.digitDoes === undefined || c.digitDoes === 'type');
  const bound = typing ? undefined : runBinding(BATCH_KEYS, press, c);
  if (bound) return bound;
  return live(c) ? BATCH_KEYS.refuse(c, GONE) : typed(c);
}

/** At `Send "…" to N requests? y/n`. */
interface ConfirmPress {
  state: InboxState;
  ctx: KeyContext;
  pending: ModalOf<'batchConfirm'>;
}

/** Back to the batch view, the question gone. */
const unasked = ({ state }: { state: InboxState }): BatchResult => ({ state: popModal(state), effects: [] });

/**
 * `y`: one command per marked request that can still take it; the ledger refuses, with words, any with an answer on
 * its way or a shared route.
 */
function sendBatch({ state, ctx, pending }: ConfirmPress): BatchResult {
  const still = new Set<string>(ctx.tagged.map((record) => record.key));
  const open = pending.keys.filter((k) => still.has(k));
  const refusals: string[] = [];
  const keys = open.filter((k) => {
    const record = ctx.tagged.find((r) => r.key === k);
    const ruled = record && ctx.refusal?.(record);
    // An unproven route ("unknown") is not refused here: that answer waits at the gate for a read of its session.
    const refused = ruled && ruled.code !== 'unknown' ? ruled : undefined;
    if (refused) refusals.push(refused.why);
    return !refused;
  });
  const effects: Effect[] = keys.map((k) => ({ type: 'send', key: k, answer: pending.answer, batch: keys.length }));
  const skipped = pending.keys.length - open.length;
  const refusedWords = refusals.length ? ` ${refusals.length} not sent: ${refusals[0]}` : '';
  const notice =
    `Sent "${pending.label}" to ${keys.length} ` +
    `request${keys.length === 1 ? '' : 's'}${skipped ? ` (${skipped} closed meanwhile, not sent)` : ''}.${refusedWords}`;
  return {
    state: {
      ...popModal(state),
      mode: 'browse',
      tagged: new Set(),
      batch: { highlight: 0, reply: emptyEditor },
      notice,
    },
    effects,
  };
}

export const BATCH_CONFIRM_KEYS: Controller<'batchConfirm', ConfirmPress, BatchResult> = {
  scope: 'batchConfirm',
  keys: { confirm: ['y', 'Y'], quit: ['ctrlC'] },
  refuse: unasked,
  bindings: [
    {
      on: ['confirm'],
      does: 'at that question: send one command per request, each with its own id (any other key: back)',
      run: sendBatch,
    },
    // Quit asks (answers may be in flight), and comes back to the batch.
    { on: ['quit'], does: 'quit (asks first)', run: ({ state, ctx }) => quit(state, ctx, popModal(state)) },
  ],
};

/** `y` sends one command per marked request that can still take it; anything else goes back to the batch view. */
export function confirmBatchKey(
  state: InboxState,
  pending: ModalOf<'batchConfirm'>,
  press: KeyPress,
  ctx: KeyContext,
): BatchResult {
  const c = { state, ctx, pending };
  return runBinding(BATCH_CONFIRM_KEYS, press, c) ?? unasked(c);
}
