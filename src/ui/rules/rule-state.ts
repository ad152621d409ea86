// The rules at work: the cause Events the rules need (read once per
// request, apart from the detail's lazy read, which follows the selection),
// and with AUTO the answers the rules give: the same `send` effect a key
// makes, so they take the outbox like any answer and the history records
// them, `by` the rule. A rule whose answer the agent rejects is turned off
// for the session: a rule that is wrong once is not trusted to be right the
// next time. The rules fail closed (a deny or ask whose cause is not read
// is never skipped, so no allow answers past it): a cause read that finds
// nothing is tried once more after 2 s, and AUTO never answers a request
// the operator has open or holds a draft for (it waits until they leave
// it). Pure: effects out, messages in. The model itself, and what the rules
// say about a request, are in rule-model.ts (re-exported here).

import { answerRefusal } from '../../store/ledger.js';
import { isFromFile } from '../../store/file-relay.js';
import { needsCause, type RuleVerdict } from '../../store/rule-match.js';
import { answerable } from '../../store/answerable.js';
import { causeNotFound, resolveCause } from '../../store/cause.js';
import type { RuleBasis } from '../../store/rule-recheck.js';
import type { RequestRecord } from '../../store/types.js';
import type { StoreReader } from '../../store/writers.js';
import type { FetchResult } from '../../relay/fetch-events.js';
import { causeReadEffect, type CauseReadEffect } from '../cause-read.js';
import { verdictFor, type RuleCause, type RulesModel } from './rule-model.js';

export {
  initialRules,
  nextRuleEnd,
  ruleRowText,
  rulesEnded,
  rulesStatus,
  suggestedOption,
  verdictFor,
  withFileRules,
  withoutRule,
  type RuleCause,
  type RulesModel,
} from './rule-model.js';

/** A new request's bell waits this long at most for its cause (then it rings). */
export const BELL_WAIT_MS = 2000;
/** A cause read not back after this long is asked for again (the read queue may have dropped it). */
const REREAD_MS = 10_000;
/** A cause read that found nothing is tried once more this long after (the cause Event may reach the relay late). */
export const CAUSE_RETRY_MS = 2000;
/** Causes kept at once (for open requests only); the oldest are forgotten. */
const MAX_RULE_CAUSES = 1000;

/** Whether the operator is at a request (open, or a draft held): AUTO does not answer it then. */
export type OperatorAt = (key: string) => boolean;
const nowhere: OperatorAt = () => false;

export type RuleEffect =
  { type: 'send'; key: string; answer: { option: string }; by: string; basis: RuleBasis } | CauseReadEffect;

export interface RuleStep {
  rules: RulesModel;
  effects: RuleEffect[];
  /** Requests whose bell is due now (their cause came back, or the wait ran out, and no rule answered). */
  ring: RequestRecord[];
}

function wantsCause(rules: RulesModel, record: RequestRecord): boolean {
  return (
    !!record.cause &&
    !isFromFile(record) &&
    answerable(record, 'rule') &&
    rules.rules.some((rule) => needsCause(rule) && !rules.off.has(rule.name))
  );
}

/** The maps a run changes, each copied from the model on its first change (a run that changes nothing keeps the model). */
interface RuleChanges {
  causes?: Map<string, RuleCause>;
  answered?: Map<string, string>;
  held?: Map<string, number>;
  deferred?: Set<string>;
}

/** One run of requests through the rules: what it reads, and what it gives back. */
interface RuleRun {
  rules: RulesModel;
  store: StoreReader;
  now: number;
  fresh: ReadonlySet<string>;
  at: OperatorAt;
  changes: RuleChanges;
  effects: RuleEffect[];
  ring: RequestRecord[];
  quiet: Set<string>;
}

/** Asks for the request's cause when a rule needs it and it was never asked for (the oldest causes forgotten past the cap). */
function askCause(run: RuleRun, key: string, record: RequestRecord): void {
  const { rules, changes } = run;
  const read =
    wantsCause(rules, record) && !(changes.causes ?? rules.causes).has(key)
      ? causeReadEffect(record, 'rule')
      : undefined;
  if (!read) return;
  const causes = (changes.causes ??= new Map(rules.causes));
  causes.set(key, { cause: { state: 'reading' }, since: run.now, tries: 1 });
  while (causes.size > MAX_RULE_CAUSES) causes.delete(causes.keys().next().value as string);
  run.effects.push(read);
}

/** The rules wait for the cause: a request that just arrived holds its bell until it is read (or the wait runs out). */
function holdBell(run: RuleRun, key: string): void {
  if (!run.fresh.has(key)) return;
  (run.changes.held ??= new Map(run.rules.held)).set(key, run.now);
  run.quiet.add(key);
}

/**
 * AUTO with a verdict: the rule's answer sent unless one is on its way or
 * the operator is at the request (then deferred); a held bell rings when
 * no rule answers.
 */
function autoAnswer(run: RuleRun, key: string, record: RequestRecord, verdict: RuleVerdict): void {
  const { rules, changes, store } = run;
  const isHeld = (changes.held ?? rules.held).has(key);
  if (isHeld) (changes.held ??= new Map(rules.held)).delete(key);
  const wasDeferred = (changes.deferred ?? rules.deferred).has(key);
  // The ledger too: a rule never answers over an answer on its way (a saved one included) or by a route another agent could take.
  const sendable =
    verdict.kind === 'answer' &&
    !(changes.answered ?? rules.answered).has(key) &&
    !store.lastCommandFor(key) &&
    answerRefusal(store, record) === undefined;
  if (sendable && run.at(key)) {
    // The operator is at it: theirs to answer; the rule tries again once they leave it.
    if (!wasDeferred) (changes.deferred ??= new Set(rules.deferred)).add(key);
    return;
  }
  if (wasDeferred) (changes.deferred ??= new Set(rules.deferred)).delete(key);
  if (sendable) {
    (changes.answered ??= new Map(rules.answered)).set(key, verdict.rule);
    // What it decided on goes with it: the sender judges it again in the step that first writes it.
    const cause = (changes.causes ?? rules.causes).get(key)?.cause ?? { state: record.cause ? 'unread' : 'none' };
    const basis = { rules: rules.rules, off: rules.off, cause, rule: verdict.rule, option: verdict.option };
    run.effects.push({ type: 'send', key, answer: { option: verdict.option }, by: `rule ${verdict.rule}`, basis });
    run.quiet.add(key);
  } else if (isHeld && record.state === 'pending') run.ring.push(record);
}

function runOne(run: RuleRun, key: string): void {
  const record = run.store.request(key);
  if (!record || isFromFile(record)) return;
  askCause(run, key, record);
  if (!run.rules.auto) return;
  const verdict = verdictFor({ ...run.rules, causes: run.changes.causes ?? run.rules.causes }, record, run.now);
  if (verdict.kind === 'waiting') holdBell(run, key);
  else autoAnswer(run, key, record, verdict);
}

function changedModel(rules: RulesModel, { causes, answered, held, deferred }: RuleChanges): RulesModel {
  if (!causes && !answered && !held && !deferred) return rules;
  return {
    ...rules,
    causes: causes ?? rules.causes,
    answered: answered ?? rules.answered,
    held: held ?? rules.held,
    deferred: deferred ?? rules.deferred,
  };
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
  const run: RuleRun = { rules, store, now, fresh, at, changes: {}, effects: [], ring: [], quiet: new Set() };
  for (const key of keys) runOne(run, key);
  return { rules: changedModel(rules, run.changes), effects: run.effects, ring: run.ring, quiet: run.quiet };
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
