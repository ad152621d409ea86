// --read-only: a wallboard, a shared tmux
// session, a trainee. Everything is shown and browsed; a key that would
// send (an answer, a batch, cancel / pause / resume, hide, a rule, a
// resend, AUTO) or ask the question before a send is refused in words,
// and the state is left as it was (a draft typed stays). The relay clients
// have their own gate before the wire (relay/commands.ts, routed-notice.ts):
// this one says why, that one makes sure.
import type { Effect, InboxState, Step } from './inbox/state.js';
import { PLACES } from './places/registry.js';
import { questionPlace } from './places/top.js';

export const READ_ONLY_WHY =
  'Read-only console (--read-only): nothing is sent from here (no answer, cancel, pause, hide or rule).';

function sends(effect: Effect): boolean {
  switch (effect.type) {
    case 'send':
    case 'control':
    case 'resend':
    case 'drop':
    case 'hide':
    case 'snooze':
    case 'unhide':
    case 'deleteRule':
      return true;
    default:
      return false;
  }
}

/** A rule made (a → y) or AUTO turned on: the rules would send. */
function stepSends(step: Step): boolean {
  return step.type === 'always' || (step.type === 'auto' && step.on);
}

/** Whether the key's new state asks a question whose answer sends. */
function asksToSend(before: InboxState, after: InboxState): boolean {
  if (after.pendingConfirm !== undefined && before.pendingConfirm === undefined) return true;
  const top = after.modals[after.modals.length - 1];
  // The questions asked only before a send (their places say so): refused when asked, not after the y.
  return (
    after.modals.length > before.modals.length &&
    top !== undefined &&
    PLACES[questionPlace(top)].asksBeforeSend === true
  );
}

/** A key's result as --read-only lets it stand: unchanged, or refused with the words (hint in a request, footer elsewhere). */
export function readOnlyGate<R extends { state: InboxState; effects: Effect[]; steps?: Step[] }>(
  readOnly: boolean | undefined,
  before: InboxState,
  result: R,
): R {
  if (
    !readOnly ||
    (!result.effects.some(sends) && !(result.steps ?? []).some(stepSends) && !asksToSend(before, result.state))
  )
    return result;
  const state = before.mode === 'answer' ? { ...before, hint: READ_ONLY_WHY } : { ...before, notice: READ_ONLY_WHY };
  return { ...result, state, effects: [], steps: [] };
}
