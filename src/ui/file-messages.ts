// What the console's files tell the UI after start: the rules file edited
// (its rules, or why the edit is not used), and the requests hidden in
// earlier runs (read once the first frame is out), the history read for H.

import type { Effect, Msg, StoreReader, UiModel } from './model.js';
import { rulesOnFile } from './rules/rule-update.js';
import { withRead, type HistoryRead } from './history/history-state.js';

export function onFileMessage(
  model: UiModel,
  msg: Extract<Msg, { type: 'rulesFile' | 'hidden' }>,
  store: StoreReader,
): { model: UiModel; effects: Effect[] } {
  if (msg.type === 'rulesFile') return rulesOnFile(model, msg.rules, msg.note, store);
  // Added to what d hid in this run meanwhile, never in place of it.
  return {
    model: { ...model, inbox: { ...model.inbox, hidden: new Set([...model.inbox.hidden, ...msg.keys]) } },
    effects: [],
  };
}

/** The history file read for H: shown if H is still open. */
export function onHistoryRead(model: UiModel, read: HistoryRead): { model: UiModel; effects: Effect[] } {
  const history = model.inbox.history;
  if (model.inbox.mode !== 'history' || !history) return { model, effects: [] };
  return { model: { ...model, inbox: { ...model.inbox, history: withRead(history, read) } }, effects: [] };
}
