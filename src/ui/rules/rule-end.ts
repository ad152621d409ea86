// `a`'s second row, "How long?": asked over the scope question after `y`
// on scope 3 or 4 (this agent and tool, and command prefix). 1 until this
// session ends, 2 one hour, 3 until local midnight, 4 no end
// (store/rule-ends.ts makes the rule: an end in the file as `until`, or the
// session's rule kept in this console only); digits or ↑/↓ pick, y saves
// the rule and sends the option, n/Esc back to the scopes. A place of its
// own (places/registry.ts `ruleEnd`): its actions, its question's data, its
// keys, its lines and its footer are here.

import type { KeyPress } from '../keys.js';
import { firstKey, withKeys } from '../key-labels.js';
import { pickedRow, runBinding, wordsOf, type Controller } from '../binding.js';
import type { Place } from '../places/place.js';
import { hintsFor } from '../key-rows.js';
import { glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { displayLine } from '../../protocol/sanitize.js';
import { formatUntil } from '../../protocol/rule-until.js';
import { RULE_ENDS, withRuleEnd, type EndedRule } from '../../store/rule-ends.js';
import type { RuleScope } from '../../store/rule-scopes.js';
import type { RequestRecord } from '../../store/types.js';
import type { FooterInput } from '../inbox/footer-view.js';
import {
  modalOf,
  popModal,
  pushModal,
  type InboxState,
  type KeyContext,
  type KeyResult,
  type ModalOf,
} from '../inbox/state.js';

declare module '../key-table.js' {
  interface ScopeActions {
    /** `a`'s second row: how long the rule lasts. */
    ruleEnd: 'up' | 'down' | 'pickOption' | 'confirm' | 'back';
  }
}

declare module '../inbox/state.js' {
  interface Questions {
    /** `a`'s second row over its scope question: the scope picked there (its index), and the end picked here (RULE_ENDS). */
    ruleEnd: { key: string; option: string; scope: number; index: number };
  }
}

/** Whether a scope's rule asks how long (the scopes saved to the file: 3 and 4). */
export function asksHowLong(scope: RuleScope): boolean {
  return scope.kind === 'agent-tool' || scope.kind === 'agent-tool-prefix';
}

/** y at the scope question on scope 3 or 4: the second row, on the first end that can be made for this request. */
export function askHowLong(
  state: InboxState,
  asked: ModalOf<'always'>,
  scope: RuleScope,
  record: RequestRecord,
  now: number,
): KeyResult {
  const index = RULE_ENDS.findIndex(({ end }) => withRuleEnd(scope.rule!, end, record, now).ok);
  return {
    state: {
      ...pushModal(state, { kind: 'ruleEnd', key: asked.key, option: asked.option, scope: asked.index, index }),
      hint: undefined,
    },
    effects: [],
  };
}

/** A press at "How long?": the scope's rule as it stands now, and each end made from it. */
interface EndPress {
  state: InboxState;
  press: KeyPress;
  asked: ModalOf<'ruleEnd'>;
  record: KeyContext['open'];
  scope: RuleScope | undefined;
  ends: EndedRule[];
}

const at = ({ state, asked }: EndPress, index: number): KeyResult => ({
  state: popModal(state, { ...asked, index: Math.max(0, Math.min(RULE_ENDS.length - 1, index)) }),
  effects: [],
});

export const RULE_END_KEYS: Controller<'ruleEnd', EndPress, KeyResult> = {
  scope: 'ruleEnd',
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
      does: 'pick how long the rule lasts: until this session ends (this console only), one hour, until local midnight, or no end',
      hint: '{up}/{down} {pickOption} how long',
      run: (c, action) => at(c, pickedRow('ruleEnd', action, c.asked.index, c.press)),
    },
    {
      on: ['confirm'],
      does: 'save the rule with its end (to the session: in memory; the others: to the rules file) and send this answer',
      hint: '{confirm} save and send',
      disabled: ({ record, scope, ends, asked }) => {
        if (!record || !scope?.rule) return scope?.why ? `Not for this request: ${scope.why}.` : 'Pick a scope first.';
        const ended = ends[asked.index];
        return ended && !ended.ok ? `Not for this request: ${ended.why}.` : undefined;
      },
      run: ({ state, record, ends, asked }) => {
        const ended = ends[asked.index] as Extract<EndedRule, { ok: true }>;
        // Both questions answered: back to the request, which the send leaves.
        return {
          state: { ...popModal(popModal(state)), hint: undefined },
          steps: [{ type: 'always', key: record!.key, rule: ended.rule, save: ended.keep === 'file' }],
          effects: [{ type: 'send', key: record!.key, answer: { option: asked.option } }],
        };
      },
    },
    {
      on: ['back'],
      does: 'back to the scopes: nothing saved or sent',
      hint: '{back} back',
      run: ({ state }) => ({ state: popModal(state), effects: [] }),
    },
  ],
};

