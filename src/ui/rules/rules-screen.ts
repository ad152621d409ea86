// The rules screen (list.rules): every rule in force, in the order they are
// tried, each with what it matches (its scope), what it decides, its end,
// how many requests it answered and when it was last used (counted from the
// decision history this console keeps, read when the screen opens, as H
// reads it), and where it lives (the rules file, or this console only).
// rules.delete removes the selected one after y/n (rule-delete.ts). A main
// place of its own (places/registry.ts `rules`): its actions, state, keys,
// lines, footer and sentences are here.

import type { KeyPress } from '../keys.js';
import { halfPage } from '../key-table.js';
import { firstKey, withKeys } from '../key-labels.js';
import { runBinding, wordsOf, type Controller } from '../binding.js';
import type { Place } from '../places/place.js';
import { hintsFor } from '../key-rows.js';
import { glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { Rule } from '../../protocol/rules.js';
import { ruleEndText } from '../../store/rule-ends.js';
import { ruleUsage, type RuleUsage } from '../../store/rule-usage.js';
import type { HistoryRead } from '../history/history-state.js';
import type { RulesScreen } from './rules-screen-state.js';
import type { RulesModel } from './rule-model.js';
import type { FooterInput } from '../inbox/footer-view.js';
import { quit } from '../inbox/quit.js';
import { pushModal, type InboxState, type KeyContext, type KeyResult } from '../inbox/state.js';

declare module '../key-table.js' {
  interface ScopeActions {
    /** The rules screen (list.rules). */
    rules:
      'up' | 'down' | 'first' | 'last' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown' | 'delete' | 'back' | 'quit';
  }
}

type Listed = NonNullable<KeyContext['ruleList']>[number];

/** Every rule in force, in order, and whether the rules file holds it (else it was made here with `a`). */
export function listedRules(rules: RulesModel | undefined): Listed[] {
  return (rules?.rules ?? []).map((rule) => ({ rule, inFile: rules!.fromFile.has(rule.name) }));
}

/** `list.rules`: the screen opens, and the history is read for its counts (the read comes back as H's does). */
export function openRulesScreen(state: InboxState): KeyResult {
  return {
    state: { ...state, mode: 'rules', rulesScreen: { selected: 0 }, notice: undefined },
    effects: [{ type: 'readHistory' }],
  };
}

/** The history read came back: kept while the screen is open. */
export function withRulesRead(state: InboxState, read: HistoryRead): InboxState {
  if (state.mode !== 'rules' || !state.rulesScreen) return state;
  return { ...state, rulesScreen: { ...state.rulesScreen, read } };
}

interface RulesPress {
  state: InboxState;
  screen: RulesScreen;
  rules: readonly Listed[];
  ctx: KeyContext;
}

const move = ({ state, screen, rules }: RulesPress, to: number): KeyResult => ({
  state: { ...state, rulesScreen: { ...screen, selected: Math.max(0, Math.min(rules.length - 1, to)) } },
  effects: [],
});

export const RULES_KEYS: Controller<'rules', RulesPress, KeyResult> = {
  scope: 'rules',
  keys: {
    up: ['k', 'up'],
    down: ['j', 'down'],
    first: ['g', 'home'],
    last: ['G', 'end'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    delete: ['d', 'deleteForward'],
    back: ['escape', 'R'],
    quit: ['q', 'ctrlC'],
  },
  refuse: ({ state }, why) => ({ state: { ...state, notice: why }, effects: [] }),
  bindings: [
    {
      on: ['up', 'down'],
      does: 'move the selection',
      hint: '{down}/{up} move',
      run: (c, action) => move(c, c.screen.selected + (action === 'up' ? -1 : 1)),
    },
    { on: ['first', 'last'], does: 'first / last rule', run: (c, a) => move(c, a === 'first' ? 0 : c.rules.length) },
    {
      on: ['pageUp', 'pageDown'],
      does: 'move a page',
      run: (c, action) => move(c, c.screen.selected + (action === 'pageUp' ? -1 : 1) * c.ctx.pageSize),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'move half a page',
      run: (c, action) => move(c, c.screen.selected + (action === 'halfUp' ? -1 : 1) * halfPage(c.ctx.pageSize)),
    },
    {
      on: ['delete'],
      does: 'delete the selected rule, after {ruleDelete.confirm}/n: out of the rules file as {answer.always} writes it (or this console)',
      hint: '{delete} delete',
      disabled: ({ rules, screen }) => (rules[screen.selected] ? undefined : 'No rule to delete.'),
      run: ({ state, rules, screen }) => {
        const { rule, inFile } = rules[screen.selected]!;
        return { state: { ...pushModal(state, { kind: 'ruleDelete', rule, inFile }), notice: undefined }, effects: [] };
      },
    },
    {
      on: ['back'],
      does: 'back to the list',
      hint: '{back} back',
      run: ({ state }) => ({ state: { ...state, mode: 'browse', rulesScreen: undefined }, effects: [] }),
    },
    { on: ['quit'], does: 'quit (asks first when something would be lost)', run: ({ state, ctx }) => quit(state, ctx) },
  ],
};

export function rulesScreenKey(state: InboxState, press: KeyPress, ctx: KeyContext): KeyResult {
  if (state.notice) state = { ...state, notice: undefined };
  const rules = ctx.ruleList ?? [];
  const held = state.rulesScreen ?? { selected: 0 };
  // The rules change under the screen (a file edit, a delete): the selection stays within them.
  const screen = { ...held, selected: Math.max(0, Math.min(rules.length - 1, held.selected)) };
  return runBinding(RULES_KEYS, press, { state, screen, rules, ctx }) ?? { state, effects: [] };
}

/** What a rule matches, in words: `agent codex · tool Bash · command "npm test"`; a run's rule says so. */
export function scopeText(rule: Rule): string {
  const parts = Object.entries(rule.match).map(([key, value]) =>
    key === 'command_prefix' || key === 'path'
      ? `${key === 'path' ? 'path' : 'command'} ${JSON.stringify(displayLine(value ?? '', 60))}`
      : `${key} ${displayLine(value ?? '', 60)}`,
  );
  if (rule.run !== undefined) parts.push('this run');
  return parts.length ? parts.join(` ${glyphs().dot} `) : 'every request';
}

/** What a rule decides: `allow` (an option's id), `deny`, `ask`. */
export function decidesText(rule: Rule): string {
  if (rule.decide === 'deny') return 'deny';
  if (rule.decide === 'ask') return 'ask';
  return `answer ${displayLine(rule.decide.option, 40)}`;
}

/** How much a rule did, from the history: `answered 3 · last used 2026-12-08T01:00:00Z`. */
function usageText(usage: RuleUsage | undefined, read: HistoryRead | undefined): string {
  if (!read) return 'reading the history…';
  if (read.file === undefined) return 'no history kept (--no-history): not counted';
  if (!usage) return '';
  const tried = usage.tried > usage.answered ? ` (${usage.tried} tried)` : '';
  const last = usage.lastUsed !== undefined ? `last used ${displayLine(usage.lastUsed, 40)}` : 'never used';
  return `answered ${usage.answered}${tried} ${glyphs().dot} ${last}`;
}

/** One rule as the screen and the screen reader say it: its head (name, decides, end), what it matches and where it lives, its use. */
export function ruleRows(
  rules: readonly Listed[],
  read: HistoryRead | undefined,
  now: number,
): { head: string; scope: string; use: string }[] {
  const usage = read
    ? ruleUsage(
        rules.map((listed) => listed.rule),
        read.decisions,
      )
    : [];
  const { dot } = glyphs();
  return rules.map(({ rule, inFile }, i) => ({
    head: `${displayLine(rule.name, 60)} ${dot} ${decidesText(rule)} ${dot} ${ruleEndText(rule, now, !inFile)}`,
    scope: `${scopeText(rule)} ${dot} ${inFile ? 'rules file' : 'this console only'}`,
    use: usageText(usage[i], read),
  }));
}

/** Rows a rule takes on the screen. */
const ROWS_PER_RULE = 3;

/** The screen's rows: a title, then three rows a rule (the selected one marked), scrolled to keep it shown. */
export function buildRulesLines(
  rules: readonly Listed[],
  screen: RulesScreen,
  now: number,
  width: number,
  height: number,
): Line[] {
  const { pointer } = glyphs();
  const title: Line = [seg(fit(`Rules (${rules.length}), in the order they are tried`, width), { bold: true })];
  if (!rules.length)
    return [
      title,
      [],
      [seg(fit('No rules yet.', width))],
      [seg(fit(withKeys('answer', 'Make one from a request: open it, highlight an option, press {always}.'), width))],
      [seg(fit('Or write them in a rules file and start with --rules F (docs/rules.md).', width), { dim: true })],
    ];
  const rows = ruleRows(rules, screen.read, now);
  const selected = Math.max(0, Math.min(rules.length - 1, screen.selected));
  const shown = Math.max(1, Math.floor((height - 2) / ROWS_PER_RULE));
  const start = Math.max(0, Math.min(selected - shown + 1, rules.length - shown, selected));
  const lines: Line[] = [title, []];
  rows.slice(start, start + shown).forEach(({ head, scope, use }, i) => {
    const picked = start + i === selected;
    lines.push([seg(fit(`${picked ? pointer : ' '} ${head}`, width), picked ? { inverse: true, bold: true } : {})]);
    lines.push([seg(fit(`    ${scope}`, width), { dim: !picked })]);
    lines.push([seg(fit(`    ${use}`, width), { dim: !picked })]);
  });
  return lines;
}

/** The screen as sentences: how many rules, then each, the selected one said to be. */
export function rulesSentences(rules: readonly Listed[], screen: RulesScreen, now: number): string[] {
  if (!rules.length)
    return [
      'No rules yet.',
      withKeys('answer', 'Make one from a request: open it, highlight an option, press {always}.', true),
    ];
  const selected = Math.max(0, Math.min(rules.length - 1, screen.selected));
  return [
    `${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}, in the order they are tried.`,
    ...ruleRows(rules, screen.read, now).map(
      ({ head, scope, use }, i) => `${i === selected ? 'Selected: ' : ''}Rule ${i + 1}: ${head}. ${scope}. ${use}.`,
    ),
  ];
}

export const rulesFooter = ({ hints }: FooterInput): Line => hints(hintsFor('rules'));

/** The place's record (places/registry.ts lists it): a main place, the mode `rules`. */
export const RULES_PLACE: Place<'rules'> = {
  id: 'rules',
  kind: 'main',
  titles: {
    help: () => `Rules (${firstKey('browse', 'rules')}: every rule, what it decides, its end and its use)`,
    spoken: 'In the rules screen',
    table: 'rules',
  },
  words: () => wordsOf(RULES_KEYS),
  keys: () => RULES_KEYS.keys,
  key: (state, press, ctx) => rulesScreenKey(state, press, ctx),
  footer: (input) => rulesFooter(input),
};
