// An open request read aloud: who asks what, its options numbered, what is
// highlighted, the reply typed so far, and what became of an answer; a form
// is read field by field (fields.ts).
import { openElsewhere, openElsewhereWord } from '../../store/open-elsewhere.js';
import { hasTwin } from '../twins.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { Choice } from '../../protocol/types.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { isFillableForm } from '../inbox/detail-view.js';
import { answerLock, draftFor, lockedKey, type InboxState } from '../inbox/state.js';
import { spokenKeys, withKeys } from '../key-labels.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import { formSentences } from './fields.js';
import { DIGIT_OPTIONS, requestRows, type ChoiceRows } from '../inbox/digits.js';
import { commandSentence, requestSentence } from './words.js';

/** "1 Allow, 2 Deny": every option, numbered as the digit keys pick them. */
export function numberedOptions(options: readonly Choice[]): string {
  return options.map((o, i) => `${i + 1} ${displayLine(o.label || o.id, 80)}`).join(', ');
}

/** Which control has the highlight (an option by its number, or the Reply row with its text), and what a digit does there (digits.ts). */
export function highlightSentence(options: readonly Choice[], highlight: number, rows: ChoiceRows): string {
  const scope = rows.batch ? 'batch' : 'answer';
  const sends = withKeys(scope, '{send} sends it.');
  if (highlight < options.length)
    return (
      `Selected: option ${highlight + 1}, ` +
      `${displayLine(options[highlight].label || options[highlight].id, 80)}. ` +
      `${rows.batch ? withKeys('batch', '{send} asks before sending it to every marked request.') : sends}`
    );
  const typed = rows.reply ? `your text so far: ${displayLine(rows.reply, 300)}` : 'empty';
  if (rows.literal)
    return (
      `Selected: Reply, ${typed}. ` +
      `${spokenKeys(scope, 'Every key is text here, digits too, until {send} or {back}.')}${rows.reply ? ` ${sends}` : ''}`
    );
  // The footer, read next, says that digits are text here.
  if (rows.reply) return `Selected: Reply, ${typed}. ${sends}`;
  if (options.length === 0) {
    return rows.batch
      ? withKeys(
          'batch',
          'Selected: Reply, empty. The marked requests share no option: a digit is refused. Type ' +
            'a reply, or press {typeText} first to type digits.',
        )
      : 'Selected: Reply, empty. Type a reply; digits are text.';
  }
  const range =
    options.length === 1
      ? 'The digit 1 picks option 1'
      : `A digit from 1 to ${Math.min(DIGIT_OPTIONS, options.length)} picks that option`;
  return (
    `Selected: Reply, empty. ${range}, ` +
    `${withKeys(scope, 'and {send} then sends it. Other keys type a reply; {typeText} first makes digits text too.')}`
  );
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
    case 'held':
      return `It takes no other answer while that one is held: ${lockedKey('resend')} asks the gate again, ${lockedKey('drop')} drops it.`;
    default:
      // On its way, accepted, unacknowledged: the answer's own sentence says it.
      return undefined;
  }
}

export function openRequestSentences(
  inbox: InboxState,
  record: RequestRecord,
  store: StoreSnapshot,
  at: number,
): string[] {
  const command = store.lastCommandFor(record.key);
  const lines = [`Open request: ${requestSentence(record, at)}`];
  // Another operator has it open too (their console's note): said once, without an age that would be said again each second.
  const elsewhere = hasTwin(store, record)
    ? undefined
    : openElsewhere(record, at, store.relays().find((r) => r.relay === record.relay)?.noticeSource);
  if (elsewhere) lines.push(`It is ${openElsewhereWord(elsewhere)}.`);
  const lock = lockSentence(record, command);
  const said = commandSentence(command);
  if (said) lines.push(said.charAt(0).toUpperCase() + said.slice(1));
  if (lock) lines.push(lock);
  if (isFillableForm(record)) {
    if (!lock && command?.state !== 'sending' && command?.state !== 'accepted')
      lines.push(...formSentences(record.payload.fields, draftFor(inbox, record).form));
  } else if (!lock) {
    const { options } = record.payload;
    const draft = draftFor(inbox, record);
    if (options.length) lines.push(`Options: ${numberedOptions(options)}.`);
    lines.push(highlightSentence(options, draft.highlight, requestRows(record, draft)));
  }
  const route =
    lock === undefined && command?.state !== 'sending' && command?.state !== 'accepted'
      ? store.unsafeRoute(record)
      : undefined;
  if (route?.code === 'unknown')
    lines.push(
      `Warning: not proven: the console cannot tell who else speaks in session ` +
        `${displayLine(record.session, 60)}. An answer waits for a read of the session and goes ` +
        `only if the read shows no other agent could take it.`,
    );
  else if (route)
    lines.push(
      `Warning: no answer can be sent: ${displayLine(route.risk, 200)}. Commands are routed ` +
        `by session name, so an answer could reach the wrong agent.`,
    );
  if (inbox.pendingConfirm?.key === record.key)
    lines.push(`${displayLine(inbox.pendingConfirm.warning, 200)} ${withKeys('answer', '{send} again sends it.')}`);
  if (inbox.hint) lines.push(displayLine(inbox.hint, 200));
  return lines;
}
