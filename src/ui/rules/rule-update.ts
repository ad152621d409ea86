// The update's side of the rules (rule-state.ts holds the rules' own state):
// each message that matters to them (store changes, a cause read back, the
// clock, `A`) in, the next model and the effects out. Bells a rule held back
// ring through the same gate as any other.

import type { StoreChange } from '../../store/writers.js';
import type { RequestRecord } from '../../store/types.js';
import { gateAlerts } from '../alert-gate.js';
import type { Effect, Msg, StoreReader, UiModel } from '../model.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import {
  initialRules,
  onRuleCause,
  withoutRule,
  withFileRules,
  onRuleCommands,
  onRulesTick,
  runRules,
  setAuto,
  type OperatorAt,
  type RuleStep,
} from './rule-state.js';
import { isUnsent } from '../inbox/state.js';
import { causeOf } from '../cause-of.js';
import type { Rule } from '../../protocol/rules.js';
import { ruleScopes, type RuleScope } from '../../store/rule-scopes.js';

interface Result {
  model: UiModel;
  effects: Effect[];
}

/** Where the operator is: the request open in the answer view, and every request they hold a draft for. */
function operatorAt(model: UiModel): OperatorAt {
  const { inbox } = model;
  return (key) => (inbox.mode === 'answer' && inbox.openKey === key) || isUnsent(inbox.drafts[key]);
}

/** The rules' step folded in: their answers and reads as effects, the bells now due through the gate. */
function apply(model: UiModel, step: RuleStep): Result {
  const next = { ...model, rules: step.rules };
  if (!step.ring.length) return { model: next, effects: step.effects };
  const gated = gateAlerts(next.alerts, { requests: step.ring, rejections: 0 }, next.now, next.config);
  return { model: { ...next, alerts: gated.alerts }, effects: [...step.effects, ...gated.effects] };
}

/**
 * A store change: rules turned off by a rejected answer, new requests run
 * through the rules. `arrived` (the new live requests that would ring) comes
 * back without those a rule answers now or may answer once its cause is read.
 */
export function rulesOnStore(
  model: UiModel,
  change: StoreChange,
  arrived: RequestRecord[],
  store: StoreReader,
): Result & { arrived: RequestRecord[] } {
  if (!model.rules) return { model, effects: [], arrived };
  const turned = change.commands.size ? onRuleCommands(model.rules, change.commands, store) : { rules: model.rules };
  const fresh = new Set(arrived.map((record) => record.key));
  const step = runRules(turned.rules, change.added, store, model.now, fresh, operatorAt(model));
  // Said once, where the operator looks after a key; the status line keeps the count.
  const told = turned.told ? { ...model, inbox: { ...model.inbox, notice: turned.told } } : model;
  const result = apply(told, step);
  return { ...result, arrived: step.quiet.size ? arrived.filter((record) => !step.quiet.has(record.key)) : arrived };
}

export function rulesOnFetched(model: UiModel, msg: Extract<Msg, { type: 'fetched' }>, store: StoreReader): Result {
  if (!model.rules) return { model, effects: [] };
  return apply(model, onRuleCause(model.rules, msg.key, msg.result, store, model.now, operatorAt(model)));
}

export function rulesOnTick(model: UiModel, store: StoreReader): Result {
  if (!model.rules) return { model, effects: [] };
  const step = onRulesTick(model.rules, store, model.now, operatorAt(model));
  if (step.rules === model.rules && !step.effects.length && !step.ring.length) return { model, effects: [] };
  return apply(model, step);
}

/** The rules file changed: its new rules (the open requests run through them), or why the edit is not used. */
export function rulesOnFile(
  model: UiModel,
  rules: readonly Rule[] | undefined,
  note: string | undefined,
  store: StoreReader,
): Result {
  const next = withFileRules(model.rules, rules, note);
  if (!next) return { model, effects: [] };
  if (rules === undefined) return { model: { ...model, rules: next }, effects: [] };
  const open = store
    .allRequests()
    .filter((record) => record.state === 'pending')
    .map((record) => record.key);
  return apply(model, runRules(next, open, store, model.now, new Set(), operatorAt(model)));
}

/** A rule deleted (rules.delete): out of the rules in force, and the open requests run through the rest (AUTO answers as they now say). */
export function rulesOnDelete(model: UiModel, name: string, store: StoreReader): Result {
  if (!model.rules) return { model, effects: [] };
  const open = store
    .allRequests()
    .filter((record) => record.state === 'pending')
    .map((record) => record.key);
  return apply(model, runRules(withoutRule(model.rules, name), open, store, model.now, new Set(), operatorAt(model)));
}

/** `A` confirmed (or AUTO turned off). */
export function rulesOnKeyEffect(model: UiModel, on: boolean, store: StoreReader): Result {
  if (!model.rules) return { model, effects: [] };
  return apply(model, setAuto(model.rules, on, store, model.now, operatorAt(model)));
}

/** The scopes `a` offers, counted against the open requests now. */
export function scopesFor(
  model: UiModel,
  store: Pick<StoreSnapshot, 'allRequests'>,
): (record: RequestRecord, option: string) => RuleScope[] {
  return (record, option) => {
    const open = store
      .allRequests()
      .filter((r) => r.state === 'pending')
      .map((r) => ({ record: r, cause: causeOf(model, r) }));
    const taken = new Set((model.rules?.rules ?? []).map((rule) => rule.name));
    return ruleScopes(record, option, causeOf(model, record), open, taken);
  };
}

/** a → y: the rule joins the rules at once (the open requests run through them again); saving it is App's. */
export function rulesOnAlways(
  model: UiModel,
  answering: string,
  rule: Rule,
  save: boolean,
  store: StoreReader,
): Result {
  // Made here, never read from the file (the rules screen says where each rule lives).
  const current = model.rules ?? { ...initialRules([rule], false)!, fromFile: new Set<string>() };
  const rules = model.rules ? { ...current, rules: [...current.rules, rule] } : current;
  // The request it was made from is answered by the key itself (the send right after): never twice.
  const open = store
    .allRequests()
    .filter((record) => record.state === 'pending' && record.key !== answering)
    .map((record) => record.key);
  const result = apply(model, runRules(rules, open, store, model.now, new Set(), operatorAt(model)));
  return save ? { ...result, effects: [...result.effects, { type: 'saveRule', rule }] } : result;
}
