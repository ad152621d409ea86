// The rules model: the rules in force (from the file, and made here with
// `a`), AUTO or suggest, the rules turned off for the session, and what
// the rules say about a request now: its verdict, the option a row
// suggests, the row's and the status line's words. How requests are run
// through the rules (cause reads, AUTO's answers, the clock) is in
// rule-state.ts. Pure.

import type { Rule } from '../../protocol/rules.js';
import { displayLine } from '../../protocol/sanitize.js';
import { isFromFile } from '../../store/file-relay.js';
import { judge, type RuleVerdict } from '../../store/rule-match.js';
import type { CauseState } from '../../store/cause.js';
import type { RequestRecord } from '../../store/types.js';
import { glyphs } from '../glyphs.js';

/**
 * The rules' read of a request's cause: where it stands, since when, and how many reads were asked for (2 at most,
 * besides reads lost on the way).
 */
export interface RuleCause {
  cause: CauseState;
  since: number;
  tries: number;
}

export interface RulesModel {
  rules: readonly Rule[];
  /** AUTO: rules answer; else they only suggest. */
  auto: boolean;
  /** Rules turned off for this session (an answer of theirs was rejected). */
  off: ReadonlySet<string>;
  causes: ReadonlyMap<string, RuleCause>;
  /** Requests a rule answered: request key → rule name (each is answered by a rule once at most). */
  answered: ReadonlyMap<string, string>;
  /** New requests whose bell waits for their cause: key → since when. */
  held: ReadonlyMap<string, number>;
  /** Rules turned off, and why (the status line counts them; the footer said each once). */
  notes: readonly string[];
  /** Requests a rule would answer but the operator has open or holds a draft for: tried again on the clock. */
  deferred: ReadonlySet<string>;
  /** The names of the rules read from the rules file (the others were made here with `a`). */
  fromFile: ReadonlySet<string>;
  /** Why the rules file (or its last edit) is not used: said on the status line. */
  fileNote?: string;
}

export function initialRules(
  rules: readonly Rule[] | undefined,
  auto = false,
  fileNote?: string,
): RulesModel | undefined {
  if (!rules?.length && fileNote === undefined) return undefined;
  const fromFile = new Set((rules ?? []).map((rule) => rule.name));
  return {
    rules: rules ?? [],
    auto,
    off: new Set(),
    causes: new Map(),
    answered: new Map(),
    held: new Map(),
    notes: [],
    deferred: new Set(),
    fromFile,
    ...(fileNote !== undefined ? { fileNote } : {}),
  };
}

/**
 * The rules file read again (an edit): its rules replace the ones read
 * before, the rules made here with `a` stay (one the file now holds is
 * the file's). A bad edit (`rules` absent) keeps the rules in force; `note` says why.
 */
export function withFileRules(
  current: RulesModel | undefined,
  rules: readonly Rule[] | undefined,
  note: string | undefined,
): RulesModel | undefined {
  if (rules === undefined) {
    const base = current ?? initialRules([], false, note);
    if (!base) return undefined;
    const { fileNote: _old, ...rest } = base;
    return note === undefined ? rest : { ...rest, fileNote: note };
  }
  const names = new Set(rules.map((rule) => rule.name));
  const made = (current?.rules ?? []).filter((rule) => !current?.fromFile.has(rule.name) && !names.has(rule.name));
  const base = current ?? initialRules(rules, false)!;
  const { fileNote: _old, ...rest } = base;
  return { ...rest, rules: [...rules, ...made], fromFile: names };
}

/** The rules without the one named `name` (rules.delete): it answers and suggests nothing from now on. */
export function withoutRule(rules: RulesModel, name: string): RulesModel {
  const fromFile = new Set(rules.fromFile);
  fromFile.delete(name);
  return { ...rules, rules: rules.rules.filter((rule) => rule.name !== name), fromFile };
}

function causeView(rules: RulesModel, record: RequestRecord): CauseState {
  if (!record.cause) return { state: 'none' };
  return rules.causes.get(record.key)?.cause ?? { state: 'unread' };
}

/**
 * What the rules say about `record` at `now` (ms, the console's clock): a
 * rule past its `until` says nothing. Without `now` a rule with an end
 * cannot be shown in force (rule-match.ts: an allow never matches, a deny
 * or ask asks).
 */
export function verdictFor(rules: RulesModel | undefined, record: RequestRecord, now?: number): RuleVerdict {
  if (!rules || isFromFile(record)) return { kind: 'none' };
  return judge(rules.rules, record, causeView(rules, record), rules.off, now);
}

/** The option a rule suggests for `record` at `now`, when it suggests one. */
export function suggestedOption(
  rules: RulesModel | undefined,
  record: RequestRecord,
  now?: number,
): string | undefined {
  const verdict = verdictFor(rules, record, now);
  return verdict.kind === 'answer' ? verdict.option : undefined;
}

/** A row's words for the rules at `now`: `rule: allow (tests ok)` (suggest), `· rule tests ok` once a rule answered. */
export function ruleRowText(rules: RulesModel | undefined, record: RequestRecord, now?: number): string | undefined {
  if (!rules) return undefined;
  const by = rules.answered.get(record.key);
  if (by !== undefined) return `${glyphs().dot} rule ${by}`;
  const verdict = verdictFor(rules, record, now);
  // Names and ids are checked printable when the file is read; bounded here for the row.
  if (verdict.kind === 'answer') return `rule: ${displayLine(verdict.option, 30)} (${verdict.rule})`;
  // An ask because the cause a deny or ask needs is not known says so (its command withheld by capture, or not read at all).
  if (verdict.kind === 'ask') return `rule: ask (${verdict.rule}${verdict.cause ? `: ${askWhy(verdict.cause)}` : ''})`;
  return undefined;
}

/** Why a deny or ask that needs the cause cannot read it, in a row's few words. */
function askWhy(cause: NonNullable<Extract<RuleVerdict, { kind: 'ask' }>['cause']>): string {
  if (cause === 'withheld') return 'command withheld';
  if (cause === 'command-shape') return 'command unreadable';
  if (cause === 'conflicting') return 'two causes';
  if (cause === 'path-unreadable') return 'path unreadable';
  if (cause === 'no-clock') return 'no clock to read its end';
  return 'cause not read';
}

/** How many of the rules have ended by `now` (a row's words change when one does: view.ts keys its rows' cache on it). */
export function rulesEnded(rules: RulesModel | undefined, now: number): number {
  return rules ? rules.rules.filter((rule) => rule.until !== undefined && now >= rule.until).length : 0;
}

/** The next end of a rule still in force after `now` (ms), if any: the clock ticks then (clock.ts). */
export function nextRuleEnd(rules: RulesModel | undefined, now: number): number | undefined {
  let next: number | undefined;
  for (const rule of rules?.rules ?? [])
    if (rule.until !== undefined && rule.until > now && (next === undefined || rule.until < next)) next = rule.until;
  return next;
}

/** The status line's words: `AUTO` or `rules: suggest`, and rules turned off. */
export function rulesStatus(rules: RulesModel | undefined): string | undefined {
  if (!rules) return undefined;
  const head = rules.auto
    ? 'AUTO'
    : rules.rules.length || rules.fileNote === undefined
      ? `rules: suggest (${rules.rules.length})`
      : undefined;
  const parts = [head, rules.off.size ? `${rules.off.size} off` : undefined, rules.fileNote].filter(
    (part): part is string => part !== undefined,
  );
  return parts.join(` ${glyphs().dot} `);
}
