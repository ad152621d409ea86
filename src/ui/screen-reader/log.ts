// What the screen reader is told as it happens, one appended line each: a
// new request, an outcome (of our answer, or of the request), and the two
// warnings as a deadline nears (30 s and 10 s left). Worked out by
// comparing each model with what was last seen, so a line is said once.
import { displayLine } from '../../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import type { UiModel } from '../model.js';
import type { Answer } from '../../protocol/types.js';
import { optionName } from './cause.js';
import { glyphs } from '../glyphs.js';
import { ANSWER_STATES, answerState } from '../../store/answer/index.js';
import { say } from '../words/answer-say.js';
import { asks, secondsLeft } from './words.js';
import { describeValues } from '../words/outcome.js';

/** The deadlines announced, in seconds left, nearest last. */
export const WARN_AT = [30, 10] as const;

interface Seen {
  state: RequestRecord['state'];
  /** Our latest command for it and its state, as "id state". */
  command?: string;
  /** The smallest of WARN_AT already announced (Infinity: none). */
  warned: number;
  /** What the agent applied has been said (a resolve after it adds no line). */
  applied?: boolean;
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
  for (const record of model.view.list)
    seen.set(record.key, {
      state: record.state,
      command: commandMark(model, record),
      warned: warnedBy(record, model.now),
      applied: record.state === 'answered' || record.state === 'resolved',
    });
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

/** The request an outcome is about, as the operator knows it: its agent and the start of its prompt ("codex, rm -rf build"). */
export function requestName(record: RequestRecord): string {
  const whole = displayLine(record.payload.prompt, 400).trim();
  // Enough of the prompt to tell it from the others, cut at a word: a name, not the prompt read again.
  const space = whole.lastIndexOf(' ', NAME_PROMPT);
  const cut =
    whole.length <= NAME_PROMPT
      ? whole
      : `${whole.slice(0, space > NAME_PROMPT / 2 ? space : NAME_PROMPT)}${glyphs().ellipsis}`;
  return cut ? `${displayLine(record.agent, 40)}, ${cut}` : displayLine(record.agent, 40);
}

/** How much of the prompt names a request in an outcome line. */
const NAME_PROMPT = 48;

/** What the agent recorded it applied, in words: the option's label, the text, or the form's values. */
export function appliedWords(record: RequestRecord, answer: Answer): string {
  if (answer.option !== undefined)
    return `${optionName(record, answer.option)}${answer.text !== undefined ? ', with your text kept' : ''}`;
  if (answer.text !== undefined) return `the text ${displayLine(answer.text, 200)}`;
  if (answer.values)
    return displayLine(describeValues(record.payload.fields, answer.values).join('; ') || 'no values', 300);
  return 'an answer with nothing recorded in it';
}

/** What we sent, as the sentence names it: the option's label, "reply" (text) or "form". */
function sentWords(record: RequestRecord, answer: Answer): string {
  if (answer.option !== undefined) return optionName(record, String(answer.option));
  return answer.text !== undefined ? 'reply' : 'form';
}

/** What became of our command, said once when it changes (undefined: nothing to say of this state). */
function commandWords(command: OwnCommand, what: string): string | undefined {
  return ANSWER_STATES[answerState(command)].news?.(what, command, say());
}

function outcomeLine(
  model: UiModel,
  record: RequestRecord,
  before: Seen | undefined,
): { line?: string; applied?: boolean } {
  const name = requestName(record);
  const command = model.snapshot.lastCommandFor(record.key);
  const mark = commandMark(model, record);
  const answered = record.answered;
  const closed = record.state === 'answered' || record.state === 'resolved';
  // What the agent applied, once it says: named with what we sent (ours), or who answered (not ours).
  if (answered && closed && !before?.applied && (before?.state !== record.state || mark !== before?.command)) {
    const applied = appliedWords(record, answered.answer);
    if (command && command.state === 'accepted') {
      const sent = sentWords(record, command.answer);
      // A form's values are what it applied: listed, not called a form again.
      const as = sent === applied ? '' : answered.answer.values ? `: ${applied}` : ` as ${applied}`;
      return { line: `${name}: your ${sent} was applied${as}.`, applied: true };
    }
    if (
      !command ||
      command.state === 'rejected' ||
      command.state === 'refused-by-relay' ||
      command.state === 'not-sent'
    ) {
      return {
        line: `${name}: answered elsewhere${answered.by ? ` by ${displayLine(answered.by, 40)}` : ''}: ${applied}.`,
        applied: true,
      };
    }
  }
  if (command && mark !== before?.command) {
    const said = commandWords(command, `your ${sentWords(record, command.answer)}`);
    if (said) return { line: `${name}: ${said}` };
  }
  if (!before || before.state === record.state) return {};
  switch (record.state) {
    case 'resolved':
      return before.applied
        ? {}
        : {
            line: `${name}: request resolved${record.resolution?.resolution ? ` (${displayLine(record.resolution.resolution, 40)})` : ''}.`,
          };
    case 'timeout':
      return { line: `${name}: request timed out.` };
    case 'stale':
      return { line: `${name}: request ended (its session is gone).` };
    default:
      return {};
  }
}

function recordLines(
  model: UiModel,
  record: RequestRecord,
  before: Seen | undefined,
): { lines: string[]; applied: boolean } {
  const lines: string[] = [];
  const agent = displayLine(record.agent, 40);
  if (!before && (record.state === 'pending' || record.state === 'informational'))
    lines.push(`New request from ${agent}: it ${asks(record)}: ${displayLine(record.payload.prompt, 200)}`);
  const outcome = outcomeLine(model, record, before);
  if (outcome.line) lines.push(outcome.line);
  const warned = warnedBy(record, model.now);
  if (before && warned < before.warned) lines.push(`${agent}: ${warned} seconds left to answer.`);
  return { lines, applied: before?.applied === true || outcome.applied === true };
}

/** The lines this model adds, and the memory for the next. */
export function advanceLog(memory: LogMemory, model: UiModel): { memory: LogMemory; lines: string[] } {
  const lines: string[] = [];
  const seen = new Map(memory.seen);
  for (const record of model.view.list) {
    const before = seen.get(record.key);
    const said = recordLines(model, record, before);
    lines.push(...said.lines);
    seen.set(record.key, {
      state: record.state,
      command: commandMark(model, record),
      warned: Math.min(before?.warned ?? Infinity, warnedBy(record, model.now)),
      applied: said.applied,
    });
  }
  if (model.lastCalls !== memory.called) {
    for (const key of model.lastCalls) {
      const record = memory.called.has(key) ? undefined : model.snapshot.request(key);
      const left = record && secondsLeft(record, model.now);
      if (record && left !== undefined)
        lines.push(
          `Last call: ${displayLine(record.agent, 40)}, ${left} seconds left to answer: ${displayLine(record.payload.prompt, 200)}`,
        );
    }
  }
  return { memory: { seen, version: model.snapshot.version, called: model.lastCalls }, lines };
}
