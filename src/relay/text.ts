import { displayLine } from '../protocol/sanitize.js';

/** Relay-supplied text (error details, session names) made into one short safe line. */
export function oneLine(value: unknown, max = 200): string {
  return displayLine(value, max);
}
