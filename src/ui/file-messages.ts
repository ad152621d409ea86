// What the console's files tell the UI after start: the rules file edited
// (its rules, or why the edit is not used), and the requests hidden in
// earlier runs (read once the first frame is out), the history read for H
// and for the rules screen's counts, a rule deleted from the rules screen.

import type { Effect, Msg, StoreReader, UiModel } from './model.js';
import { rulesOnDelete, rulesOnFile } from './rules/rule-update.js';
import { withRead, type HistoryRead } from './history/history-state.js';
import { withRulesRead } from './rules/rules-screen.js';

export function onFileMessage(
  model: UiModel,
  msg: Extract<Msg, { type: 'rulesFile' | 'hidden' | 'ruleDeleted' }>,
  store: StoreReader,
): { model: UiModel; effects: Effect[] } {
  if (msg.type === 'rulesFile') return rulesOnFile(model, msg.rules, msg.note, store);
  if (msg.type === 'ruleDeleted') {
    // Out of the rules in force at once (the file's poll agrees a moment later); the footer says what was done.
    const told = { ...model, inbox: { ...model.inbox, notice: msg.text } };
    return msg.ok ? rulesOnDelete(told, msg.name, store) : { model: told, effects: [] };
  }
  // Added to what d hid in this run meanwhile, never in place of it.
  return {
    model: { ...model, inbox: { ...model.inbox, hidden: new Set([...model.inbox.hidden, ...msg.keys]) } },
    effects: [],
  };
}

/** The history file read for H (shown if H is still open), or for the rules screen's counts. */
export function onHistoryRead(model: UiModel, read: HistoryRead): { model: UiModel; effects: Effect[] } {
  if (model.inbox.mode === 'rules')
    return { model: { ...model, inbox: withRulesRead(model.inbox, read) }, effects: [] };
  const history = model.inbox.history;
  if (model.inbox.mode !== 'history' || !history) return { model, effects: [] };
  return { model: { ...model, inbox: { ...model.inbox, history: withRead(history, read) } }, effects: [] };
}
