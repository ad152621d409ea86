// The count outside the pane: the
// terminal's title reads `aep-console: 3 waiting`, so a tmux status line or
// a window list shows it while the operator looks elsewhere. The count is
// the status line's: pending, not those whose agent is gone, snoozed, or
// that the relay no longer vouches for (unconfirmed, `?`).
import type { UiModel } from './model.js';

/** A burst of requests changes the count many times a second: the title follows at most this often. */
export const TITLE_EVERY_MS = 1000;

export function titleText(model: Pick<UiModel, 'view'>): string {
  const n = model.view.counts.pending;
  return n === 0 ? 'aep-console: nothing waiting' : `aep-console: ${n} waiting`;
}

/** Whether the title written is behind the count (the clock then ticks to write it). */
export function titleBehind(model: Pick<UiModel, 'view' | 'config' | 'title'>): boolean {
  return model.config.title === true && model.title !== undefined && model.title.text !== titleText(model);
}
