import type { Scope } from '../key-table.js';
import type { InboxState, Lock, Modal } from '../inbox/state.js';

// The places open now, as one stack (lazygit's context stack): the main
// place at the bottom (what `mode` shows; the open request by what it can
// take now), the questions and overlays asked over it above (`modals`). The
// top takes the keys, draws the footer and says whether a key is text; the
// place records (registry.ts) say how.

/** The open request as the stack needs it: whether it takes an answer now (`none`), and whether it is a form. */
export interface OpenShape {
  lock: Lock | undefined;
  form: boolean;
}

/** The main place: the list, an open request (answering, a form, or answered), the batch, the filter, the timeline, the history or one decision. */
export function mainPlace(state: Pick<InboxState, 'mode' | 'history'>, open?: OpenShape): Scope {
  switch (state.mode) {
    case 'answer':
      if (!open || open.lock === undefined || open.lock === 'none') return open?.form ? 'form' : 'answer';
      return 'locked';
    case 'history':
      return state.history?.open !== undefined ? 'decision' : 'history';
    default:
      return state.mode;
  }
}

/** The place a question or overlay is (the modal's kind, in the place vocabulary). */
export function questionPlace(modal: Modal): Scope {
  switch (modal.kind) {
    case 'auto':
      return 'autoPrompt';
    case 'hide':
      return 'hidePrompt';
    case 'always':
      return 'always';
    case 'help':
      return 'help';
    case 'quit':
      return 'quitPrompt';
    case 'batchConfirm':
      return 'batchConfirm';
    case 'control':
      return modal.reason ? 'reason' : 'control';
  }
}

/** The place a question is where it stands; undefined for one that takes no keys there (`a`'s question off the open request). */
export function askedPlace(modal: Modal, mode: InboxState['mode']): Scope | undefined {
  return modal.kind === 'always' && mode !== 'answer' ? undefined : questionPlace(modal);
}

/** Every place open now, the main one first. */
export function placeStack(state: Pick<InboxState, 'mode' | 'history' | 'modals'>, open?: OpenShape): Scope[] {
  const asked = state.modals.flatMap((modal) => askedPlace(modal, state.mode) ?? []);
  return [mainPlace(state, open), ...asked];
}

/** The place on top: it takes the keys. */
export function topPlace(state: Pick<InboxState, 'mode' | 'history' | 'modals'>, open?: OpenShape): Scope {
  const top = state.modals[state.modals.length - 1];
  return (top && askedPlace(top, state.mode)) ?? mainPlace(state, open);
}
