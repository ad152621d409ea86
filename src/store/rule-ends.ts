// How long a rule made with `a` lasts (the second row asked after scopes 3
// and 4: "this agent and tool", "…and command prefix"). Pure; the time
// comes in. Four ends:
//   1 `session`  until this session ends: the scope's rule narrowed to the
//                request's session (`match.session`, exact) and kept in this
//                console only, as scope 2's rule is: it matches nothing
//                outside that session, so it ends with it (or with the
//                console), and it is never written to the file;
//   2 `hour`     one hour: `until` one hour from now (whole seconds, never
//                longer than asked), written to the file;
//   3 `midnight` until the next local midnight, written as UTC;
//   4 `none`     no end, written as before.
// A rule past its `until` matches nothing (rule-match.ts); the file keeps it
// until it is deleted (the rules screen, or by hand).

import type { Rule } from '../protocol/rules.js';
import { formatUntil } from '../protocol/rule-until.js';
import type { RequestRecord } from './types.js';

export type RuleEnd = 'session' | 'hour' | 'midnight' | 'none';

/** The second row's choices, in order (digits 1-4), with their words. */
export const RULE_ENDS: readonly { end: RuleEnd; label: string }[] = [
  { end: 'session', label: 'until this session ends' },
  { end: 'hour', label: 'one hour' },
  { end: 'midnight', label: 'until local midnight' },
  { end: 'none', label: 'no end' },
];

export const HOUR_MS = 3_600_000;

/** The next local midnight after `now` (the process's time zone), in ms. */
export function nextLocalMidnight(now: number): number {
  const at = new Date(now);
  at.setHours(24, 0, 0, 0);
  return at.getTime();
}

export type EndedRule =
  /** `keep`: where the rule goes: the rules file, or this console only. */
  { ok: true; rule: Rule; keep: 'file' | 'memory' } | { ok: false; why: string };

/**
 * `rule` (a scope 3 or 4 rule from ruleScopes) given the end picked for the
 * request `record`, at `now` (ms).
 */
export function withRuleEnd(rule: Rule, end: RuleEnd, record: RequestRecord, now: number): EndedRule {
  switch (end) {
    case 'none':
      return { ok: true, rule, keep: 'file' };
    case 'hour':
      return { ok: true, rule: { ...rule, until: Math.floor((now + HOUR_MS) / 1000) * 1000 }, keep: 'file' };
    case 'midnight':
      return { ok: true, rule: { ...rule, until: nextLocalMidnight(now) }, keep: 'file' };
    case 'session':
      // A session a glob cannot spell exactly cannot bound a rule: it would be wider than picked.
      if (/[*?]/.test(record.session) || record.session === '')
        return { ok: false, why: 'its session cannot be matched exactly' };
      return { ok: true, rule: { ...rule, match: { ...rule.match, session: record.session } }, keep: 'memory' };
  }
}

/** A rule's end in words for a screen: `no end`, `until 2026-12-08T01:00:00Z`, `ended 2026-…Z`, `this session`. */
export function ruleEndText(rule: Rule, now: number, inMemory = false): string {
  if (rule.until !== undefined) return `${now >= rule.until ? 'ended' : 'until'} ${formatUntil(rule.until)}`;
  if (rule.run !== undefined) return 'this run';
  if (inMemory && rule.match.session !== undefined) return 'this session';
  return 'no end';
}
