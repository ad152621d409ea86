// An open request read aloud: who asks what, its options numbered, what is
// highlighted, the reply typed so far, and what became of an answer; a form
// is read field by field (fields.ts).
import { displayLine } from '../../protocol/sanitize.js';
import type { Choice } from '../../protocol/types.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { isAnswerableForm } from '../inbox/detail-view.js';
import { answerLock, draftFor, type InboxState } from '../inbox/state.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import { formSentences } from './fields.js';
import { commandSentence, requestSentence } from './words.js';

/** "1 Allow, 2 Deny": every option, numbered as the digit keys pick them. */
export function numberedOptions(options: readonly Choice[]): string {
  return options.map((o, i) => `${i + 1} ${displayLine(o.label || o.id, 80)}`).join(', ');
}

/** Which control has the highlight: an option by its number, or the Reply row with its text. */
export function highlightSentence(options: readonly Choice[], highlight: number, reply: string): string {
  if (highlight < options.length) return `Selected: option ${highlight + 1}, ${displayLine(options[highlight].label || options[highlight].id, 80)}. Enter sends it.`;
  return reply ? `Selected: Reply, your text so far: ${displayLine(reply, 300)}. Enter sends it.` : 'Selected: Reply, empty. Type a reply, or pick an option with a digit or Up and Down.';
}

/** Why the request takes no answer now, in words (or undefined when it does). */
function lockSentence(record: RequestRecord, command: OwnCommand | undefined): string | undefined {
  switch (answerLock(record, command)) {
    case 'none':
      return undefined;
    case 'terminal':
      return 'It is closed: no answer can be sent.';
    case 'history':
      return 'It was read from a file: nobody is behind it to take an answer.';
    case 'informational':
      return 'It is answered in the agent itself, not here.';
    case 'answered-elsewhere':
      return `It was answered elsewhere${record.answered?.by ? ` by ${displayLine(record.answered.by, 40)}` : ''}.`;
    case 'sending':
    case 'accepted':
    case 'ack-timeout':
      return undefined;
  }
}

export function openRequestSentences(inbox: InboxState, record: RequestRecord, store: StoreSnapshot, at: number): string[] {
  const command = store.lastCommandFor(record.key);
  const lines = [`Open request: ${requestSentence(record, at)}`];
  const lock = lockSentence(record, command);
  const said = commandSentence(command);
  if (said) lines.push(said.charAt(0).toUpperCase() + said.slice(1));
  if (lock) lines.push(lock);
  if (isAnswerableForm(record)) {
    if (!lock && command?.state !== 'sending' && command?.state !== 'accepted') lines.push(...formSentences(record.payload.fields, draftFor(inbox, record).form));
  } else if (!lock) {
    const { options } = record.payload;
    const draft = draftFor(inbox, record);
    if (options.length) lines.push(`Options: ${numberedOptions(options)}.`);
    lines.push(highlightSentence(options, draft.highlight, draft.reply.value));
  }
  if (inbox.pendingConfirm?.key === record.key) lines.push(`${displayLine(inbox.pendingConfirm.warning, 200)} Enter again sends it.`);
  if (inbox.hint) lines.push(displayLine(inbox.hint, 200));
  return lines;
}
