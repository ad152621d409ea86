import type { KeyPress } from '../keys.js';
import { runBinding, type Controller } from '../binding.js';
import { popModal, pushModal, type Effect, type InboxState, type KeyContext } from './state.js';

type KeyResult = { state: InboxState; effects: Effect[] };

/** q / Ctrl-C: quits at once when nothing would be lost, else asks over `under`, naming what would be. */
export function quit(state: InboxState, ctx: KeyContext, under: InboxState = state): KeyResult {
  const loses = ctx.unsentWork();
  if (loses.drafts === 0 && loses.inFlight === 0) return { state, effects: [{ type: 'quit' }] };
  // From help or a question, `under` is what is under them: saying no goes back there.
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
