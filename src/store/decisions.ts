// The decision history (CONSOLE.md "Decisions: history and rules"): every
// decision this console made, one JSONL line when it is made and one more
// line per outcome, keyed by the command id. The file is append-only, so a
// crash mid-write tears at most its last line, and nothing once written is
// rewritten: a reader folds the lines back into decisions (a late ack after a
// local timeout is simply a second outcome). Pure: building the lines from
// the store's records, and folding text back into decisions; the file itself
// is relay/decision-log.ts.

import { controlVerbOf } from '../protocol/control.js';
import { CAPTURE_LEVELS, type Answer, type Capture } from '../protocol/types.js';
import type { CommandOutcome, OwnCommand, RequestRecord } from './types.js';

/** What was decided. `hide` and `drop` by the operator, and rule answers, come with later issues; the names are fixed now. */
export type DecisionAction = 'answer' | 'cancel' | 'pause' | 'resume' | 'hide' | 'drop';
export type OutcomeState = 'applied' | 'rejected' | 'timeout' | 'refused' | 'closed-elsewhere';

const ACTIONS: readonly DecisionAction[] = ['answer', 'cancel', 'pause', 'resume', 'hide', 'drop'];
const OUTCOME_STATES: readonly OutcomeState[] = ['applied', 'rejected', 'timeout', 'refused', 'closed-elsewhere'];

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
    sent.values = hide ? Object.fromEntries(Object.entries(answer.values).map(([k, v]) => [k, typeof v === 'string' ? withheldText(capture) : v])) : answer.values;
  }
  return sent;
}

export interface DecisionExtras {
  cause?: string;
  batch?: number;
  by?: string;
}

/**
 * The decision line for a command this console just made. `record` is the
 * request it was made from (a journal may outlive it: then the command's own
 * envelope fills in what it can).
 */
export function decisionLine(command: OwnCommand, record: RequestRecord | undefined, extras: DecisionExtras = {}): DecisionLine {
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
export function outcomeLine(command: OwnCommand, record: RequestRecord | undefined, outcome: CommandOutcome | undefined = outcomeOf(command)): OutcomeLine | undefined {
  if (!outcome || command.state === 'sending') return undefined;
  const at = command.settledAt ?? Date.now();
  const line: OutcomeLine = { t: 'outcome', command_id: command.id, time: new Date(at).toISOString(), state: 'applied', latency_ms: Math.max(0, at - command.createdAt) };
  switch (outcome.state) {
    case 'accepted': {
      line.state = 'applied';
      // What the agent recorded, when its attention.answered names this command; else what we sent.
      const answered = record?.answered?.cause === command.id ? record.answered : undefined;
      const applied = answered?.answer ?? (actionOf(command) === 'answer' ? command.answer : undefined);
      if (applied?.option !== undefined) line.option = applied.option;
      if (applied?.text !== undefined) line.text = withheld(record?.capture ?? 'metadata') ? withheldText(record?.capture ?? 'metadata') : applied.text;
      if (answered?.by) line.by = answered.by;
      break;
    }
    case 'rejected':
      line.state = 'rejected';
      line.reason = outcome.detail ? `${outcome.reason}: ${outcome.detail}` : outcome.reason;
      break;
    case 'timeout':
      line.state = 'timeout';
      line.reason = 'no acknowledgement from the agent';
      break;
    case 'refused-by-relay':
      line.state = 'refused';
      line.reason = outcome.detail ? `${outcome.code}: ${outcome.detail}` : outcome.code;
      break;
    case 'not-sent': {
      line.state = 'closed-elsewhere';
      line.reason = outcome.reason;
      const by = record?.answered?.cause !== command.id ? record?.answered?.by : undefined;
      if (by) line.by = by;
      break;
    }
  }
  return line;
}

/**
 * The emitter's own record of our answer (attention.answered naming the
 * command as its cause), when it arrives after the ack: one more `applied`
 * outcome, with the option it applied and who it says answered.
 */
export function answeredLine(command: OwnCommand, record: RequestRecord | undefined, now: number): OutcomeLine | undefined {
  const answered = record?.answered;
  if (!record || !answered || answered.cause !== command.id) return undefined;
  const line: OutcomeLine = { t: 'outcome', command_id: command.id, time: new Date(now).toISOString(), state: 'applied', latency_ms: Math.max(0, now - command.createdAt) };
  if (answered.answer.option !== undefined) line.option = answered.answer.option;
  if (answered.answer.text !== undefined) line.text = withheld(record.capture) ? withheldText(record.capture) : answered.answer.text;
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
      return { state: 'rejected', reason: command.reason ?? 'unspecified', ...(command.detail ? { detail: command.detail } : {}) };
    case 'refused-by-relay':
      return { state: 'refused-by-relay', code: command.code ?? 'error', ...(command.detail ? { detail: command.detail } : {}) };
    case 'not-sent':
      return { state: 'not-sent', reason: command.reason ?? 'not sent' };
    default:
      return undefined;
  }
}

