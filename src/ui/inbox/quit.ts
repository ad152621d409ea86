import type { Effect, InboxState, KeyContext } from './state.js';

/** q / Ctrl-C: quits at once when nothing would be lost, else asks, naming what would be. */
export function quit(state: InboxState, ctx: KeyContext): { state: InboxState; effects: Effect[] } {
  const loses = ctx.unsentWork();
  if (loses.drafts === 0 && loses.inFlight === 0) return { state, effects: [{ type: 'quit' }] };
  const returnMode = state.mode === 'help' || state.mode === 'confirm-quit' || state.mode === 'confirm-batch' || state.mode === 'confirm-control' ? state.returnMode : state.mode;
  return { state: { ...state, mode: 'confirm-quit', returnMode, quitLoses: loses }, effects: [] };
}
