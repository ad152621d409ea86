// What the screen reader is told as it happens, one appended line each: a
// new request, an outcome (of our answer, or of the request), and the two
// warnings as a deadline nears (30 s and 10 s left). Worked out by
// comparing each model with what was last seen, so a line is said once.
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import type { UiModel } from '../model.js';
import { answerWords, asks, secondsLeft } from './words.js';

/** The deadlines announced, in seconds left, nearest last. */
export const WARN_AT = [30, 10] as const;

interface Seen {
  state: RequestRecord['state'];
  /** Our latest command for it and its state, as "id state". */
  command?: string;
  /** The smallest of WARN_AT already announced (Infinity: none). */
  warned: number;
}

export interface LogMemory {
  seen: Map<string, Seen>;
  version: number;
  /** The last calls already said (the model's set when last read). */
  called: ReadonlySet<string>;
}

/** The first model: everything already there is known, nothing is announced (the region reads it). */
export function startLog(model: UiModel): LogMemory {
  const seen = new Map<string, Seen>();
  for (const record of model.view.list) seen.set(record.key, { state: record.state, command: commandMark(model, record), warned: warnedBy(record, model.now) });
  return { seen, version: model.snapshot.version, called: model.lastCalls };
}

function commandMark(model: UiModel, record: RequestRecord): string | undefined {
  const command = model.snapshot.lastCommandFor(record.key);
  return command && `${command.id} ${command.state}`;
}

function warnedBy(record: RequestRecord, now: number): number {
  const left = record.state === 'pending' ? secondsLeft(record, now) : undefined;
  let warned = Infinity;
  if (left !== undefined) for (const at of WARN_AT) if (left <= at) warned = at;
  return warned;
}

function outcomeLine(model: UiModel, record: RequestRecord, before: Seen | undefined): string | undefined {
  const agent = displayLine(record.agent, 40);
  const command = model.snapshot.lastCommandFor(record.key);
  const mark = commandMark(model, record);
  if (command && mark !== before?.command) {
    const what = `your ${answerWords(command.answer)}`;
    if (command.state === 'accepted') return `${agent}: ${what} was applied.`;
    if (command.state === 'rejected') return `${agent}: ${what} was rejected${command.detail ? `: ${displayLine(command.detail, 200)}` : ''}.`;
    if (command.state === 'timeout') return `${agent}: ${what} got no acknowledgement; r sends it again.`;
    if (command.state === 'refused-by-relay') return `${agent}: ${what} was refused by the relay.`;
  }
  if (!before || before.state === record.state) return undefined;
  switch (record.state) {
    case 'answered':
      return command ? undefined : `${agent}: answered elsewhere${record.answered?.by ? ` by ${displayLine(record.answered.by, 40)}` : ''}.`;
    case 'resolved':
      return `${agent}: request resolved.`;
    case 'timeout':
      return `${agent}: request timed out.`;
    case 'stale':
      return `${agent}: request ended (its session is gone).`;
    default:
      return undefined;
  }
}

function recordLines(model: UiModel, record: RequestRecord, before: Seen | undefined): string[] {
  const lines: string[] = [];
  const agent = displayLine(record.agent, 40);
  if (!before && (record.state === 'pending' || record.state === 'informational')) lines.push(`New request from ${agent}: it ${asks(record)}: ${displayLine(record.payload.prompt, 200)}`);
  const outcome = outcomeLine(model, record, before);
  if (outcome) lines.push(outcome);
  const warned = warnedBy(record, model.now);
  if (before && warned < before.warned) lines.push(`${agent}: ${warned} seconds left to answer.`);
  return lines;
}

/** The lines this model adds, and the memory for the next. */
export function advanceLog(memory: LogMemory, model: UiModel): { memory: LogMemory; lines: string[] } {
  const lines: string[] = [];
  const seen = new Map(memory.seen);
  for (const record of model.view.list) {
    const before = seen.get(record.key);
    lines.push(...recordLines(model, record, before));
    seen.set(record.key, { state: record.state, command: commandMark(model, record), warned: Math.min(before?.warned ?? Infinity, warnedBy(record, model.now)) });
  }
  if (model.lastCalls !== memory.called) {
    for (const key of model.lastCalls) {
      const record = memory.called.has(key) ? undefined : model.snapshot.request(key);
      const left = record && secondsLeft(record, model.now);
      if (record && left !== undefined) lines.push(`Last call: ${displayLine(record.agent, 40)}, ${left} seconds left to answer: ${displayLine(record.payload.prompt, 200)}`);
    }
  }
  return { memory: { seen, version: model.snapshot.version, called: model.lastCalls }, lines };
}
