// An answer's states: one union, from the moment this console makes an
// answer to what became of it (the ledger's states, the gate's `waiting` and
// `held` among them), how a command is in one, and the shape of what is said
// of each (words.ts says it). This folder is the one module every view reads
// (index.ts): the row, the detail, the footer's lock, the screen reader, the
// history and `respond`. Adding a state: its name here (and how a command is
// in it), its words in words.ts (the compiler asks for every one), and the
// code that puts a command in it. Pure: imports nothing of the store.

/**
 * What the store keeps of a command's lifecycle (AnswerFacts.state): coarser
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
 * What the words read of a command (store/types.ts AnswerFacts, which has
 * these and more): written out so that this module imports nothing of the
 * store, and types.ts takes CommandState from it.
 */
export interface AnswerFacts {
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

/** Why an answer was not sent, where the console chose not to (absent: its request closed first). */
export type NotSentCode =
  /** The gate refused its first send. */
  | 'gate'
  /** The operator dropped it while held. */
  | 'dropped';

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
export function answerState(command: AnswerFacts): AnswerState;
export function answerState(command: AnswerFacts | undefined): AnswerState | undefined;
export function answerState(command: AnswerFacts | undefined): AnswerState | undefined {
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

export type Color = 'yellow' | 'green' | 'red';

/** What `respond` exits with when its answer ends in a state (refined there by the request's fate or the gate). */
export interface RespondEnd {
  code: 0 | 3 | 4;
  result: string;
  reason: string;
}

export interface StateWords {
  /** The state in a word or two. */
  short: string;
  /** Whether the answer stands for its request (on its way, accepted, held): no second answer is made while it does. */
  stands: boolean;
  /** The list row. */
  row: (c: AnswerFacts, say: Say) => { text: string; color: Color };
  /** The detail's line under the controls. */
  detail: (c: AnswerFacts, say: Say) => { text: string; color: Color };
  /** Why the open request takes no answer now (a state that locks it; undefined: it does not). */
  lock?: (say: Say) => string;
  /** The screen reader's status of the answer; `what` is `your deny`. */
  sentence: (what: string, c: AnswerFacts, say: Say) => string;
  /** Said once when the answer comes to this state (undefined: nothing to say). */
  news?: (what: string, c: AnswerFacts, say: Say) => string;
  /**
   * The history's outcome (undefined: in flight, no outcome yet), its colour
   * there, and the words its rows lead with where they differ from the value.
   */
  history?: { state: OutcomeState; color: Color; lead?: string };
  /** How `respond` ends on it (undefined: it keeps waiting, or the request's fate says). */
  respond?: (c: AnswerFacts) => RespondEnd;
}
