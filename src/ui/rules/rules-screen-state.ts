// The rules screen's own state, apart from the screen (rules-screen.ts) so
// that the inbox state (inbox/state.ts) can hold it without importing the
// screen, which imports the inbox state.
import type { HistoryRead } from '../history/history-state.js';

/** The rule selected, and the history read for the counts (undefined until it is back). */
export interface RulesScreen {
  selected: number;
  read?: HistoryRead;
}
