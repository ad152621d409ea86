import { displayLine, displayText } from '../../protocol/sanitize.js';
import type { Answer } from '../../protocol/types.js';
import { describeAnswer, describeValues, UNNAMED } from '../words/outcome.js';
import { formatMs } from '../words/duration.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { seg, type Line } from '../text/line.js';
import { wrapText } from '../text/wrap.js';
import { glyphs } from '../glyphs.js';
import { lockedKey } from './state.js';

/** What the relay's refusal codes mean to an operator (AEP-0003 §4.2). */
export function refusalText(code: string | undefined, detail: string | undefined): string {
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

/** The gate's words without their lead (the state says "not sent" already). */
function gateWords(reason: string | undefined): string {
  return (reason ?? 'the gate refuses it').replace(/^Not sent: /, '');
}

function commandText(command: OwnCommand): { text: string; color: string } | undefined {
  switch (command.state) {
    case 'sending':
      if (command.gate === 'waiting')
        return {
          text: `${glyphs().ellipsis} waiting for a read of session "${displayLine(command.event.session ?? '', 60)}": the console cannot tell who else speaks there, so it goes only if the read shows no other agent could take it`,
          color: 'yellow',
        };
      if (command.queued)
        return {
          text: `${glyphs().ellipsis} queued: the relay is not connected; it will be sent (same id) on reconnect`,
          color: 'yellow',
        };
      return {
        text: `${glyphs().ellipsis} sending${command.attempts > 1 ? ` (retry ${command.attempts - 1} of 2, same id)` : ''}`,
        color: 'yellow',
      };
    case 'accepted':
      return { text: `${glyphs().yes} accepted, waiting for the agent`, color: 'green' };
    case 'rejected':
      return {
        text: `${glyphs().no} rejected: ${command.reason ?? 'no reason'}${command.detail ? ` ${command.detail}` : ''} ${glyphs().dash} fix it and send again`,
        color: 'red',
      };
    case 'timeout': {
      const waited = command.ackWindowMs * Math.max(1, command.attempts);
      return {
        text: `${glyphs().gone} no answer from the agent in ${formatMs(waited)} ${glyphs().dash} press ${lockedKey('resend')} to resend the same command`,
        color: 'red',
      };
    }
    case 'refused-by-relay':
      return { text: `${glyphs().no} ${refusalText(command.code, command.detail)}`, color: 'red' };
    case 'held':
      return {
        text: `${glyphs().gone} held, not sent: ${gateWords(command.reason)} ${glyphs().dash} ${lockedKey('resend')} asks the gate again, ${lockedKey('drop')} drops it`,
        color: 'red',
      };
    case 'not-sent':
      if (command.code === 'dropped')
        return { text: `${glyphs().gone} dropped while held: it was not sent`, color: 'yellow' };
      return { text: `${glyphs().gone} ${command.reason ?? 'not sent: the request closed'}`, color: 'yellow' };
    case 'stopped-waiting':
      return {
        text: `${glyphs().gone} stopped waiting before the agent acknowledged it: kept in the outbox, sent again (same id) by the next console`,
        color: 'yellow',
      };
  }
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
    const status = commandText(own);
    if (status) push(status.text, status.color);
  }
  if (own && own.answer && own.state !== 'accepted' && !outcome) {
    // A saved answer taken over from an earlier console is not the operator's of this console: never "you sent".
    // Held, waiting at the gate, or refused or dropped there: never "you sent" (it did not go, or not again).
    const atGate =
      own.state === 'held'
        ? 'held'
        : own.gate === 'waiting'
          ? 'waiting'
          : own.state === 'not-sent' && own.code !== undefined
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
      `${glyphs().mark('informational')} informational: the answer belongs to the agent's own UI; it arrives here when the agent records it`,
      'blue',
    );
  }
  return out;
}
