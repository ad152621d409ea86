// A rule's answer asked again on its way to the wire. AUTO decides when a
// request's cause is read, but the answer goes out only after its journal
// write (and, offline, after a reconnect): a second, different Event under
// the cause's identity may arrive in between. The answer carries what it was
// decided on, and until it has been written once, the command sender asks
// this in the same step as the write: the same rules, the cause as the
// Events seen since leave it (judge reads RequestRecord.causeSeen), and the
// same rule and option still answering. Pure.

import type { Rule } from '../protocol/rules.js';
import { causeMissingText, withLiveCause, type CauseState } from './cause.js';
import { judge, ruleEnded } from './rule-match.js';
import { formatUntil } from '../protocol/rule-until.js';
import type { RequestRecord } from './types.js';

/** What a rule's answer was decided on. */
export interface RuleBasis {
  rules: readonly Rule[];
  /** Rules turned off for the session then. */
  off: ReadonlySet<string>;
  /** The cause as the rules had read it. */
  cause: CauseState;
  rule: string;
  option: string;
}

/**
 * Undefined while the rule still gives this answer to the request as it
 * stands now; else why not, in words. `now` (ms): the time of the write (a
 * rule past its `until` no longer answers; without it, a rule with an end
 * never does).
 */
export function ruleStillAnswers(
  record: RequestRecord | undefined,
  basis: RuleBasis,
  now?: number,
): string | undefined {
  if (!record) return 'its request is no longer held';
  const verdict = judge(basis.rules, record, basis.cause, basis.off, now);
  if (verdict.kind === 'answer' && verdict.rule === basis.rule && verdict.option === basis.option) return undefined;
  // Say the cause first when it is what changed (the usual reason), else what the rules say now.
  const cause = withLiveCause(record, basis.cause);
  const why =
    cause.state !== basis.cause.state
      ? causeMissingText(cause)
      : verdict.kind === 'ask' && verdict.cause
        ? causeMissingText(verdict.cause)
        : ended(basis, now)
          ? `it ended at ${formatUntil(basis.rules.find((r) => r.name === basis.rule)!.until!)}`
          : 'the rules no longer give this answer';
  return `rule ${basis.rule} judged again before sending: ${why}`;
}

/** Whether the rule that gave the answer has ended by `now`. */
function ended(basis: RuleBasis, now: number | undefined): boolean {
  const rule = basis.rules.find((r) => r.name === basis.rule);
  return rule !== undefined && ruleEnded(rule, now) === true;
}
