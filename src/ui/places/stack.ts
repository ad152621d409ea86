import type { Scope } from '../key-table.js';
import type { InboxState, Lock } from '../inbox/state.js';

// The bottom of the place stack (top.ts): the main place, what `mode`
// shows (the open request by what it can take now). Apart from the stack's
// top so that the places' own files can read it without the records.

/** The open request as the stack needs it: whether it takes an answer now (`none`), and whether it is a form. */
export interface OpenShape {
  lock: Lock | undefined;
  form: boolean;
}

/**
 * The main place: the list, an open request (answering, a form, or answered), the batch, the filter, the timeline, the
 * history or one decision.
 */
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
