// rules.delete's question over the rules screen: "Delete rule NAME? y/n".
// y takes it out of the rules file the way `a` writes it (the CLI's
// deleteRule: lock, fresh read, the one rule's text cut, read back, atomic
// replace) or, made here, out of this console; any other key keeps it.
// Asked before something is changed for good: --read-only refuses it as it
// is asked. A place of its own (places/registry.ts `ruleDelete`).

import type { KeyPress } from '../keys.js';
import { firstKey, withKeys } from '../key-labels.js';
import { runBinding, wordsOf, type Controller } from '../binding.js';
import type { Place } from '../places/place.js';
import { glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { Rule } from '../../protocol/rules.js';
import type { FooterInput } from '../inbox/footer-view.js';
import { modalOf, popModal, type InboxState, type KeyResult, type ModalOf } from '../inbox/state.js';

declare module '../key-table.js' {
  interface ScopeActions {
    /** rules.delete's question: delete this rule? */
    ruleDelete: 'confirm';
  }
}

declare module '../inbox/state.js' {
  interface Questions {
    /** rules.delete: the rule as shown when asked (the file must still hold it as it is), and where it lives. */
    ruleDelete: { rule: Rule; inFile: boolean };
  }
}

type DeletePress = { state: InboxState; ask: ModalOf<'ruleDelete'> };

export const RULE_DELETE_KEYS: Controller<'ruleDelete', DeletePress, KeyResult> = {
  scope: 'ruleDelete',
  keys: { confirm: ['y', 'Y'] },
  refuse: ({ state }) => ({ state, effects: [] }),
  bindings: [
    {
      on: ['confirm'],
      does: 'delete the rule: from the rules file (as {answer.always} writes it), or from this console if made here (other keys: keep it)',
      run: ({ state, ask }) => ({
        state: { ...popModal(state), notice: undefined },
        effects: [{ type: 'deleteRule', rule: ask.rule, inFile: ask.inFile }],
      }),
    },
  ],
};

export function ruleDeleteKey(state: InboxState, press: KeyPress): KeyResult {
  const ask = modalOf(state, 'ruleDelete');
  if (!ask) return { state, effects: [] };
  return (
    runBinding(RULE_DELETE_KEYS, press, { state, ask }) ?? {
      state: { ...popModal(state), notice: 'Kept: no rule deleted.' },
      effects: [],
    }
  );
}

/** The question, its keys first (a narrow footer cuts the rule's name, not the answer keys). */
export function ruleDeleteFooter({ state, width }: FooterInput): Line {
  const ask = modalOf(state, 'ruleDelete');
  if (!ask) return [];
  const where = ask.inFile ? 'from the rules file' : 'from this console';
  const { dot } = glyphs();
  const question = withKeys('ruleDelete', `Remove this rule ${where}? {confirm} removes it`);
  const text = `${question} ${dot} any other key keeps it ${dot} ${displayLine(ask.rule.name, 60)}`;
  return [seg(fit(text, width), { color: 'red', bold: true })];
}

/** What the question's no is written as: any key but its yes says no there, and n is the one people type. */
const NO = 'n';

/** The place's record (places/registry.ts lists it): a question over the rules screen, refused by --read-only as it is asked. */
export const RULE_DELETE_PLACE: Place<'ruleDelete'> = {
  asks: (modal) => modal.kind === 'ruleDelete',
  onlyOver: 'rules',
  id: 'ruleDelete',
  kind: 'question',
  titles: {
    help: () =>
      `Rules, asking to delete one (${firstKey('rules', 'delete')}: delete this rule? ${firstKey('ruleDelete', 'confirm')}/${NO})`,
    spoken: 'At the delete rule question',
    table: 'rules, asking to delete',
  },
  words: () => wordsOf(RULE_DELETE_KEYS),
  keys: () => RULE_DELETE_KEYS.keys,
  key: (state, press) => ruleDeleteKey(state, press),
  footer: (input) => ruleDeleteFooter(input),
  asksBeforeSend: true,
  over: true,
};
