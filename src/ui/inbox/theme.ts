import type { RequestState } from '../../store/types.js';
import type { Severity } from '../../protocol/types.js';

// Colors only ever reinforce a mark or a word; with NO_COLOR the meaning stays.

export function stateColor(state: RequestState): string {
  switch (state) {
    case 'pending':
      return 'yellow';
    case 'answered':
      return 'cyan';
    case 'informational':
      return 'blue';
    case 'resolved':
      return 'green';
    case 'timeout':
      return 'red';
    case 'stale':
      return 'gray';
  }
}

export function severityColor(severity: Severity): string | undefined {
  switch (severity) {
    case 'critical':
    case 'error':
      return 'red';
    case 'warning':
      return 'yellow';
    case 'notice':
      return 'cyan';
    default:
      return undefined;
  }
}

/** Quoted agent text is set apart by a bar in this color. */
export const QUOTE_COLOR = 'magenta';