// ── reading ───────────────────────────────────────────────────────────

const str = (v: unknown): v is string => typeof v === 'string';
const opt = (v: unknown) => v === undefined || typeof v === 'string';

function isDecisionLine(v: Record<string, unknown>): v is DecisionLine & Record<string, unknown> {
  return (
    v.t === 'decision' && str(v.time) && str(v.relay) && str(v.source) && str(v.agent) && str(v.session) && str(v.request) && str(v.kind) && str(v.prompt) &&
    ACTIONS.includes(v.action as DecisionAction) && typeof v.sent === 'object' && v.sent !== null && !Array.isArray(v.sent) && str(v.by) && str(v.command_id) &&
    opt(v.run) && opt(v.cause) && (v.batch === undefined || typeof v.batch === 'number') && CAPTURE_LEVELS.includes(v.capture as Capture)
  );
}

function isOutcomeLine(v: Record<string, unknown>): v is OutcomeLine & Record<string, unknown> {
  return (
    v.t === 'outcome' && str(v.command_id) && str(v.time) && OUTCOME_STATES.includes(v.state as OutcomeState) && opt(v.option) && opt(v.text) && opt(v.reason) && opt(v.by) &&
    (v.latency_ms === undefined || typeof v.latency_ms === 'number')
  );
}

export interface FoldResult {
  /** Oldest first. */
  decisions: Decision[];
  /** Lines that were not a decision or an outcome (not JSON, wrong shape, an outcome of no decision held). */
  skipped: number;
  /** The last line had no newline: a write cut short (a crash); it was not read. */
  torn: boolean;
}

/** Decisions kept when folding (the newest); a 10 MB file holds far fewer than this. */
export const MAX_DECISIONS = 50_000;

/**
 * Folds history text (older files first) back into decisions. The first
 * decision line for a command id wins (an earlier console's answer resent by
 * a later one is one decision); outcomes append in file order.
 */
export function foldDecisions(texts: readonly string[]): FoldResult {
  const byId = new Map<string, Decision>();
  let skipped = 0;
  let torn = false;
  texts.forEach((text, index) => {
    const lines = text.split('\n');
    const last = lines.pop() ?? '';
    // Only the newest file can be mid-write; an older one ending without a newline was cut at rotation.
    if (last.trim()) {
      if (index === texts.length - 1) torn = true;
      else skipped++;
    }
    for (const raw of lines) {
      if (!raw.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        skipped++;
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        skipped++;
        continue;
      }
      const v = value as Record<string, unknown>;
      if (isDecisionLine(v)) {
        if (!byId.has(v.command_id)) {
          const { t: _t, ...rest } = v;
          byId.set(v.command_id, { ...pick(rest), outcomes: [] });
        }
        continue;
      }
      if (isOutcomeLine(v)) {
        const decision = byId.get(v.command_id);
        if (!decision) {
          skipped++;
          continue;
        }
        const { t: _t, command_id: _id, ...outcome } = v;
        decision.outcomes.push(pickOutcome(outcome));
        continue;
      }
      skipped++;
    }
  });
  const decisions = [...byId.values()];
  return { decisions: decisions.length > MAX_DECISIONS ? decisions.slice(-MAX_DECISIONS) : decisions, skipped, torn };
}

/** Only the known members (a line may carry more: a later version's). */
function pick(v: Omit<DecisionLine, 't'>): Omit<Decision, 'outcomes'> {
  const out: Omit<Decision, 'outcomes'> = {
    time: v.time, relay: v.relay, source: v.source, agent: v.agent, session: v.session, request: v.request, kind: v.kind, prompt: v.prompt,
    action: v.action, sent: v.sent, by: v.by, command_id: v.command_id, capture: v.capture,
  };
  if (v.run !== undefined) out.run = v.run;
  if (v.cause !== undefined) out.cause = v.cause;
  if (v.batch !== undefined) out.batch = v.batch;
  return out;
}

function pickOutcome(v: Omit<OutcomeLine, 't' | 'command_id'>): Decision['outcomes'][number] {
  const out: Decision['outcomes'][number] = { time: v.time, state: v.state };
  for (const key of ['option', 'text', 'reason', 'by'] as const) if (v[key] !== undefined) out[key] = v[key];
  if (v.latency_ms !== undefined) out.latency_ms = v.latency_ms;
  return out;
}

/** A decision's final outcome, if any is known. */
export function lastOutcome(decision: Decision): Decision['outcomes'][number] | undefined {
  return decision.outcomes[decision.outcomes.length - 1];
}
