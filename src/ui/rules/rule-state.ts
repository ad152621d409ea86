// The rules in the console (issue 26): what each open request's rule says
// (the row's suggestion), the cause Events the rules need (read once per
// request, apart from the detail's lazy read, which follows the selection),
// and with AUTO the answers the rules give: the same `send` effect a key
// makes, so they take the outbox like any answer and the history records
// them, `by` the rule. A rule whose answer the agent rejects is turned off
// for the session: a rule that is wrong once is not trusted to be right the
// next time. The rules fail closed (CONSOLE.md "Rules fail closed"): a
// cause read that finds nothing is tried once more after 2 s, and AUTO never
// answers a request the operator has open or holds a draft for (it waits
// until they leave it). Pure: effects out, messages in.

import { answerRefusal } from '../../store/ledger.js';
import type { Rule } from '../../protocol/rules.js';
import { displayLine } from '../../protocol/sanitize.js';
import { isHistory } from '../../store/history.js';
import { judge, needsCause, type RuleVerdict } from '../../store/rule-match.js';
import { answerable } from '../../store/answerable.js';
import { causeNotFound, resolveCause, type CauseState } from '../../store/cause.js';
import type { RequestRecord } from '../../store/types.js';
import type { StoreReader } from '../../store/writers.js';
import type { FetchResult } from '../../relay/fetch-events.js';
import { glyphs } from '../glyphs.js';
import { causeReadEffect, type CauseReadEffect } from '../cause-read.js';

/** A new request's bell waits this long at most for its cause (then it rings). */
export const BELL_WAIT_MS = 2000;
/** A cause read not back after this long is asked for again (the read queue may have dropped it). */
const REREAD_MS = 10_000;
/** A cause read that found nothing is tried once more this long after (CONSOLE.md: a cause may arrive late). */
export const CAUSE_RETRY_MS = 2000;
/** Causes kept at once (for open requests only); the oldest are forgotten. */
const MAX_RULE_CAUSES = 1000;

/** The rules' read of a request's cause: where it stands, since when, and how many reads were asked for (2 at most, besides reads lost on the way). */
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

/** Whether the operator is at a request (open, or a draft held): AUTO does not answer it then. */
export type OperatorAt = (key: string) => boolean;
const nowhere: OperatorAt = () => false;

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

export type RuleEffect = { type: 'send'; key: string; answer: { option: string }; by: string } | CauseReadEffect;

export interface RuleStep {
  rules: RulesModel;
  effects: RuleEffect[];
  /** Requests whose bell is due now (their cause came back, or the wait ran out, and no rule answered). */
  ring: RequestRecord[];
}

function causeView(rules: RulesModel, record: RequestRecord): CauseState {
  if (!record.cause) return { state: 'none' };
  return rules.causes.get(record.key)?.cause ?? { state: 'unread' };
}

/** What the rules say about `record` now. */
export function verdictFor(rules: RulesModel | undefined, record: RequestRecord): RuleVerdict {
  if (!rules || isHistory(record)) return { kind: 'none' };
  return judge(rules.rules, record, causeView(rules, record), rules.off);
}

/** The option a rule suggests for `record`, when it suggests one. */
export function suggestedOption(rules: RulesModel | undefined, record: RequestRecord): string | undefined {
  const verdict = verdictFor(rules, record);
  return verdict.kind === 'answer' ? verdict.option : undefined;
}

/** A row's words for the rules: `rule: allow (tests ok)` (suggest), `· rule tests ok` once a rule answered. */
export function ruleRowText(rules: RulesModel | undefined, record: RequestRecord): string | undefined {
  if (!rules) return undefined;
  const by = rules.answered.get(record.key);
  if (by !== undefined) return `${glyphs().dot} rule ${by}`;
  const verdict = verdictFor(rules, record);
  // Names and ids are checked printable when the file is read; bounded here for the row.
  if (verdict.kind === 'answer') return `rule: ${displayLine(verdict.option, 30)} (${verdict.rule})`;
  // An ask because the cause a deny or ask needs is not known says so (its command withheld by capture, or not read at all).
  if (verdict.kind === 'ask')
    return `rule: ask (${verdict.rule}${verdict.cause === 'withheld' ? ': command withheld' : verdict.cause ? ': cause not read' : ''})`;
  return undefined;
}

