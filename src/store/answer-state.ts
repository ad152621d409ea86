// An answer's states: one union, from the moment this console makes an
// answer to what became of it (the ledger's states, the gate's `waiting` and
// `held` among them), and everything the product says of each: its short
// word, its list row, the detail's sentence, the lock hint, the screen
// reader's two sentences, the history's `--json` value and colour, and what
// `respond` exits with. Every view reads them here, so adding a state is
// this file, the code that puts a command in it, and a test.
// Pure. Words that name a key are templates (`{resend}`, `{drop}`) the UI
// fills through withKeys (`say.keys`), and marks come from the UI's glyph
// set (`say`): no key name and no terminal glyph is written here.

import { displayLine } from '../protocol/sanitize.js';

/**
 * What the store keeps of a command's lifecycle (OwnCommand.state): coarser
 * than AnswerState, which reads the command's other fields too (`queued`,
 * `gate`, `code`). `sending` is waiting, queued or sent; `not-sent` is not
 * sent, dropped or closed.
 * `not-sent`: a queued (or saved) answer whose request closed before it
 * could go out, refused by the gate on its first send, or dropped while held.
 * `stopped-waiting`: the console stopped (a quit, respond's --wait over)
 * before the agent acknowledged it; kept in the outbox for the next console.
 * `held` (the gate at the wire): written once, or saved, and refused now:
 * kept, not sent, until the operator's `r` (the gate asked again) or a drop.
 */
export type CommandState =
  'sending' | 'held' | 'accepted' | 'rejected' | 'timeout' | 'refused-by-relay' | 'not-sent' | 'stopped-waiting';

/**
 * What the words read of a command (store/types.ts OwnCommand): written out
 * here so that this file imports nothing of the store, and types.ts takes
 * CommandState from it.
 */
export interface OwnCommand {
  state: CommandState;
  queued: boolean;
  attempts: number;
  ackWindowMs: number;
  event: { session?: string };
  reason?: string;
  detail?: string;
  code?: string;
  gate?: 'waiting';
}

/** An answer of this console, as every view says it (none made: undefined). */
export type AnswerState =
  /** At the gate, waiting for a read of its session: not on the wire yet. */
  | 'waiting'
  /** Journaled, waiting for a connection to the relay. */
  | 'queued'
  /** On the wire, waiting for the agent's acknowledgement. */
  | 'sent'
  | 'held'
  | 'accepted'
  | 'rejected'
  /** Refused by the relay (AEP-0003 §4.2). */
  | 'refused'
  /** No acknowledgement within the ack window. */
  | 'timed out'
  /** Refused by the gate on its first send: not sent, not kept. */
  | 'not sent'
  /** Dropped by the operator while held. */
  | 'dropped'
  /** Never sent: the request closed before it could go out. */
  | 'closed'
  | 'stopped waiting';

/** The state of an answer of ours (undefined: none). */
export function answerState(command: OwnCommand): AnswerState;
export function answerState(command: OwnCommand | undefined): AnswerState | undefined;
export function answerState(command: OwnCommand | undefined): AnswerState | undefined {
  switch (command?.state) {
    case undefined:
      return undefined;
    case 'sending':
      if (command.gate === 'waiting') return 'waiting';
      return command.queued ? 'queued' : 'sent';
    case 'held':
      return 'held';
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'refused-by-relay':
      return 'refused';
    case 'timeout':
      return 'timed out';
    case 'not-sent':
      if (command.code === 'dropped') return 'dropped';
      return command.code === 'gate' ? 'not sent' : 'closed';
    case 'stopped-waiting':
      return 'stopped waiting';
  }
}

/** The history's outcome values, as the file and `history --json` write them. */
export type OutcomeState =
  | 'applied'
  | 'rejected'
  | 'timeout'
  | 'refused'
  | 'closed-elsewhere'
  | 'superseded'
  | 'stopped-waiting'
  | 'not-sent'
  | 'held';

