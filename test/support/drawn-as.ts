import type { InboxState } from '../../src/ui/inbox/state.js';

/**
 * Where the keys are, by the names the UI tests were written with: the main
 * place by its mode, or the question or overlay that takes the footer or the
 * body (the y/n of A, d and a draw over the place, which keeps its name).
 * The console itself asks its place stack (src/ui/places/stack.ts).
 */
export function drawnAs(inbox: Pick<InboxState, 'mode' | 'modals'>): string {
  const names: Partial<Record<string, string>> = {
    help: 'help',
    quit: 'confirm-quit',
    batchConfirm: 'confirm-batch',
    control: 'confirm-control',
  };
  return names[inbox.modals[inbox.modals.length - 1]?.kind ?? ''] ?? inbox.mode;
}
