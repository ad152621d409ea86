// Marks are words too: they live where they are shown (the UI and `list`'s text), not in the store.
import type { RequestState } from '../../store/types.js';

/**
 * Beside the state mark of an open request the relay did not bring back in
 * its full replay after a reconnect (`RequestRecord.unconfirmed`).
 */
export const UNCONFIRMED_MARK = '?';

/** A mark per state, readable without color (NO_COLOR, screen readers, logs). */
export function stateMark(state: RequestState): string {
  switch (state) {
    case 'pending':
      return '●';
    case 'answered':
      return '◐';
    case 'informational':
      return '○';
    case 'resolved':
      return '✓';
    case 'timeout':
      return '⊘';
    case 'stale':
      return '✗';
  }
}