/** How the UI writes what these words leave to it. */
export interface Say {
  /** Fills `{resend}`, `{drop}` with the keys bound now (ui/key-labels.ts withKeys, place `locked`). */
  keys(template: string): string;
  /** The marks of the glyph set in force (the row's `no` is `x` in ASCII). */
  yes: string;
  no: string;
  gone: string;
  ellipsis: string;
  dash: string;
  /** A duration as the UI writes it (`45 s`). */
  ms(n: number): string;
}

type Color = 'yellow' | 'green' | 'red';

/** What `respond` exits with when its answer ends in a state (refined there by the request's fate or the gate). */
export interface RespondEnd {
  code: 0 | 3 | 4;
  result: string;
  reason: string;
}

export interface StateWords {
  /** The state in a word or two. */
  short: string;
  /** The list row. */
  row: (c: OwnCommand, say: Say) => { text: string; color: Color };
  /** The detail's line under the controls. */
  detail: (c: OwnCommand, say: Say) => { text: string; color: Color };
  /** Why the open request takes no answer now (a state that locks it; undefined: it does not). */
  lock?: (say: Say) => string;
  /** The screen reader's status of the answer; `what` is `your deny`. */
  sentence: (what: string, c: OwnCommand, say: Say) => string;
  /** Said once when the answer comes to this state (undefined: nothing to say). */
  news?: (what: string, c: OwnCommand, say: Say) => string;
  /**
   * The history's outcome (undefined: in flight, no outcome yet), its colour
   * there, and the words its rows lead with where they differ from the value.
   */
  history?: { state: OutcomeState; color: Color; lead?: string };
  /** How `respond` ends on it (undefined: it keeps waiting, or the request's fate says). */
  respond?: (c: OwnCommand) => RespondEnd;
}

const line = (text: string, n: number) => displayLine(text, n);
const reasonOr = (c: OwnCommand, fallback: string) => line(c.reason ?? fallback, 300);
const SENDING_HINT = 'Sending: wait for the agent to acknowledge.';
const HELD = '{resend} asks the gate again, {drop} drops it';

/** The gate's words without their lead (the state says "not sent" already). */
export function gateWords(reason: string | undefined): string {
  return (reason ?? 'the gate refuses it').replace(/^Not sent: /, '');
}

const NOT_SENT_HISTORY = { state: 'not-sent', color: 'yellow', lead: 'not sent' } as const;
const notSentEnd = (c: OwnCommand): RespondEnd => ({ code: 3, result: 'not-sent', reason: c.reason ?? 'not sent' });

