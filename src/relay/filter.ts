// The console's subscription filter (AEP-0003 §6): its own type filter ANDed
// with the operator's --filter/--agent/--session. attr-match is one object of
// ANDed predicates with no OR-of-objects, so AND means merging keys; a `type`
// on both sides becomes their intersection.

import type { Capture, ResumePosition, SubscribeFrame } from '../protocol/types.js';

// `run.*` and `progress.status` carry the outcomes of the console's cancel and
// pause (AEP-0004 §5: `run.cancelled`; a pause is reported by a vendor-defined
// Event such as `progress.status`, cause-linked to the command).
export const CONSOLE_TYPES = ['attention.*', 'control.*', 'session.*', 'run.*', 'progress.status'] as const;
const PREFIXES = CONSOLE_TYPES.filter((pattern) => pattern.endsWith('.*')).map((pattern) => pattern.slice(0, -1)); // "attention." …
const EXACT: readonly string[] = CONSOLE_TYPES.filter((pattern) => !pattern.endsWith('.*'));

export interface MergedFilter {
  filter: Record<string, unknown>;
  /** Set when the user's filter cannot be intersected sensibly with ours. */
  warning?: string;
}

/** Does a user type value (exact type or "prefix.*") only select events under our prefixes? */
function underOurs(value: unknown): value is string {
  return typeof value === 'string' && (PREFIXES.some((prefix) => value.startsWith(prefix)) || EXACT.includes(value));
}

/**
 * Merges the user's filter into ours. User keys other than `type` are kept
 * as given (the relay validates them and refuses in band if illegal). A user
 * `type` is intersected with ours: values that fall under attention./control./
 * session. (exact types or narrower "prefix.*" patterns) are kept. No type
 * pattern can be broader than ours (a pattern is "prefix.*" and ours have a
 * one-segment prefix), so that is the whole intersection. An empty
 * intersection keeps the user's value as is (their explicit choice) with a
 * warning.
 */
export function mergeFilter(user?: Record<string, unknown>): MergedFilter {
  const ours = [...CONSOLE_TYPES];
  if (!user || typeof user !== 'object' || Array.isArray(user)) return { filter: { type: ours } };
  const filter: Record<string, unknown> = { ...user };
  if (!Object.prototype.hasOwnProperty.call(user, 'type')) {
    filter.type = ours;
    return { filter };
  }
  const values = Array.isArray(user.type) ? user.type : [user.type];
  const kept: string[] = [];
  for (const value of values) {
    if (underOurs(value) && !kept.includes(value)) kept.push(value);
  }
  if (kept.length === 0) {
    return {
      filter,
      warning: `filter type ${JSON.stringify(user.type)} selects no attention.*, control.* or session.* events: nothing may show`,
    };
  }
  filter.type = kept;
  const warning = kept.some((v) => v.startsWith('control.'))
    ? undefined
    : 'filter type excludes control.*: acks of your answers cannot arrive (they will time out)';
  return warning ? { filter, warning } : { filter };
}

export function subscribeFrame(
  id: string,
  filter: Record<string, unknown>,
  from: 'all' | ResumePosition[] | undefined,
  capture?: Capture,
): SubscribeFrame {
  const frame: SubscribeFrame = { type: 'subscribe', id, filter };
  if (from === 'all' || (from && from.length > 0)) frame.from = from;
  if (capture) frame.capture = capture;
  return frame;
}
