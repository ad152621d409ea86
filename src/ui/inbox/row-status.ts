import { displayLine } from '../../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import type { Glyphs } from '../glyphs.js';
import { formatMs } from '../words/duration.js';
import { glyphs } from '../glyphs.js';
import { ANSWER_STATES, answerState } from '../../store/answer/index.js';
import { say } from '../words/answer-say.js';

/**
 * The answer's state in a few words for its list row (`queued`, `sent`,
 * `✓ deny`, `✗ rejected`, `timed out`): in Pending while the request is
 * open, in Recent after it closes. The detail says the same at length.
 */
export function rowStatus(
  record: RequestRecord,
  command: OwnCommand | undefined,
  g: Glyphs,
): { text: string; color: string } | undefined {
  const yes = g.utf8 ? glyphs().yes : '+';
  const state = answerState(command);
  // Accepted and not yet recorded by the agent; once recorded (or closed), the request's own state says it.
  const shown = state !== 'accepted' || (!record.answered && record.state === 'pending');
  const row = state && command && shown ? ANSWER_STATES[state].row(command, say(g)) : undefined;
  if (row) return row;
  if (record.answered && (record.state === 'answered' || record.state === 'resolved')) {
    const answer = record.answered.answer;
    const word =
      answer.option !== undefined
        ? displayLine(String(answer.option), 16)
        : answer.text !== undefined
          ? 'text'
          : answer.values !== undefined
            ? formWords(answer.values)
            : 'answered';
    const who = whoAnswered(record, command);
    return { text: who === undefined ? `${yes} ${word}` : `${yes} ${word} ${glyphs().dot} ${who}`, color: 'green' };
  }
  if (record.state === 'timeout') {
    const after = record.timeout?.afterMs;
    return { text: `${g.timedOut}timed out${after !== undefined ? ` after ${formatMs(after)}` : ''}`, color: 'red' };
  }
  if (record.state === 'stale') return { text: 'ended', color: 'gray' };
  return undefined;
}

/** `form · 3 values`: how much was sent, not what (the detail says that). */
function formWords(values: Record<string, unknown>): string {
  const n = Object.keys(values).length;
  return `form ${glyphs().dot} ${n} ${n === 1 ? 'value' : 'values'}`;
}

/** `you` when the answer applied is this console's own command, else the name the emitter gave (its absence said). */
/** Who gave the answer the agent recorded: you, or its recorder's name; undefined for a rule's (the rule's words follow: `· rule NAME`). */
function whoAnswered(record: RequestRecord, command: OwnCommand | undefined): string | undefined {
  const answered = record.answered!;
  if (command && answered.cause === command.id) return command.by?.startsWith('rule ') ? undefined : 'you';
  return answered.by === undefined ? 'unnamed' : displayLine(answered.by, 16);
}
