// The rules in the console (issue 26): what each open request's rule says
// (the row's suggestion), the cause Events the rules need (read once per
// request, apart from the detail's lazy read, which follows the selection),
// and with AUTO the answers the rules give: the same `send` effect a key
// makes, so they take the outbox like any answer and the history records
// them, `by` the rule. A rule whose answer the agent rejects is turned off
// for the session: a rule that is wrong once is not trusted to be right the
// next time. Pure: effects out, messages in.

import type { Rule } from '../../protocol/rules.js';
import { displayLine } from '../../protocol/sanitize.js';
import { isHistory } from '../../store/history.js';
import { answerable, judge, needsCause, type CauseView, type RuleVerdict } from '../../store/rule-match.js';
import type { RequestRecord } from '../../store/types.js';
import type { StoreReader } from '../../store/writers.js';
import type { FetchResult } from '../../relay/fetch-events.js';
import { glyphs } from '../glyphs.js';

/** A new request's bell waits this long at most for its cause (then it rings). */
export const BELL_WAIT_MS = 2000;
/** A cause read not back after this long is asked for again (the read queue may have dropped it). */
const REREAD_MS = 10_000;
/** Causes kept at once (for open requests only); the oldest are forgotten. */
const MAX_RULE_CAUSES = 1000;

type RuleCause = { state: 'loading'; since: number } | CauseView;

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
}

export function initialRules(rules: readonly Rule[] | undefined, auto = false): RulesModel | undefined {
  if (!rules?.length) return undefined;
  return { rules, auto, off: new Set(), causes: new Map(), answered: new Map(), held: new Map(), notes: [] };
}

export type RuleEffect =
  | { type: 'send'; key: string; answer: { option: string }; by: string }
  | { type: 'fetch'; kind: 'rule'; key: string; relay: string; filter: Record<string, unknown>; limit: number };

export interface RuleStep {
  rules: RulesModel;
  effects: RuleEffect[];
  /** Requests whose bell is due now (their cause came back, or the wait ran out, and no rule answered). */
  ring: RequestRecord[];
}

function causeView(rules: RulesModel, record: RequestRecord): CauseView {
  if (!record.cause) return { state: 'unreadable' };
  const known = rules.causes.get(record.key);
  if (!known || known.state === 'loading') return { state: 'unknown' };
  return known;
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
  if (verdict.kind === 'ask') return `rule: ask (${verdict.rule})`;
  return undefined;
}

function wantsCause(rules: RulesModel, record: RequestRecord): boolean {
  return !!record.cause && !isHistory(record) && answerable(record) && rules.rules.some((rule) => needsCause(rule) && !rules.off.has(rule.name));
}

/**
 * Requests `keys` (new, or whose cause just came back) through the rules:
 * their causes asked for, and with AUTO, the answers the rules give sent.
 * `fresh`: keys that just arrived live (their bell may wait for the cause).
 */