function wantsCause(rules: RulesModel, record: RequestRecord): boolean {
  return (
    !!record.cause &&
    !isHistory(record) &&
    answerable(record, 'rule') &&
    rules.rules.some((rule) => needsCause(rule) && !rules.off.has(rule.name))
  );
}

/**
 * Requests `keys` (new, or whose cause just came back) through the rules:
 * their causes asked for, and with AUTO, the answers the rules give sent.
 * `fresh`: keys that just arrived live (their bell may wait for the cause).
 * `at`: where the operator is (AUTO leaves those requests to them).
 */
export function runRules(
  rules: RulesModel,
  keys: Iterable<string>,
  store: StoreReader,
  now: number,
  fresh: ReadonlySet<string> = new Set(),
  at: OperatorAt = nowhere,
): RuleStep & { quiet: Set<string> } {
  let causes: Map<string, RuleCause> | undefined;
  let answered: Map<string, string> | undefined;
  let held: Map<string, number> | undefined;
  let deferred: Set<string> | undefined;
  const effects: RuleEffect[] = [];
  const ring: RequestRecord[] = [];
  const quiet = new Set<string>();
  for (const key of keys) {
    const record = store.request(key);
    if (!record || isHistory(record)) continue;
    const read =
      wantsCause(rules, record) && !(causes ?? rules.causes).has(key) ? causeReadEffect(record, 'rule') : undefined;
    if (read) {
      causes ??= new Map(rules.causes);
      causes.set(key, { cause: { state: 'reading' }, since: now, tries: 1 });
      while (causes.size > MAX_RULE_CAUSES) causes.delete(causes.keys().next().value as string);
      effects.push(read);
    }
    const current: RulesModel = { ...rules, causes: causes ?? rules.causes };
    const verdict = verdictFor(current, record);
    if (!rules.auto) continue;
    const isHeld = (held ?? rules.held).has(key);
    if (verdict.kind === 'waiting') {
      if (fresh.has(key)) {
        held ??= new Map(rules.held);
        held.set(key, now);
        quiet.add(key);
      }
      continue;
    }
    if (isHeld) {
      held ??= new Map(rules.held);
      held.delete(key);
    }
    const wasDeferred = (deferred ?? rules.deferred).has(key);
    // The ledger too: a rule never answers over an answer on its way (a saved one included) or by a route another agent could take.
    const sendable =
      verdict.kind === 'answer' &&
      !(answered ?? rules.answered).has(key) &&
      !store.lastCommandFor(key) &&
      answerRefusal(store, record) === undefined;
    if (sendable && at(key)) {
      // The operator is at it: theirs to answer; the rule tries again once they leave it.
      if (!wasDeferred) (deferred ??= new Set(rules.deferred)).add(key);
      continue;
    }
    if (wasDeferred) (deferred ??= new Set(rules.deferred)).delete(key);
    if (sendable) {
      answered ??= new Map(rules.answered);
      answered.set(key, verdict.rule);
      effects.push({ type: 'send', key, answer: { option: verdict.option }, by: `rule ${verdict.rule}` });
      quiet.add(key);
    } else if (isHeld && record.state === 'pending') ring.push(record);
  }
  const next =
    causes || answered || held || deferred
      ? {
          ...rules,
          causes: causes ?? rules.causes,
          answered: answered ?? rules.answered,
          held: held ?? rules.held,
          deferred: deferred ?? rules.deferred,
        }
      : rules;
  return { rules: next, effects, ring, quiet };
}

/** A cause read came back: judged by the one resolver, kept, and the request run through the rules again. */
export function onRuleCause(
  rules: RulesModel,
  key: string,
  result: FetchResult,
  store: StoreReader,
  now: number,
  at: OperatorAt = nowhere,
): RuleStep {
  const record = store.request(key);
  const known = rules.causes.get(key);
  if (!record || known?.cause.state !== 'reading') return { rules, effects: [], ring: [] };
  const cause = resolveCause(record, result, known.tries > 1);
  const next = { ...rules, causes: new Map(rules.causes).set(key, { cause, since: now, tries: known.tries }) };
  return runRules(next, [key], store, now, new Set(), at);
}

/**
 * The clock: bells waited for long enough ring, causes lost on the way are
 * asked for again, a read that found nothing is tried once more after
 * CAUSE_RETRY_MS, and answers deferred while the operator was at a request
 * are tried again.
 */