/** Every state and its words. */
export const ANSWER_STATES: { readonly [S in AnswerState]: StateWords } = {
  waiting: {
    short: 'waiting',
    row: () => ({ text: 'waiting', color: 'yellow' }),
    detail: (c, say) => ({
      text: `${say.ellipsis} waiting for a read of session "${line(c.event.session ?? '', 60)}": the console cannot tell who else speaks there, so it goes only if the read shows no other agent could take it`,
      color: 'yellow',
    }),
    lock: () =>
      'Waiting at the gate for a read of the session: the answer goes only if the read shows no other agent could take it.',
    sentence: (what) =>
      `${what} waits for a read of the session: the console cannot tell who else speaks there, and sends it only if the read shows no other agent could take it.`,
  },
  queued: {
    short: 'queued',
    row: () => ({ text: 'queued', color: 'yellow' }),
    detail: (_c, say) => ({
      text: `${say.ellipsis} queued: the relay is not connected; it will be sent (same id) on reconnect`,
      color: 'yellow',
    }),
    lock: () => SENDING_HINT,
    sentence: (what) => `${what} is queued until the relay is connected.`,
  },
  sent: {
    short: 'sent',
    row: () => ({ text: 'sent', color: 'yellow' }),
    detail: (c, say) => ({
      text: `${say.ellipsis} sending${c.attempts > 1 ? ` (retry ${c.attempts - 1} of 2, same id)` : ''}`,
      color: 'yellow',
    }),
    lock: () => SENDING_HINT,
    sentence: (what) => `${what} was sent, waiting for the agent to accept it.`,
  },
  held: {
    short: 'held',
    row: () => ({ text: 'held', color: 'red' }),
    detail: (c, say) => ({
      text: `${say.gone} held, not sent: ${gateWords(c.reason)} ${say.dash} ${say.keys(HELD)}`,
      color: 'red',
    }),
    lock: (say) =>
      say.keys(
        'Held, not sent: the gate refuses it now (the detail says why). {resend} asks the gate again; {drop} drops it.',
      ),
    sentence: (what, c) => `${what} is held, not sent: ${reasonOr(c, 'the gate refuses it')}`,
    news: (what, c) => `${what} is held, not sent: ${reasonOr(c, 'the gate refuses it')}`,
    history: { state: 'held', color: 'red', lead: 'held, not sent' },
    respond: (c) => ({ code: 3, result: 'held', reason: c.reason ?? 'held: the gate refuses it' }),
  },
  accepted: {
    short: 'accepted',
    // Accepted and not yet recorded by the agent: once it is, the row says what it applied.
    row: () => ({ text: 'accepted', color: 'green' }),
    detail: (_c, say) => ({ text: `${say.yes} accepted, waiting for the agent`, color: 'green' }),
    lock: () => 'Accepted: waiting for the agent to record the outcome.',
    sentence: (what) => `${what} was accepted.`,
    news: (what) => `${what} was accepted; the agent has yet to say what it applied.`,
    history: { state: 'applied', color: 'green' },
  },
  rejected: {
    short: 'rejected',
    row: (_c, say) => ({ text: `${say.no} rejected`, color: 'red' }),
    detail: (c, say) => ({
      text: `${say.no} rejected: ${c.reason ?? 'no reason'}${c.detail ? ` ${c.detail}` : ''} ${say.dash} fix it and send again`,
      color: 'red',
    }),
    sentence: (what, c) =>
      `${what} was rejected${c.reason ? ` (${line(c.reason, 60)})` : ''}${c.detail ? `: ${line(c.detail, 200)}` : ''}.`,
    news: (what, c) => `${what} was rejected${c.detail ? `: ${line(c.detail, 200)}` : ''}.`,
    history: { state: 'rejected', color: 'red' },
    respond: (c) => ({
      code: 3,
      result: 'rejected',
      reason: `rejected by the agent: ${c.reason ?? 'unspecified'}${c.detail ? ` (${c.detail})` : ''}`,
    }),
  },
  refused: {
    short: 'refused',
    row: (_c, say) => ({ text: `${say.no} refused`, color: 'red' }),
    detail: (c, say) => ({ text: `${say.no} ${relayRefusalText(c.code, c.detail)}`, color: 'red' }),
    sentence: (what, c) => `${what} was refused by the relay${c.reason ? ` (${line(c.reason, 60)})` : ''}.`,
    news: (what) => `${what} was refused by the relay.`,
    history: { state: 'refused', color: 'red' },
    respond: (c) => ({
      code: 3,
      result: c.code === 'no-route' ? 'no-route' : 'refused',
      reason: `refused by the relay: ${c.code ?? 'refused'}${c.detail ? ` (${c.detail})` : ''}`,
    }),
  },
  'timed out': {
    short: 'timed out',
    row: (_c, say) => ({ text: say.keys('no ack ({resend})'), color: 'red' }),
    detail: (c, say) => ({
      text: `${say.gone} no answer from the agent in ${say.ms(c.ackWindowMs * Math.max(1, c.attempts))} ${say.dash} ${say.keys('press {resend} to resend the same command')}`,
      color: 'red',
    }),
    lock: (say) => say.keys('No acknowledgement: press {resend} to resend the same command.'),
    sentence: (what, _c, say) => `${what} got no acknowledgement; ${say.keys('{resend} sends it again.')}`,
    news: (what, _c, say) => `${what} got no acknowledgement; ${say.keys('{resend} sends it again.')}`,
    history: { state: 'timeout', color: 'yellow' },
    respond: () => ({ code: 4, result: 'no-ack', reason: 'no acknowledgement from the agent' }),
  },
  'not sent': {
    short: 'not sent',
    row: () => ({ text: 'not sent', color: 'yellow' }),
    detail: (c, say) => ({ text: `${say.gone} ${c.reason ?? 'not sent: the request closed'}`, color: 'yellow' }),
    sentence: (what, c) => `${what} was not sent: ${reasonOr(c, 'the gate refused it')}`,
    news: (what, c) => `${what} was not sent: ${reasonOr(c, 'the gate refused it')}`,
    history: NOT_SENT_HISTORY,
    respond: notSentEnd,
  },
  dropped: {
    short: 'dropped',
    row: () => ({ text: 'dropped', color: 'yellow' }),
    detail: (_c, say) => ({ text: `${say.gone} dropped while held: it was not sent`, color: 'yellow' }),
    sentence: (what) => `${what} was dropped while held: it was not sent.`,
    news: (what) => `${what} was dropped while held; it was not sent.`,
    history: NOT_SENT_HISTORY,
    respond: notSentEnd,
  },
  closed: {
    short: 'not sent',
    row: () => ({ text: 'not sent', color: 'yellow' }),
    detail: (c, say) => ({ text: `${say.gone} ${c.reason ?? 'not sent: the request closed'}`, color: 'yellow' }),
    sentence: (what) => `${what} was not sent.`,
    history: { state: 'closed-elsewhere', color: 'yellow' },
    respond: notSentEnd,
  },
  'stopped waiting': {
    short: 'stopped waiting',
    row: () => ({ text: 'kept (outbox)', color: 'yellow' }),
    detail: (_c, say) => ({
      text: `${say.gone} stopped waiting before the agent acknowledged it: kept in the outbox, sent again (same id) by the next console`,
      color: 'yellow',
    }),
    sentence: (what) =>
      `${what} was not acknowledged before the console stopped waiting; it is kept for the next console.`,
    history: { state: 'stopped-waiting', color: 'yellow' },
  },
};