export function runRules(rules: RulesModel, keys: Iterable<string>, store: StoreReader, now: number, fresh: ReadonlySet<string> = new Set()): RuleStep & { quiet: Set<string> } {
  let causes: Map<string, RuleCause> | undefined;
  let answered: Map<string, string> | undefined;
  let held: Map<string, number> | undefined;
  const effects: RuleEffect[] = [];
  const ring: RequestRecord[] = [];
  const quiet = new Set<string>();
  for (const key of keys) {
    const record = store.request(key);
    if (!record || isHistory(record)) continue;
    if (wantsCause(rules, record) && !(causes ?? rules.causes).has(key)) {
      causes ??= new Map(rules.causes);
      causes.set(key, { state: 'loading', since: now });
      while (causes.size > MAX_RULE_CAUSES) causes.delete(causes.keys().next().value as string);
      effects.push(causeRead(record));
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
    if (verdict.kind === 'answer' && !(answered ?? rules.answered).has(key) && !store.lastCommandFor(key)) {
      answered ??= new Map(rules.answered);
      answered.set(key, verdict.rule);
      effects.push({ type: 'send', key, answer: { option: verdict.option }, by: `rule ${verdict.rule}` });
      quiet.add(key);
    } else if (isHeld && record.state === 'pending') ring.push(record);
  }
  const next = causes || answered || held ? { ...rules, causes: causes ?? rules.causes, answered: answered ?? rules.answered, held: held ?? rules.held } : rules;
  return { rules: next, effects, ring, quiet };
}

function causeRead(record: RequestRecord): RuleEffect {
  return { type: 'fetch', kind: 'rule', key: record.key, relay: record.relay, filter: { id: record.cause, session: record.session }, limit: 8 };
}

/** A cause read came back: kept, and the request run through the rules again. */
export function onRuleCause(rules: RulesModel, key: string, result: FetchResult, store: StoreReader, now: number): RuleStep {
  const record = store.request(key);
  if (!record || rules.causes.get(key)?.state !== 'loading') return { rules, effects: [], ring: [] };
  const event = result.ok ? result.events.find((e) => e.id === record.cause && e.source === record.source) : undefined;
  const view: CauseView = event ? { state: 'event', event } : { state: 'unreadable' };
  const next = { ...rules, causes: new Map(rules.causes).set(key, view) };
  return runRules(next, [key], store, now);
}

/** The clock: bells waited for long enough ring, causes lost on the way are asked for again. */
export function onRulesTick(rules: RulesModel, store: StoreReader, now: number): RuleStep {
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
  for (const [key, cause] of rules.causes) {
    if (cause.state !== 'loading' || now - cause.since < REREAD_MS) continue;
    const record = store.request(key);
    causes ??= new Map(rules.causes);
    if (!record || record.state !== 'pending') {
      causes.delete(key);
      continue;
    }
    causes.set(key, { state: 'loading', since: now });
    effects.push(causeRead(record));
  }
  if (!held && !causes) return { rules, effects, ring };
  return { rules: { ...rules, held: held ?? rules.held, causes: causes ?? rules.causes }, effects, ring };
}

/** Whether the model still waits for a rule's cause read of `key` (App gives up the rest). */
export function wantsRuleRead(rules: RulesModel | undefined, key: string): boolean {
  return rules?.causes.get(key)?.state === 'loading';
}

/**
 * Commands that changed: a rule's answer the agent rejected turns that rule
 * off for the session, and the status line says so. Requests that closed
 * are forgotten from the cause cache.
 */
export function onRuleCommands(rules: RulesModel, commandIds: Iterable<string>, store: StoreReader): { rules: RulesModel; told?: string } {
  let next = rules;
  let told: string | undefined;
  for (const id of commandIds) {
    const command = store.command(id);
    if (!command || command.state !== 'rejected') continue;
    const rule = next.answered.get(command.requestKey);
    if (rule === undefined || next.off.has(rule)) continue;
    const off = new Set(next.off).add(rule);
    const why = command.reason ? ` (${command.reason}${command.detail ? `: ${command.detail}` : ''})` : '';
    told = `Rule ${rule} turned off for this session: the agent rejected its answer${why}.`;
    next = { ...next, off, notes: [...next.notes, told].slice(-20) };
  }
  return { rules: next, told };
}

/** AUTO on or off (A, after y/n); turning it on runs every open request through the rules. */
export function setAuto(rules: RulesModel, on: boolean, store: StoreReader, now: number): RuleStep {
  const next = { ...rules, auto: on, held: on ? rules.held : new Map<string, number>() };
  if (!on) return { rules: next, effects: [], ring: [] };
  const open = store.allRequests().filter((record) => record.state === 'pending').map((record) => record.key);
  return runRules(next, open, store, now);
}

/** The status line's words: `AUTO` or `rules: suggest`, and rules turned off. */
export function rulesStatus(rules: RulesModel | undefined): string | undefined {
  if (!rules) return undefined;
  const head = rules.auto ? 'AUTO' : `rules: suggest (${rules.rules.length})`;
  return rules.off.size ? `${head} ${glyphs().dot} ${rules.off.size} off` : head;
}
