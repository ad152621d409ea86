// The order a relay's warnings take on the status line, which is cut at its
// end: what changes what the console does (its decisions not kept in the
// history, answers not saved) first; a standing notice about what other
// consoles see (the relay refuses this console's open-request notes) last.
// With the history directory unsafe, "decisions are not kept in the
// history" came third, after the standing notice, and was cut even at 200
// columns.

import { NOTES_REFUSED } from '../../relay/routed-notice.js';

/**
 * How the relay layer begins the warnings that change behaviour
 * (decision-recorder.ts; answers not saved are the outbox's notes, shown
 * before every warning). test/ui-units/status-warnings.test.ts raises it
 * through the recorder itself, so a reworded one fails there.
 */
const CHANGES_BEHAVIOUR = ['decisions are not kept in the history'];

/** Of the other warnings, the latest this many are shown (as before). */
const OTHERS_SHOWN = 2;

const changesBehaviour = (warning: string) => CHANGES_BEHAVIOUR.some((lead) => warning.startsWith(lead));
const standing = (warning: string) => warning.startsWith(NOTES_REFUSED);

/** The warnings to show, in the order to show them. */
export function orderedWarnings(warnings: readonly string[]): string[] {
  const first = warnings.filter(changesBehaviour);
  const others = warnings.filter((w) => !changesBehaviour(w) && !standing(w)).slice(-OTHERS_SHOWN);
  return [...first, ...others, ...warnings.filter(standing)];
}