/** The history's outcome values a reader takes from a file (decision-fold.ts): every state's, and `superseded`. */
export const OUTCOME_STATES: readonly OutcomeState[] = [
  ...new Set([...Object.values(ANSWER_STATES).flatMap((w) => (w.history ? [w.history.state] : [])), 'superseded']),
] as OutcomeState[];

const historyOf = (state: OutcomeState) =>
  Object.values(ANSWER_STATES).find((w) => w.history?.state === state)?.history;

/** An outcome's colour in the history (a saved answer the operator's superseded: yellow). */
export function outcomeColor(state: OutcomeState | undefined): Color | undefined {
  return state === undefined ? undefined : (historyOf(state)?.color ?? 'yellow');
}

/** The words the history's rows lead an outcome with, where they are not its value (`held, not sent`). */
export function outcomeLead(state: OutcomeState | undefined): string | undefined {
  return state === undefined ? undefined : historyOf(state)?.lead;
}

/** What the relay's refusal codes mean to an operator (AEP-0003 §4.2). */
export function relayRefusalText(code: string | undefined, detail: string | undefined): string {
  const tail = detail ? ` (${detail})` : '';
  switch (code) {
    case 'no-route':
      return `no route to session: no agent is connected for it${tail}`;
    case 'ambiguous':
      return `two agents claim this session: the relay would not guess${tail}`;
    case 'unauthorized':
      return `relay refuses control: no token${tail}`;
    case 'unsupported':
      return `the agent does not take answers over control${tail}`;
    default:
      return `relay refused the command: ${code ?? 'unknown'}${tail}`;
  }
}
