import { displayText } from '../../protocol/sanitize.js';
import type { Answer } from '../../protocol/types.js';
import { describeAnswer, describeValues, UNNAMED } from '../words/outcome.js';
import { formatMs } from '../words/duration.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { seg, type Line } from '../text/line.js';
import { wrapText } from '../text/wrap.js';
import { glyphs } from '../glyphs.js';
import { ANSWER_STATES, answerState } from '../../store/answer/index.js';
import { say } from '../words/answer-say.js';

/** Who answered, from the answered event or the command it names as cause. */
function answeredBy(record: RequestRecord): string {
  const answered = record.answered;
  if (!answered) return UNNAMED;
  const command = record.commands.find((c) => c.id === answered.cause);
  return answered.by ?? command?.agent ?? UNNAMED;
}

function outcomeText(record: RequestRecord, own: OwnCommand | undefined): string | undefined {
  const answered = record.answered;
  const mine = own !== undefined && answered?.cause === own.id;
  const who = answered ? `${mine ? 'you' : answeredBy(record)}${answered.via ? ` via ${answered.via}` : ''}` : '';
  const applied = answered ? appliedText(record, answered.answer, mine) : '';
  switch (record.state) {
    case 'answered':
      return `answered by ${who}: ${applied} ${glyphs().dot} waiting for the agent to resolve`;
    case 'resolved': {
      const latency = record.resolution?.latencyMs;
      const how = record.resolution?.resolution ?? 'answered';
      const lead = answered ? `${how} by ${who}: ${applied}` : `resolved by the agent (${how})`;
      return `${lead}${latency !== undefined ? ` ${glyphs().dot} after ${formatMs(latency)}` : ''}`;
    }
    case 'timeout': {
      const after = record.timeout?.afterMs;
      return `timed out: the agent stopped waiting${after !== undefined ? ` after ${formatMs(after)}` : ''} with no answer`;
    }
    case 'stale':
      return 'stale: the session ended before this request was answered';
    default:
      return undefined;
  }
}

function appliedText(record: RequestRecord, answer: Answer, mine: boolean): string {
  if (answer.values && record.payload.fields.length) {
    return describeValues(record.payload.fields, answer.values).join('; ') || '(no values recorded)';
  }
  const text = describeAnswer(record, answer);
  return mine ? text.replace('(text: ', '(your text: ') : text;
}

/** The inline answer state: our command's progress, then the recorded outcome. */
export function answerStatusLines(record: RequestRecord, own: OwnCommand | undefined, width: number): Line[] {
  const out: Line[] = [];
  const push = (text: string, color?: string, bold?: boolean) => {
    for (const l of wrapText(displayText(text, 600), width)) out.push([seg(l, { color, bold })]);
  };
  const outcome = outcomeText(record, own);
  const settledByOutcome = outcome !== undefined && own?.state === 'accepted';
  if (own && !settledByOutcome) {
    const status = ANSWER_STATES[answerState(own)].detail(own, say());
    push(status.text, status.color);
  }
  if (own && own.answer && own.state !== 'accepted' && !outcome) {
    // A saved answer taken over from an earlier console is not the operator's of this console: never "you sent".
    // Held, waiting at the gate, or refused or dropped there: never "you sent" (it did not go, or not again).
    const state = answerState(own);
    const atGate =
      state === 'held' || state === 'waiting'
        ? state
        : state === 'not sent' || state === 'dropped'
          ? 'not sent'
          : undefined;
    const who = atGate
      ? `${own.savedAt !== undefined ? 'the saved answer' : 'your answer'}, ${atGate}:`
      : own.savedAt !== undefined
        ? `a saved answer from an earlier console (given at ${new Date(own.savedAt).toISOString().slice(11, 19)} UTC) is on its way:`
        : 'you sent';
    push(`${who} ${describeAnswer(record, own.answer)}`, undefined);
  }
  if (outcome)
    push(
      `${glyphs().arrow} ${outcome}`,
      record.state === 'timeout' || record.state === 'stale' ? 'red' : 'green',
      true,
    );
  if (record.informational && record.state === 'informational') {
    push(
      `${glyphs().mark('informational')} informational: the answer belongs to the agent's own ` +
        `UI; it arrives here when the agent records it`,
      'blue',
    );
  }
  return out;
}
