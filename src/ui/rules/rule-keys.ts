// `A`: AUTO on (after y/n) or off (at once: turning the rules down is never
// risky). The answers themselves are the rules' (rule-state.ts); here only
// the question.

import type { KeyPress } from '../keys.js';
import { actionFor, type Action } from '../key-table.js';
import type { Effect, InboxState, KeyContext } from '../inbox/state.js';

type KeyResult = { state: InboxState; effects: Effect[] };

export function autoKey(state: InboxState, action: Action | undefined, ctx: KeyContext): KeyResult | undefined {
  if (action !== 'auto') return undefined;
  if (!ctx.rules) return { state: { ...state, notice: 'No rules loaded: start with --rules F (README "Rules").' }, effects: [] };
  if (ctx.rules.auto) return { state: { ...state, notice: 'AUTO off: the rules only suggest.' }, effects: [{ type: 'auto', on: false }] };
  return { state: { ...state, autoPrompt: true, notice: 'Let the rules answer what they match (AUTO)? y/n' }, effects: [] };
}

export function autoPromptKey(state: InboxState, key: KeyPress): KeyResult {
  const next = { ...state, autoPrompt: false, notice: undefined };
  if (actionFor('autoPrompt', key) === 'confirm') return { state: { ...next, notice: 'AUTO: the rules answer what they match.' }, effects: [{ type: 'auto', on: true }] };
  return { state: next, effects: [] };
}

/** `a` on an option: "Always answer like this?", starting on the narrowest scope that can be made. */
export function openAlways(state: InboxState, ctx: KeyContext, key: string, option: string): KeyResult {
  const record = ctx.open;
  const scopes = record ? (ctx.scopes?.(record, option) ?? []) : [];
  const index = scopes.findIndex((scope) => scope.rule !== undefined);
  if (index < 0) return { state: { ...state, hint: 'No rule can be made from this request.' }, effects: [] };
  return { state: { ...state, always: { key, option, index }, hint: undefined }, effects: [] };
}

/** The question's keys: a scope by ↑/↓ or its digit; y saves the rule and sends the option; n/Esc back. */
export function alwaysKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const asked = state.always!;
  const record = ctx.open;
  const scopes = record && record.key === asked.key ? (ctx.scopes?.(record, asked.option) ?? []) : [];
  const action = actionFor('always', key);
  const at = (index: number) => ({ state: { ...state, always: { ...asked, index: Math.max(0, Math.min(scopes.length - 1, index)) } }, effects: [] });
  switch (action) {
    case 'up':
      return at(asked.index - 1);
    case 'down':
      return at(asked.index + 1);
    case 'pickOption':
      return at(Number(key.text) - 1);
    case 'confirm': {
      const scope = scopes[asked.index];
      if (!record || !scope?.rule) return { state: { ...state, hint: scope?.why ? `Not for this request: ${scope.why}.` : 'Pick a scope first.' }, effects: [] };
      const save = scope.kind === 'agent-tool' || scope.kind === 'agent-tool-prefix';
      return {
        state: { ...state, always: undefined, hint: undefined },
        effects: [{ type: 'always', key: record.key, rule: scope.rule, save }, { type: 'send', key: record.key, answer: { option: asked.option } }],
      };
    }
    case 'back':
    default:
      return { state: { ...state, always: undefined }, effects: [] };
  }
}
