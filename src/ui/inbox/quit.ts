import type { KeyPress } from '../keys.js';
import { runBinding, type Controller } from '../binding.js';
import type { Effect, InboxState, KeyContext } from './state.js';

type KeyResult = { state: InboxState; effects: Effect[] };

/** q / Ctrl-C: quits at once when nothing would be lost, else asks, naming what would be. */
export function quit(state: InboxState, ctx: KeyContext): KeyResult {
  const loses = ctx.unsentWork();
  if (loses.drafts === 0 && loses.inFlight === 0) return { state, effects: [{ type: 'quit' }] };
  const returnMode = state.mode === 'help' || state.mode === 'confirm-quit' || state.mode === 'confirm-batch' || state.mode === 'confirm-control' ? state.returnMode : state.mode;
  return { state: { ...state, mode: 'confirm-quit', returnMode, quitLoses: loses }, effects: [] };
}

/** At "Quit? … would be lost": y quits, any other key goes back to where q was pressed. */
export const QUIT_PROMPT_KEYS: Controller<'quitPrompt', InboxState, KeyResult> = {
  scope: 'quitPrompt',
  refuse: (state) => ({ state: { ...state, mode: state.returnMode }, effects: [] }),
  bindings: [{ on: ['confirm'], does: 'quit although something would be lost (any other key: back)', run: (state) => ({ state, effects: [{ type: 'quit' }] }) }],
};

export function quitPromptKey(state: InboxState, key: KeyPress): KeyResult {
  return runBinding(QUIT_PROMPT_KEYS, key, state) ?? { state: { ...state, mode: state.returnMode }, effects: [] };
}
