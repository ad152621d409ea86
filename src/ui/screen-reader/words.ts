// The words a screen reader speaks for one request, one answer and one
// relay: plain sentences, no marks, no columns. Time is read as it stands
// at `at`, a moment the caller keeps still (view.tsx), so nothing ticks.
import { displayLine } from '../../protocol/sanitize.js';
import type { OwnCommand, RelayStatus, RequestRecord } from '../../store/types.js';
import { ANSWER_STATES, answerState } from '../../store/answer/index.js';
import { say } from '../words/answer-say.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "asks permission", "asks a question": what the kind of request is, as a verb. */
export function asks(record: RequestRecord): string {
  switch (record.payload.kind) {
    case 'permission':
      return 'asks permission';
    case 'input':
      return 'asks a question';
    case 'auth':
      return 'asks you to sign in or authorize';
    case 'review':
      return 'asks for a review';
    case 'form':
      return 'asks you to fill in a form';
    default:
      return `asks (${displayLine(record.payload.kind, 30)})`;
  }
}

/** Whole seconds left before the request expires, or undefined when it has no deadline. */
export function secondsLeft(record: RequestRecord, at: number): number | undefined {
  const expires = record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : NaN;
  return Number.isFinite(expires) ? Math.max(0, Math.ceil((expires - at) / 1000)) : undefined;
}

export function timeWords(seconds: number): string {
  if (seconds < 120) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.floor(minutes / 60), 'hour');
}

/** The state of a request in words (open ones: none, their time left says it). */
function stateWords(record: RequestRecord, at: number): string | undefined {
  switch (record.state) {
    case 'pending': {
      const left = secondsLeft(record, at);
      return left === undefined ? undefined : left === 0 ? 'expired' : `${timeWords(left)} left`;
    }
    case 'informational':
      return 'to be answered in the agent itself';
    case 'answered':
      return 'answered, waiting for the agent';
    case 'resolved':
      return 'resolved';
    case 'timeout':
      return 'timed out';
    case 'stale':
      return 'ended';
  }
}

/** "codex-5 asks permission, warning, 40 seconds left: Run rm -rf build/" */
export function requestSentence(record: RequestRecord, at: number): string {
  const parts = [`${displayLine(record.agent, 40)} ${asks(record)}`];
  // Only what asks for more attention than usual is said.
  if (record.severity === 'warning' || record.severity === 'error' || record.severity === 'critical')
    parts.push(record.severity);
  const state = stateWords(record, at);
  if (state) parts.push(state);
  return `${parts.join(', ')}: ${displayLine(record.payload.prompt, 300)}`;
}

/** The answer as words: "deny", "your text", "the form". */
export function answerWords(answer: OwnCommand['answer']): string {
  if (answer.option !== undefined) return displayLine(String(answer.option), 40);
  if (answer.text !== undefined) return 'text reply';
  return 'form';
}

/** What became of this console's answer, or undefined while nothing is known. */
export function commandSentence(command: OwnCommand | undefined): string | undefined {
  if (!command) return undefined;
  const state = answerState(command);
  return ANSWER_STATES[state].sentence(`your ${answerWords(command.answer)}`, command, say());
}

export function relaySentence(relay: RelayStatus): string {
  const c = relay.connection;
  const state =
    c.kind === 'live'
      ? 'connected'
      : c.kind === 'connecting'
        ? 'connecting'
        : c.kind === 'reconnecting'
          ? `disconnected, reconnecting${c.reason ? ` (${displayLine(c.reason, 80)})` : ''}`
          : c.kind === 'unauthorized'
            ? c.detail
              ? `unauthorized: ${displayLine(c.detail, 80)}`
              : 'refused the token'
            : c.kind === 'version-unsupported'
              ? 'speaks a protocol version this console does not'
              : 'closed';
  return `Relay ${displayLine(relay.relay, 80)} ${state}${relay.watchOnly ? ', watch only' : ''}.`;
}

export { plural };
