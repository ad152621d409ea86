// What the product says of each of an answer's states (state.ts): its short
// word, its list row, the detail's line, the lock hint, the screen reader's
// two sentences, the history's `--json` value and colour, and how `respond`
// ends. Pure. Words that name a key are templates (`{resend}`, `{drop}`) the
// UI fills through withKeys (`say.keys`); marks and durations come from the
// UI too (`say`): no key name and no terminal glyph is written here.

import { displayLine } from '../../protocol/sanitize.js';
import {
  answerState,
  type AnswerFacts,
  type AnswerState,
  type Color,
  type OutcomeState,
  type RespondEnd,
  type StateWords,
} from './state.js';

const line = (text: string, n: number) => displayLine(text, n);
const reasonOr = (c: AnswerFacts, fallback: string) => line(c.reason ?? fallback, 300);
const SENDING_HINT = 'Sending: wait for the agent to acknowledge.';
const HELD = '{resend} asks the gate again, {drop} drops it';

/** The gate's words without their lead (the state says "not sent" already). */
export function gateWords(reason: string | undefined): string {
  return (reason ?? 'the gate refuses it').replace(/^Not sent: /, '');
}

const NOT_SENT_HISTORY = { state: 'not-sent', color: 'yellow', lead: 'not sent' } as const;
const notSentEnd = (c: AnswerFacts): RespondEnd => ({ code: 3, result: 'not-sent', reason: c.reason ?? 'not sent' });

/** Every state and its words. */
export const ANSWER_STATES: { readonly [S in AnswerState]: StateWords } = {
  waiting: {
    short: 'waiting',
    stands: true,
    row: () => ({ text: 'waiting', color: 'yellow' }),
    detail: (c, say) => ({
      text:
        `${say.ellipsis} waiting for a read of session "${line(c.event.session ?? '', 60)}": ` +
        `the console cannot tell who else speaks there, so it goes only if the read shows no ` +
        `other agent could take it`,
      color: 'yellow',
    }),
    lock: () =>
      'Waiting at the gate for a read of the session: the answer goes only if the read shows no other agent could take it.',
    sentence: (what) =>
      `${what} waits for a read of the session: the console cannot tell who else speaks ` +
      `there, and sends it only if the read shows no other agent could take it.`,
  },
  queued: {
    short: 'queued',
    stands: true,
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
    stands: true,
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
    stands: true,
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
    stands: true,
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
    stands: false,
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
    stands: false,
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
    stands: false,
    row: (_c, say) => ({ text: say.keys('no ack ({resend})'), color: 'red' }),
    detail: (c, say) => ({
      text:
        `${say.gone} no answer from the agent in ` +
        `${say.ms(c.ackWindowMs * Math.max(1, c.attempts))} ${say.dash} ` +
        `${say.keys('press {resend} to resend the same command')}`,
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
    stands: false,
    row: () => ({ text: 'not sent', color: 'yellow' }),
    detail: (c, say) => ({ text: `${say.gone} ${c.reason ?? 'not sent: the request closed'}`, color: 'yellow' }),
    sentence: (what, c) => `${what} was not sent: ${reasonOr(c, 'the gate refused it')}`,
    news: (what, c) => `${what} was not sent: ${reasonOr(c, 'the gate refused it')}`,
    history: NOT_SENT_HISTORY,
    respond: notSentEnd,
  },
  dropped: {
    short: 'dropped',
    stands: false,
    row: () => ({ text: 'dropped', color: 'yellow' }),
    detail: (_c, say) => ({ text: `${say.gone} dropped while held: it was not sent`, color: 'yellow' }),
    sentence: (what) => `${what} was dropped while held: it was not sent.`,
    news: (what) => `${what} was dropped while held; it was not sent.`,
    history: NOT_SENT_HISTORY,
    respond: notSentEnd,
  },
  closed: {
    short: 'not sent',
    stands: false,
    row: () => ({ text: 'not sent', color: 'yellow' }),
    detail: (c, say) => ({ text: `${say.gone} ${c.reason ?? 'not sent: the request closed'}`, color: 'yellow' }),
    sentence: (what) => `${what} was not sent.`,
    history: { state: 'closed-elsewhere', color: 'yellow' },
    respond: notSentEnd,
  },
  'stopped waiting': {
    short: 'stopped waiting',
    stands: false,
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

/** Whether an answer of ours stands for its request (none: no). */
export function stands(command: AnswerFacts | undefined): boolean {
  return command !== undefined && ANSWER_STATES[answerState(command)].stands;
}

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
