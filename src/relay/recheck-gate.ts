// The command sender's side of a rule's answer judged again (store/rule-recheck.ts):
// an answer never written yet is asked its recheck in the step that would
// write it; a reason settles it `not-sent`, out of the queue and the outbox.
// Kept apart so the sender (commands.ts) carries one line of it.

import type { CommandLog } from '../store/writers.js';
import type { Outbox } from './outbox.js';
import type { Recheck } from './types.js';

export type { Recheck } from './types.js';

/** True when `entry` must not go out and was settled `not-sent`; false when it may be written now. */
export function refusedOnRecheck(
  entry: { id: string; recheck?: Recheck },
  store: Pick<CommandLog, 'command' | 'request' | 'commandSettled'>,
  pending: Map<string, unknown>,
  outbox: Outbox | undefined,
): boolean {
  const command = store.command(entry.id);
  // Once written, the answer is the agent's to take or refuse: a rule is not asked again on a retry.
  if (!entry.recheck || !command || command.attempts > 0) return false;
  const why = entry.recheck(store.request(command.requestKey));
  if (why === undefined) return false;
  pending.delete(entry.id);
  outbox?.clear(entry.id);
  store.commandSettled(entry.id, { state: 'not-sent', reason: `not sent: ${why}` });
  return true;
}