export function onRulesTick(rules: RulesModel, store: StoreReader, now: number, at: OperatorAt = nowhere): RuleStep {
  const ring: RequestRecord[] = [];
  const effects: RuleEffect[] = [];
  let held: Map<string, number> | undefined;
  for (const [key, since] of rules.held) {
    if (now - since < BELL_WAIT_MS) continue;
    held ??= new Map(rules.held);
    held.delete(key);
    const record = store.request(key);
    if (record?.state === 'pending') ring.push(record);
  }
  let causes: Map<string, RuleCause> | undefined;
  for (const [key, known] of rules.causes) {
    const lost = known.cause.state === 'reading' && now - known.since >= REREAD_MS;
    const again = causeNotFound(known.cause) && known.tries < 2 && now - known.since >= CAUSE_RETRY_MS;
    if (!lost && !again) continue;
    const record = store.request(key);
    causes ??= new Map(rules.causes);
    const read = record?.state === 'pending' ? causeReadEffect(record, 'rule') : undefined;
    if (!read) {
      causes.delete(key);
      continue;
    }
    const tries = again ? known.tries + 1 : known.tries;
    causes.set(key, { cause: { state: 'reading', retry: tries > 1 }, since: now, tries });
    effects.push(read);
  }
  const base: RulesModel =
    held || causes ? { ...rules, held: held ?? rules.held, causes: causes ?? rules.causes } : rules;
  if (!base.auto || !base.deferred.size) return { rules: base, effects, ring };
  const step = runRules(
    base,
    [...base.deferred].filter((key) => !at(key)),
    store,
    now,
    new Set(),
    at,
  );
  return { rules: step.rules, effects: [...effects, ...step.effects], ring: [...ring, ...step.ring] };
}

/** Whether the rules wait on the clock: a bell held, a read in flight or to be tried again, an answer deferred. */
export function rulesWaitOnClock(rules: RulesModel): boolean {
  if (rules.held.size > 0 || (rules.auto && rules.deferred.size > 0)) return true;
  for (const known of rules.causes.values())
    if (known.cause.state === 'reading' || (causeNotFound(known.cause) && known.tries < 2)) return true;
  return false;
}

/** Whether the model still waits for a rule's cause read of `key` (App gives up the rest). */
export function wantsRuleRead(rules: RulesModel | undefined, key: string): boolean {
  return rules?.causes.get(key)?.cause.state === 'reading';
}

/**
 * Commands that changed: a rule's answer the agent rejected turns that rule
 * off for the session, and the status line says so. Requests that closed
 * are forgotten from the cause cache.
 */
export function onRuleCommands(
  rules: RulesModel,
  commandIds: Iterable<string>,
  store: StoreReader,
): { rules: RulesModel; told?: string } {
  let next = rules;
  let told: string | undefined;
  for (const id of commandIds) {
    const command = store.command(id);
    if (!command || command.state !== 'rejected') continue;
    const rule = next.answered.get(command.requestKey);
    // Only the rule's own answer turns it off: a saved answer refused (a duplicate), or the operator's, never does.
    if (rule === undefined || next.off.has(rule) || command.by !== `rule ${rule}`) continue;
    const off = new Set(next.off).add(rule);
    const why = command.reason ? ` (${command.reason}${command.detail ? `: ${command.detail}` : ''})` : '';
    told = `Rule ${rule} turned off for this session: the agent rejected its answer${why}.`;
    next = { ...next, off, notes: [...next.notes, told].slice(-20) };
  }
  return { rules: next, told };
}

/** AUTO on or off (A, after y/n); turning it on runs every open request through the rules. */
export function setAuto(
  rules: RulesModel,
  on: boolean,
  store: StoreReader,
  now: number,
  at: OperatorAt = nowhere,
): RuleStep {
  const next = {
    ...rules,
    auto: on,
    held: on ? rules.held : new Map<string, number>(),
    deferred: on ? rules.deferred : new Set<string>(),
  };
  if (!on) return { rules: next, effects: [], ring: [] };
  const open = store
    .allRequests()
    .filter((record) => record.state === 'pending')
    .map((record) => record.key);
  return runRules(next, open, store, now, new Set(), at);
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
