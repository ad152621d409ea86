// The inbox's side of H: opening the history (an effect reads it) and
// handing keys to the history view, back to the list on Esc.

import type { KeyPress } from '../keys.js';
import { emptyHistory } from '../history/history-state.js';
import { historyKey } from '../history/history-keys.js';
import { quit } from './quit.js';
import type { Effect, InboxState, KeyContext, KeyResult } from './state.js';
import type { Decision } from '../../store/decisions.js';
import { requestKey } from '../../store/identity.js';
import { displayLine } from '../../protocol/sanitize.js';
import { fit } from '../text/wrap.js';
import { unhidden, unsnoozed } from './snooze.js';

export function openHistory(state: InboxState): { state: InboxState; effects: Effect[] } {
  return {
    state: { ...state, mode: 'history', history: emptyHistory, notice: undefined },
    effects: [{ type: 'readHistory' }],
  };
}

export function historyModeKey(
  state: InboxState,
  key: KeyPress,
  ctx: KeyContext,
): { state: InboxState; effects: Effect[] } {
  const step = historyKey(state.history ?? emptyHistory, key, ctx.pageSize);
  if (step === 'quit') return quit(state, ctx);
  if (step === 'back') return { state: { ...state, mode: 'browse', history: undefined }, effects: [] };
  const next = { ...state, history: step.view, notice: step.notice };
  return step.undo ? undoDecision(next, step.undo) : { state: next, effects: [] };
}

/** Z in the history: the decision's request shown again, when it is still hidden or snoozed here. */
function undoDecision(state: InboxState, decision: Decision): KeyResult {
  const key = requestKey(decision.relay, decision.session, decision.source, decision.request);
  if (decision.action === 'snooze' && state.snoozed.has(key)) return unsnoozed(state, key, 'Back from snooze');
  if (decision.action === 'hide' && state.hidden.has(key))
    return unhidden(state, key, `${displayLine(decision.agent, 30)}: ${fit(displayLine(decision.prompt, 200), 40)}`);
  return {
    state: {
      ...state,
      notice: decision.action === 'hide' ? 'Not hidden now: nothing to undo.' : 'Not snoozed now: nothing to undo.',
    },
    effects: [],
  };
}