/** The rule each end would make now, for the request and scope asked (none when the request is gone). */
function endsFor(scope: RuleScope | undefined, record: RequestRecord | undefined, now: number): EndedRule[] {
  if (!scope?.rule || !record) return [];
  return RULE_ENDS.map(({ end }) => withRuleEnd(scope.rule!, end, record, now));
}

/** The scope the second row was asked for, as the scopes stand now (undefined: its request is no longer open). */
function scopeAsked(asked: ModalOf<'ruleEnd'>, ctx: Pick<KeyContext, 'open' | 'scopes'>): RuleScope | undefined {
  const record = ctx.open;
  if (!record || record.key !== asked.key) return undefined;
  return ctx.scopes?.(record, asked.option)[asked.scope];
}

export function ruleEndKey(state: InboxState, press: KeyPress, ctx: KeyContext): KeyResult {
  const asked = modalOf(state, 'ruleEnd')!;
  const scope = scopeAsked(asked, ctx);
  const record = scope ? ctx.open : undefined;
  const c: EndPress = { state, press, asked, record, scope, ends: endsFor(scope, record, ctx.now) };
  // Any other key goes back to the scopes, as `a`'s question goes back to the request.
  return runBinding(RULE_END_KEYS, press, c) ?? { state: popModal(state), effects: [] };
}

/** The end's words on its row, what matters first (a narrow detail cuts the rest): its time, or where it is kept, or why not. */
function endNote(ended: EndedRule | undefined): string {
  if (!ended) return '';
  if (!ended.ok) return `not for this request: ${ended.why}`;
  if (ended.keep === 'memory') return 'this console only';
  return ended.rule.until !== undefined ? `until ${formatUntil(ended.rule.until)}` : 'rules file, no until';
}

/** The second row as the detail shows it: the question, the four ends (the one picked highlighted), where they are kept. */
export function buildRuleEndLines(
  asked: ModalOf<'ruleEnd'>,
  scope: RuleScope | undefined,
  record: RequestRecord | undefined,
  now: number,
  width: number,
): Line[] {
  const { dot, pointer } = glyphs();
  const ends = endsFor(scope, record, now);
  const lines: Line[] = [
    [seg(fit(`How long? The rule ${displayLine(scope?.label ?? '', 60)}`, width), { bold: true })],
    [],
  ];
  RULE_ENDS.forEach(({ label }, i) => {
    const picked = i === asked.index;
    const ended = ends[i];
    const text = `${picked ? pointer : ' '} ${i + 1} ${label} ${dot} ${endNote(ended)}`;
    lines.push([seg(fit(text, width), ended?.ok ? (picked ? { inverse: true, bold: true } : {}) : { dim: true })]);
  });
  const keys = withKeys('ruleEnd', `{confirm} saves the rule and sends this answer ${dot} {back/} back to the scopes`);
  lines.push(
    [],
    [seg(fit('2-4 are added to the rules file; 1 stays in this console.', width), { dim: true })],
    [seg(fit(keys, width), { dim: true })],
  );
  return lines;
}

/** The second row's footer: its own keys (the scope question's do not act under it). */
export const ruleEndFooter = ({ hints }: FooterInput): Line => hints(hintsFor('ruleEnd'));

/** The second row over the open request, if it is asked now (the detail and the screen reader draw it). */
export function ruleEndAsked(state: InboxState, key: string): ModalOf<'ruleEnd'> | undefined {
  const asked = modalOf(state, 'ruleEnd');
  return asked?.key === key ? asked : undefined;
}

export { scopeAsked as ruleEndScope };

/**
 * The place's record (places/registry.ts lists it): a question over the
 * open request, asked before a send (--read-only refuses it), drawn over
 * the request's place.
 */
export const RULE_END_PLACE: Place<'ruleEnd'> = {
  asks: (modal) => modal.kind === 'ruleEnd',
  onlyOver: 'answer',
  id: 'ruleEnd',
  kind: 'question',
  titles: {
    help: () => `How long? (${firstKey('always', 'confirm')} on scope 3 or 4 of the always question)`,
    spoken: 'At the how long question of a new rule',
    table: 'always answer, how long',
  },
  words: () => wordsOf(RULE_END_KEYS),
  keys: () => RULE_END_KEYS.keys,
  key: (state, press, ctx) => ruleEndKey(state, press, ctx),
  footer: (input) => ruleEndFooter(input),
  asksBeforeSend: true,
  over: true,
};
