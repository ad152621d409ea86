// The inbox's side of H: opening the history (an effect reads it) and
// handing keys to the history view, back to the list on Esc.

import type { KeyPress } from '../keys.js';
import { emptyHistory } from '../history/history-state.js';
import { historyKey } from '../history/history-keys.js';
import { quit } from './quit.js';
import type { Effect, InboxState, KeyContext } from './state.js';

export function openHistory(state: InboxState): { state: InboxState; effects: Effect[] } {
  return { state: { ...state, mode: 'history', history: emptyHistory, notice: undefined }, effects: [{ type: 'readHistory' }] };
}

export function historyModeKey(state: InboxState, key: KeyPress, ctx: KeyContext): { state: InboxState; effects: Effect[] } {
  const step = historyKey(state.history ?? emptyHistory, key, ctx.pageSize);
  if (step === 'quit') return quit(state, ctx);
  if (step === 'back') return { state: { ...state, mode: 'browse', history: undefined }, effects: [] };
  return { state: { ...state, history: step.view }, effects: [] };
}
