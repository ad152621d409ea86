// What each rule has done, for the rules screen: how many requests it
// answered and when it was last used, read from the decision history this
// console keeps (decisions.ts: a rule's answer is recorded `by: "rule
// NAME"`). Pure: the history is read by the caller (files/decision-log.ts)
// and folded (decision-fold.ts). What the history no longer holds (rotated
// away, `--no-history`) is not counted: the screen says "from the history".
// A rule is known by its name: a rule deleted and another made under the
// same name share their counts.

import type { Rule } from '../protocol/rules.js';
import type { Decision } from './decisions.js';
import { lastOutcome } from './decision-fold.js';

export interface RuleUsage {
  name: string;
  /** Requests the rule's answer was applied to (the relay said so). */
  answered: number;
  /** Requests the rule answered, whatever came of it (rejected, not sent, held, no word yet). */
  tried: number;
  /** The time (as the history has it, RFC 3339) of the newest decision the rule made; absent: never. */
  lastUsed?: string;
}

const BY_RULE = 'rule ';

/** The rule a decision was made by, or undefined when it was the operator's. */
export function decidedBy(decision: Pick<Decision, 'by'>): string | undefined {
  return decision.by.startsWith(BY_RULE) ? decision.by.slice(BY_RULE.length) : undefined;
}

/** Per rule in `rules` (in order), its usage in `decisions`. Each request counts once per rule. */
export function ruleUsage(rules: readonly Rule[], decisions: readonly Decision[]): RuleUsage[] {
  const names = new Set(rules.map((rule) => rule.name));
  const tried = new Map<string, Set<string>>();
  const answered = new Map<string, Set<string>>();
  const last = new Map<string, { at: number; time: string }>();
  for (const decision of decisions) {
    const name = decidedBy(decision);
    if (name === undefined || !names.has(name)) continue;
    const at = Date.parse(decision.time);
    const seen = last.get(name);
    if (Number.isFinite(at) && (!seen || at > seen.at)) last.set(name, { at, time: decision.time });
    if (decision.action !== 'answer') continue;
    // One request: its relay, source, session and id (JSON keeps the parts apart whatever they hold).
    const request = JSON.stringify([decision.relay, decision.source, decision.session, decision.request]);
    add(tried, name, request);
    if (lastOutcome(decision)?.state === 'applied') add(answered, name, request);
  }
  return rules.map((rule) => {
    const time = last.get(rule.name)?.time;
    return {
      name: rule.name,
      answered: answered.get(rule.name)?.size ?? 0,
      tried: tried.get(rule.name)?.size ?? 0,
      ...(time !== undefined ? { lastUsed: time } : {}),
    };
  });
}

function add(map: Map<string, Set<string>>, name: string, request: string): void {
  let set = map.get(name);
  if (!set) map.set(name, (set = new Set()));
  set.add(request);
}
