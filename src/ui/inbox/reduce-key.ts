import type { KeyPress } from '../keys.js';
import { confirmControlKey } from './control-keys.js';
import { timelineKey } from './timeline-keys.js';
import { batchKey, confirmBatchKey } from './batch-keys.js';
import { quit, quitPromptKey } from './quit.js';
import { answerKey } from './answer-keys.js';
import { editsTextNow } from './typing.js';
import { browseKey } from './browse-keys.js';
import { filterKey, helpKey } from './help-keys.js';
import { historyModeKey } from './history-mode.js';
import { hidePromptKey } from './id-keys.js';
import { alwaysKey, autoPromptKey } from '../rules/rule-keys.js';
import { placeOf, type Effect, type InboxState, type KeyContext, type Modal } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/**
 * A paste is text for the row being typed in, and nothing else: it never
 * sends, never moves focus, never runs a command (no binding matches a
 * paste). Anywhere else it is ignored, and the footer says so.
 */
export function reducePaste(state: InboxState, text: string, ctx: KeyContext): KeyResult {
  if (editsTextNow(state, ctx)) return reduceKey(state, { name: 'paste', text }, ctx);
  const place = placeOf(state);
  const why =
    place === 'answer' || place === 'batch'
      ? 'Paste ignored: move to the Reply row (or a text field) to paste.'
      : 'Paste ignored: open a request first.';
  if (place === 'answer') return done({ ...state, hint: why });
  return done({ ...state, notice: why });
}

/**
 * One key, against the state the previous key left (the update folds a
 * chunk of keys one by one). A question asked over the screen takes every
 * key (the top of the stack, lazygit's context stack); else the place the
 * keys are in. What a key does in each is its scope's file (*-keys.ts).
 */
export function reduceKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const modal = state.modals[state.modals.length - 1];
  const asked = modal && modalKey(state, modal, key, ctx);
  if (asked) return asked;
  switch (state.mode) {
    case 'filter':
      return filterKey(state, key);
    case 'batch':
      return batchKey(state, key, ctx);
    case 'browse':
      return browseKey(state, key, ctx);
    case 'answer':
      return answerKey(state, key, ctx);
    case 'timeline': {
      const result = timelineKey(state, key, ctx.pageSize);
      return result === 'quit' ? quit(state, ctx) : result;
    }
    case 'history':
      return historyModeKey(state, key, ctx);
  }
}

/** The keys of the question on top of the stack (undefined: it takes none here). */
function modalKey(state: InboxState, modal: Modal, key: KeyPress, ctx: KeyContext): KeyResult | undefined {
  switch (modal.kind) {
    case 'auto':
      return autoPromptKey(state, key);
    case 'hide':
      return hidePromptKey(state, key);
    case 'always':
      // Asked over the open request: its keys while that request is open.
      return state.mode === 'answer' ? alwaysKey(state, key, ctx) : undefined;
    case 'help':
      return helpKey(state, modal, key, ctx);
    case 'quit':
      return quitPromptKey(state, key);
    case 'batchConfirm':
      return confirmBatchKey(state, modal, key, ctx);
    case 'control':
      return confirmControlKey(state, modal, key);
  }
}
