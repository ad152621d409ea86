// The decision history: every
// decision this console made, one JSONL line when it is made and one more
// line per outcome, keyed by the command id. The file is append-only, so a
// crash mid-write tears at most its last line, and nothing once written is
// rewritten: a reader folds the lines back into decisions (a late ack after a
// local timeout is simply a second outcome). Pure: building the lines from
// the store's records (decision-fold.ts folds them back); the file itself
// is files/decision-log.ts.

import { controlVerbOf } from '../protocol/control.js';
import { CAPTURE_LEVELS, type Answer, type Capture } from '../protocol/types.js';
import { ANSWER_STATES, answerState, type OutcomeState } from './answer/index.js';
import type { CommandOutcome, OwnCommand, RequestRecord, SendFacts } from './types.js';

/**
 * What was decided: a command sent (answer, cancel, pause, resume), or the operator's own doing in this console (hide,
 * snooze, unhide, drop).
 */
export type DecisionAction = 'answer' | 'cancel' | 'pause' | 'resume' | 'hide' | 'drop' | 'snooze' | 'unhide';
/**
 * An outcome's value in the file: store/answer/ (each answer state's,
 * beside its words). `superseded`, `stopped-waiting` and `not-sent` came with
 * the answer ledger, `held` with the gate at the wire (additions only).
 */
export type { OutcomeState };

/** The first line of a decision. */
export interface DecisionLine {
  t: 'decision';
  time: string;
  relay: string;
  source: string;
  agent: string;
  session: string;
  request: string;
  run?: string;
  kind: string;
  prompt: string;
  /** The cause Event in a few words, as the detail showed it (content withheld below `redacted`). */
  cause?: string;
  action: DecisionAction;
  /** The answer, or the command's data. */
  sent: Record<string, unknown>;
  /** "you", or "rule NAME". */
  by: string;
  command_id: string;
  /** Sent as one of a batch of this many. */
  batch?: number;
  /** The capture level the request arrived with. */
  capture: Capture;
}

/** One outcome of a decision (there may be several: a timeout, then a late ack). */
export interface OutcomeLine {
  t: 'outcome';
  command_id: string;
  time: string;
  state: OutcomeState;
  option?: string;
  text?: string;
  reason?: string;
  by?: string;
  latency_ms?: number;
}

export interface Decision extends Omit<DecisionLine, 't'> {
  /** Every outcome, oldest first; the last is the decision's outcome. */
  outcomes: Omit<OutcomeLine, 't' | 'command_id'>[];
}

/** The history's action for one of our commands. */
export function actionOf(command: Pick<OwnCommand, 'event'>): DecisionAction {
  return controlVerbOf(command.event.type) ?? 'answer';
}

function withheld(capture: Capture): boolean {
  return CAPTURE_LEVELS.indexOf(capture) < CAPTURE_LEVELS.indexOf('redacted');
}

/** What stands for free text kept out of the history at a capture level below `redacted`. */
export function withheldText(capture: Capture): string {
  return `[withheld: capture ${capture}]`;
}

/**
 * What was sent, as data: the answer, or the command's own data (scope,
 * reason). Below capture `redacted` the request's content is not to be
 * kept, and the operator's words about it are content too: option ids and
 * form field ids stay, free text is withheld.
 */
function sentOf(command: OwnCommand, capture: Capture): Record<string, unknown> {
  if (actionOf(command) !== 'answer') {
    const data = command.event.data;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data } : {};
  }
  const hide = withheld(capture);
  const answer: Answer = command.answer;
  const sent: Record<string, unknown> = {};
  if (answer.option !== undefined) sent.option = answer.option;
  if (answer.text !== undefined) sent.text = hide ? withheldText(capture) : answer.text;
  if (answer.values !== undefined) {
    sent.values = hide
      ? Object.fromEntries(
          Object.entries(answer.values).map(([k, v]) => [k, typeof v === 'string' ? withheldText(capture) : v]),
        )
      : answer.values;
  }
  return sent;
}

/**
 * The decision line for a command this console just made. `record` is the
 * request it was made from (a journal may outlive it: then the command's own
 * envelope fills in what it can). Who, the cause shown and the batch are
 * what the send carried (`command`'s own, SendFacts), unless given.
 */
export function decisionLine(
  command: OwnCommand,
  record: RequestRecord | undefined,
  extras: Partial<SendFacts> = command,
): DecisionLine {
  const capture = record?.capture ?? 'metadata';
  const line: DecisionLine = {
    t: 'decision',
    time: new Date(command.createdAt).toISOString(),
    relay: command.relay,
    source: record?.source ?? '',
    agent: record?.agent ?? '',
    session: record?.session ?? command.event.session ?? '',
    request: record?.id ?? (typeof command.event.cause === 'string' ? command.event.cause : ''),
    kind: record?.payload.kind ?? '',
    // As shown: at capture none/metadata the agent synthesized it for that level (AEP-0002 §6).
    prompt: record?.payload.prompt ?? '',
    action: actionOf(command),
    sent: sentOf(command, capture),
    by: extras.by ?? 'you',
    command_id: command.id,
    capture,
  };
  const run = command.event.run ?? record?.run;
  if (run !== undefined) line.run = run;
  if (extras.cause) line.cause = extras.cause;
  if (extras.batch !== undefined && extras.batch > 1) line.batch = extras.batch;
  return line;
}

