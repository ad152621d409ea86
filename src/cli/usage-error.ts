import { displayLine } from '../protocol/sanitize.js';

/** A mistake on the command line: parseArgs turns it into a usage error (exit 2). */
export class UsageError extends Error {}

/** Echoing user input in an error must not echo control characters either. */
export function printable(text: string): string {
  return displayLine(text, 80);
}
