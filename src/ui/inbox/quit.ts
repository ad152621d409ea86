import type { KeyPress } from '../keys.js';
import { runBinding, type Controller } from '../binding.js';
import { PLACES } from '../places/registry.js';
import { questionPlace } from '../places/stack.js';
import { popModal, pushModal, type Effect, type InboxState, type KeyContext } from './state.js';

type KeyResult = { state: InboxState; effects: Effect[] };

/** q / Ctrl-C: quits at once when nothing would be lost, else asks, naming what would be. */
export function quit(state: InboxState, ctx: KeyContext): KeyResult {
  const loses = ctx.unsentWork();
  if (loses.drafts === 0 && loses.inFlight === 0) return { state, effects: [{ type: 'quit' }] };
  // The question takes the place of help or another question on top (saying no goes back under it).
  const top = state.modals[state.modals.length - 1];
  const under = top && !PLACES[questionPlace(top)].over ? popModal(state) : state;
  return { state: pushModal(under, { kind: 'quit', loses }), effects: [] };
}

/** At "Quit? … would be lost": y quits, any other key goes back to where q was pressed. */
export const QUIT_PROMPT_KEYS: Controller<'quitPrompt', InboxState, KeyResult> = {
  scope: 'quitPrompt',
  keys: { confirm: ['y', 'Y', 'ctrlC'] },
  refuse: (state) => ({ state: popModal(state), effects: [] }),
  bindings: [
    {
      on: ['confirm'],
      does: 'quit although something would be lost (any other key: back)',
      run: (state) => ({ state, effects: [{ type: 'quit' }] }),
    },
  ],
};

export function quitPromptKey(state: InboxState, key: KeyPress): KeyResult {
  return runBinding(QUIT_PROMPT_KEYS, key, state) ?? { state: popModal(state), effects: [] };
}
