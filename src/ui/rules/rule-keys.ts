// `A`: AUTO on (after y/n) or off (at once: turning the rules down is never
// risky). The answers themselves are the rules' (rule-state.ts); here only
// the question.

import type { KeyPress } from '../keys.js';
import type { Action } from '../key-table.js';
import { withKeys } from '../key-labels.js';
import { pickedRow, runBinding, type Controller } from '../binding.js';
import type { RuleScope } from '../../store/rule-scopes.js';
import { askHowLong, asksHowLong } from './rule-end.js';
import {
  modalOf,
  popModal,
  pushModal,
  type InboxState,
  type KeyContext,
  type KeyResult,
  type ModalOf,
} from '../inbox/state.js';

export function autoKey(state: InboxState, action: Action | undefined, ctx: KeyContext): KeyResult | undefined {
  if (action !== 'auto') return undefined;
  if (!ctx.rules)
    return { state: { ...state, notice: 'No rules loaded: start with --rules F (README "Rules").' }, effects: [] };
  if (ctx.rules.auto)
    return {
      state: { ...state, notice: 'AUTO off: the rules only suggest.' },
      effects: [],
      steps: [{ type: 'auto', on: false }],
    };
  return {
    state: {
      ...pushModal(state, { kind: 'auto' }),
      notice: withKeys('autoPrompt', 'Let the rules answer what they match (AUTO)? {confirm}/n'),
    },
    effects: [],
  };
}

/** At "Let the rules answer what they match (AUTO)? y/n": y turns AUTO on, any other key keeps suggesting. */
export const AUTO_PROMPT_KEYS: Controller<'autoPrompt', InboxState, KeyResult> = {
  scope: 'autoPrompt',
  keys: { confirm: ['y', 'Y'] },
  refuse: (state) => ({ state, effects: [] }),
  bindings: [
    {
      on: ['confirm'],
      does: 'AUTO on: the rules answer what they match, through the outbox, on the record (any other key: keep suggesting)',
      run: (state) => ({
        state: { ...state, notice: 'AUTO: the rules answer what they match.' },
        effects: [],
        steps: [{ type: 'auto', on: true }],
      }),
    },
  ],
};

export function autoPromptKey(state: InboxState, key: KeyPress): KeyResult {
  const next = { ...popModal(state), notice: undefined };
  return runBinding(AUTO_PROMPT_KEYS, key, next) ?? { state: next, effects: [] };
}

/** `a` on an option: "Always answer like this?", starting on the narrowest scope that can be made. */
export function openAlways(state: InboxState, ctx: KeyContext, key: string, option: string): KeyResult {
  const record = ctx.open;
  const scopes = record ? (ctx.scopes?.(record, option) ?? []) : [];
  const index = scopes.findIndex((scope) => scope.rule !== undefined);
  if (index < 0) return { state: { ...state, hint: 'No rule can be made from this request.' }, effects: [] };
  return { state: { ...pushModal(state, { kind: 'always', key, option, index }), hint: undefined }, effects: [] };
}

/** A press at "Always answer like this?": the scopes offered for the request and option it was asked on. */
interface AlwaysPress {
  state: InboxState;
  press: KeyPress;
  asked: ModalOf<'always'>;
  record: KeyContext['open'];
  scopes: RuleScope[];
  now: number;
}

const at = ({ state, asked, scopes }: AlwaysPress, index: number): KeyResult => ({
  state: popModal(state, { ...asked, index: Math.max(0, Math.min(scopes.length - 1, index)) }),
  effects: [],
});
const unasked = ({ state }: AlwaysPress): KeyResult => ({ state: popModal(state), effects: [] });

/** The question's keys: a scope by ↑/↓ or its digit; y saves the rule and sends the option; n/Esc (any other key) back. */
export const ALWAYS_KEYS: Controller<'always', AlwaysPress, KeyResult> = {
  scope: 'always',
  keys: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: ['1', '2', '3', '4'],
    confirm: ['y', 'Y'],
    back: ['n', 'N', 'escape'],
  },
  refuse: ({ state }, why) => ({ state: { ...state, hint: why }, effects: [] }),
  bindings: [
    {
      on: ['up', 'down', 'pickOption'],
      does: 'pick the scope; each row says how many open requests it matches now',
      hint: '{up}/{down} {pickOption} scope',
      run: (c, action) => at(c, pickedRow('always', action, c.asked.index, c.press)),
    },
    {
      on: ['confirm'],
      does:
        'save the rule and send the option (run and session rules: in memory, ending with it; ' +
        'the others ask how long first)',
      hint: '{confirm} save and send',
      disabled: ({ record, scopes, asked }) => {
        const scope = scopes[asked.index];
        if (record && scope?.rule) return undefined;
        return scope?.why ? `Not for this request: ${scope.why}.` : 'Pick a scope first.';
      },
      run: ({ state, record, scopes, asked, now }) => {
        const scope = scopes[asked.index]!;
        // The scopes the file keeps ask how long first (rule-end.ts); y there saves and sends.
        if (asksHowLong(scope)) return askHowLong(state, asked, scope, record!, now);
        return {
          state: { ...popModal(state), hint: undefined },
          steps: [{ type: 'always', key: record!.key, rule: scope.rule!, save: false }],
          effects: [{ type: 'send', key: record!.key, answer: { option: asked.option } }],
        };
      },
    },
    { on: ['back'], does: 'back to the request: nothing saved or sent', hint: '{back} back', run: unasked },
  ],
};

export function alwaysKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const asked = modalOf(state, 'always')!;
  const record = ctx.open;
  const scopes = record && record.key === asked.key ? (ctx.scopes?.(record, asked.option) ?? []) : [];
  const c: AlwaysPress = { state, press: key, asked, record, scopes, now: ctx.now };
  return runBinding(ALWAYS_KEYS, key, c) ?? unasked(c);
}
