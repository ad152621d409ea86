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
