import { OPEN_STATES, type RequestRecord } from '../store/types.js';

// A request whose agent has been gone from its relay's roster for a minute
// (the relay restarted and lost it, the emitter was killed) is not waiting
// on the operator: it moves from Pending to "No agent connected" below it,
// still answerable should the agent come back, never counted as waiting
// (status counts, bell, empty state). The store keeps the fact (since when
// the roster has lacked the session); the minute is the UI's, on its clock.

export const NO_AGENT_AFTER_MS = 60_000;

export interface Away {
  /** Open requests (store-wide) whose agent has been gone long enough. */
  keys: ReadonlySet<string>;
  /** When the next request crosses the threshold (Infinity: none will without a new roster). */
  regroupAt: number;
}

export const NOBODY_AWAY: Away = { keys: new Set(), regroupAt: Infinity };

/** Who is away now, and when that next changes by the clock alone. */
export function awayNow(
  records: Iterable<RequestRecord>,
  absentSince: (relay: string, session: string) => number | undefined,
  now: number,
  afterMs: number = NO_AGENT_AFTER_MS,
): Away {
  const keys = new Set<string>();
  let regroupAt = Infinity;
  for (const record of records) {
    if (!OPEN_STATES.has(record.state)) continue;
    const since = absentSince(record.relay, record.session);
    if (since === undefined) continue;
    // Gone since before the request was seen: counted from when it was seen (it was raised by someone).
    const from = Math.max(since, record.receivedAt);
    if (now - from >= afterMs) keys.add(record.key);
    else regroupAt = Math.min(regroupAt, from + afterMs);
  }
  return keys.size || regroupAt !== Infinity ? { keys, regroupAt } : NOBODY_AWAY;
}