/** The outcome line for a command that just settled (undefined while it is still in flight). */
export function outcomeLine(
  command: OwnCommand,
  record: RequestRecord | undefined,
  outcome: CommandOutcome | undefined = outcomeOf(command),
): OutcomeLine | undefined {
  // The file's value for the state (store/answer/); none while the answer is in flight.
  const history = ANSWER_STATES[answerState(command)].history;
  if (!outcome || !history) return undefined;
  const at = command.settledAt ?? Date.now();
  const line: OutcomeLine = {
    t: 'outcome',
    command_id: command.id,
    time: new Date(at).toISOString(),
    state: history.state,
    latency_ms: Math.max(0, at - command.createdAt),
  };
  switch (outcome.state) {
    case 'accepted': {
      // What the agent recorded, when its attention.answered names this command; else what we sent.
      const answered = record?.answered?.cause === command.id ? record.answered : undefined;
      const applied = answered?.answer ?? (actionOf(command) === 'answer' ? command.answer : undefined);
      if (applied?.option !== undefined) line.option = applied.option;
      if (applied?.text !== undefined)
        line.text = withheld(record?.capture ?? 'metadata')
          ? withheldText(record?.capture ?? 'metadata')
          : applied.text;
      if (answered?.by) line.by = answered.by;
      break;
    }
    case 'rejected':
      line.reason = outcome.detail ? `${outcome.reason}: ${outcome.detail}` : outcome.reason;
      break;
    case 'timeout':
      line.reason = 'no acknowledgement from the agent';
      break;
    case 'refused-by-relay':
      line.reason = outcome.detail ? `${outcome.code}: ${outcome.detail}` : outcome.code;
      break;
    case 'not-sent': {
      // Refused at the gate, or dropped by the operator: not sent; else the request closed while we were away.
      line.reason = outcome.reason;
      const by = record?.answered?.cause !== command.id ? record?.answered?.by : undefined;
      if (by && line.state === 'closed-elsewhere') line.by = by;
      break;
    }
    case 'held':
      line.reason = outcome.reason;
      break;
    case 'stopped-waiting':
      line.reason =
        'the console stopped waiting before the agent acknowledged it; kept in the outbox for the next console';
      break;
  }
  return line;
}

/**
 * The emitter's own record of our answer (attention.answered naming the
 * command as its cause), when it arrives after the ack: one more `applied`
 * outcome, with the option it applied and who it says answered.
 */
export function answeredLine(
  command: OwnCommand,
  record: RequestRecord | undefined,
  now: number,
): OutcomeLine | undefined {
  const answered = record?.answered;
  if (!record || !answered || answered.cause !== command.id) return undefined;
  const line: OutcomeLine = {
    t: 'outcome',
    command_id: command.id,
    time: new Date(now).toISOString(),
    state: 'applied',
    latency_ms: Math.max(0, now - command.createdAt),
  };
  if (answered.answer.option !== undefined) line.option = answered.answer.option;
  if (answered.answer.text !== undefined)
    line.text = withheld(record.capture) ? withheldText(record.capture) : answered.answer.text;
  if (answered.by) line.by = answered.by;
  return line;
}

/** A settled command's outcome as the store holds it. */
function outcomeOf(command: OwnCommand): CommandOutcome | undefined {
  switch (command.state) {
    case 'accepted':
    case 'timeout':
      return { state: command.state };
    case 'rejected':
      return {
        state: 'rejected',
        reason: command.reason ?? 'unspecified',
        ...(command.detail ? { detail: command.detail } : {}),
      };
    case 'refused-by-relay':
      return {
        state: 'refused-by-relay',
        code: command.code ?? 'error',
        ...(command.detail ? { detail: command.detail } : {}),
      };
    case 'not-sent':
      return { state: 'not-sent', reason: command.reason ?? 'not sent' };
    case 'stopped-waiting':
      return { state: 'stopped-waiting' };
    case 'held':
      return { state: 'held', reason: command.reason ?? 'held at the gate' };
    default:
      return undefined;
  }
}

/**
 * d → y, z, Z: the operator hid a request from this console, snoozed it
 * (`sent.until`), or showed a hidden one again. No command goes out, so the
 * decision is its own outcome (applied at once); its id names it.
 */
export function hideLines(
  record: RequestRecord,
  now: number,
  action: 'hide' | 'snooze' | 'unhide' = 'hide',
  sent: Record<string, unknown> = {},
): [DecisionLine, OutcomeLine] {
  const time = new Date(now).toISOString();
  const commandId = `${action}-${now.toString(36)}-${record.id}`;
  const decision: DecisionLine = {
    t: 'decision',
    time,
    relay: record.relay,
    source: record.source,
    agent: record.agent,
    session: record.session,
    request: record.id,
    kind: record.payload.kind,
    prompt: record.payload.prompt,
    action,
    sent,
    by: 'you',
    command_id: commandId,
    capture: record.capture,
  };
  if (record.run !== undefined) decision.run = record.run;
  return [decision, { t: 'outcome', command_id: commandId, time, state: 'applied' }];
}
