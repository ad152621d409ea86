import { bindingsNow, type ActionOf, type KeySpec, type Scope } from './key-table.js';
import { glyphs, type Glyphs } from './glyphs.js';
import { firstKey, labelOf, labelsOf, withKeys } from './key-labels.js';

export { firstKey } from './key-labels.js';
import { DIGIT_OPTIONS, digitsType, type ChoiceRows } from './inbox/digits.js';
import { wordsOf } from './binding.js';
import { BATCH_CONFIRM_KEYS, BATCH_KEYS } from './inbox/batch-keys.js';
import { BROWSE_KEYS } from './inbox/browse-keys.js';
import { EDIT_KEYS } from './text/editor.js';
import { ANSWER_KEYS, FORM_KEYS, LOCKED_KEYS } from './inbox/answer-keys.js';
import { FILTER_KEYS, HELP_KEYS } from './inbox/help-keys.js';
import { CONTROL_KEYS, REASON_KEYS } from './inbox/control-keys.js';
import { QUIT_PROMPT_KEYS } from './inbox/quit.js';
import { HIDE_PROMPT_KEYS } from './inbox/id-keys.js';
import { ALWAYS_KEYS, AUTO_PROMPT_KEYS } from './rules/rule-keys.js';
import { TIMELINE_KEYS } from './inbox/timeline-keys.js';
import { DECISION_KEYS, HISTORY_KEYS } from './history/history-keys.js';

// The key table written out: every row of the `?` help, the footer's hints,
// the screen reader's list of keys and docs/keys.md, each rendered from the
// binding objects of every scope (binding.ts: the words sit beside the
// handler that does them) and the keys in force (key-table.ts), so none of
// them can drift from what the keys really do.

/** The keys of `actions` in `scope`, column by column: up [↑ k] and down [↓ j] read `↑/↓  k/j`. */
export function keysText<S extends Scope>(scope: S, actions: readonly ActionOf<S>[]): string {
  const labels = actions.map((action) => labelsOf(bindingsNow()[scope][action]));
  const columns: string[] = [];
  for (let i = 0; i < Math.max(...labels.map((l) => l.length)); i++) {
    columns.push(labels.flatMap((l) => (l[i] === undefined ? [] : [l[i]])).join('/'));
  }
  return columns.join('  ');
}

type RowSpec = {
  [S in Scope]: {
    scope: S;
    /** The actions the row documents (its keys are rendered from the bindings), or `keys` for behaviour with no action of its own (typing). */
    actions?: readonly ActionOf<S>[];
    keys?: string;
    does: string;
    /** The footer's few words: `{action}` is replaced with that action's first key. */
    hint?: string;
  };
}[Scope];

export interface KeyRow {
  scope: Scope;
  /** The keys as help, footer and README write them. */
  keys: string;
  does: string;
  hint?: string;
}

export const SCOPE_TITLES: Record<Scope, string> = {
  browse: 'list',
  answer: 'open',
  batch: 'batch',
  batchConfirm: 'batch, asking',
  form: 'form',
  locked: 'open, answered',
  filter: 'filter',
  help: 'help',
  control: 'cancel / pause',
  reason: 'cancel reason',
  quitPrompt: 'quit, asking',
  hidePrompt: 'hide, asking',
  autoPrompt: 'AUTO, asking',
  always: 'always answer, asking',
  timeline: 'timeline',
  history: 'history',
  decision: 'one decision',
  edit: 'any text row',
  anywhere: 'anywhere',
};

const ROWS: RowSpec[] = [
  // Browse: the list has the focus (browse-keys.ts).
  ...wordsOf(BROWSE_KEYS),
  // Answer: a request is open and takes an option or a reply (answer-keys.ts).
  ...wordsOf(ANSWER_KEYS),
  // Batch: several marked requests answered at once (batch-keys.ts).
  ...wordsOf(BATCH_KEYS),
  ...wordsOf(BATCH_CONFIRM_KEYS),
  // Form: the open request is a form; locked: it cannot take an answer now (answer-keys.ts).
  ...wordsOf(FORM_KEYS),
  ...wordsOf(LOCKED_KEYS),
  // Filter: the footer is a line editor (help-keys.ts).
  ...wordsOf(FILTER_KEYS),
  // Control: the y/n question of x, X and p, and a cancel's reason (control-keys.ts).
  ...wordsOf(CONTROL_KEYS),
  ...wordsOf(REASON_KEYS),
  // The questions: quit (quit.ts), hide (id-keys.ts), always answer and AUTO (rule-keys.ts).
  ...wordsOf(QUIT_PROMPT_KEYS),
  ...wordsOf(HIDE_PROMPT_KEYS),
  ...wordsOf(ALWAYS_KEYS),
  ...wordsOf(AUTO_PROMPT_KEYS),
  // Timeline: a session's recent Events (timeline-keys.ts).
  ...wordsOf(TIMELINE_KEYS),
  // History: the decisions kept on disk, newest first (history-keys.ts).
  ...wordsOf(HISTORY_KEYS),
  ...wordsOf(DECISION_KEYS),
  // Help: the overlay scrolls where the terminal is too short for it (help-keys.ts).
  ...wordsOf(HELP_KEYS),
  // The line editor of every text row (text/editor.ts).
  ...wordsOf(EDIT_KEYS),
  // Whatever the console shows, also while a text row is being typed in: app.tsx redraws, update.ts drops.
  {
    scope: 'anywhere',
    actions: ['redraw'],
    does: 'redraw the whole screen (whatever else wrote to the terminal is gone)',
  },
  {
    scope: 'anywhere',
    keys: 'keys after a send',
    does: 'keys that arrive in the same read as the key that sent (Enter, or y at a question) are dropped, and the footer counts them',
  },
];

/** Every scope's words in help order, the actions each row owns (a test checks each action is owned once). */
export function bindingWords(): readonly RowSpec[] {
  return ROWS;
}

function hintOf(row: RowSpec): string | undefined {
  const scope = row.scope;
  return row.hint === undefined ? undefined : withKeys(scope, row.hint).replace(/\u2026/g, glyphs().ellipsis);
}

/**
 * What is rendered of the rows for one binding table and glyph set (rebind
 * makes a new table: then they are rendered again), each part when first
 * asked: the footer asks a scope's hints every frame, help every row.
 */
let rendered:
  | {
      bindings: ReturnType<typeof bindingsNow>;
      glyphs: Glyphs;
      rows?: KeyRow[];
      hints: (string | undefined)[];
      scopeHints: Map<Scope, string>;
    }
  | undefined;

function renderedNow(): NonNullable<typeof rendered> {
  const bindings = bindingsNow();
  if (rendered?.bindings !== bindings || rendered.glyphs !== glyphs())
    rendered = { bindings, glyphs: glyphs(), hints: [], scopeHints: new Map() };
  return rendered;
}

/** Row `i`'s footer hint as bound now (undefined: it has none). */
function hintAt(i: number): string | undefined {
  const now = renderedNow();
  if (!(i in now.hints)) now.hints[i] = hintOf(ROWS[i]);
  return now.hints[i];
}

function rowOf(row: RowSpec, i: number): KeyRow {
  const scope = row.scope;
  const keys = row.actions ? keysText(scope, row.actions as readonly ActionOf<typeof scope>[]) : (row.keys ?? '');
  const hint = hintAt(i);
  return {
    scope,
    keys,
    does: withKeys(scope, row.does).replace(/\u2026/g, glyphs().ellipsis),
    ...(hint ? { hint } : {}),
  };
}

/** Every row of help and README, its keys as bound now. */
export function keyRows(): KeyRow[] {
  const now = renderedNow();
  return (now.rows ??= ROWS.map(rowOf));
}

/** The footer's hints for a scope, in table order. */
export function hintsFor(scope: Scope): string {
  const now = renderedNow();
  let hints = now.scopeHints.get(scope);
  if (hints === undefined) {
    hints = ROWS.flatMap((row, i) => (row.scope === scope && row.hint ? [hintAt(i)!] : [])).join(` ${glyphs().dot} `);
    now.scopeHints.set(scope, hints);
  }
  return hints;
}

/** The footer's hints for a scope but for the rows of `left` (actions that do nothing now), in table order. */
export function hintsWithout(scope: Scope, left: readonly string[]): string {
  if (!left.length) return hintsFor(scope);
  return ROWS.flatMap((row, i) =>
    row.scope === scope && row.hint && !row.actions?.some((action) => left.includes(action)) ? [hintAt(i)!] : [],
  ).join(` ${glyphs().dot} `);
}

/** The README's Keys table, rendered from the bindings. */
export function keyTableMarkdown(): string {
  const rows = keyRows().map(
    (row) => `| ${SCOPE_TITLES[row.scope]} | \`${row.keys.replace(/\|/g, '\\|')}\` | ${row.does} |`,
  );
  return ['| where | keys | action |', '|---|---|---|', ...rows].join('\n');
}

/** The keys bound to pickOption that name options 1 to `count` (`1-3`, `1/2`, `1`), or '' for none. */
export function digitRange(scope: 'browse' | 'answer' | 'batch' | 'form', count: number): string {
  const specs = bindingsNow()[scope].pickOption.slice(0, Math.max(0, Math.min(count, DIGIT_OPTIONS)));
  const run =
    specs.length > 1 &&
    specs.every((spec, i) => /^\d$/.test(spec) && (i === 0 || Number(spec) === Number(specs[i - 1]) + 1));
  return run ? `${specs[0]}-${specs[specs.length - 1]}` : specs.map(labelOf).join('/');
}

/** What the answer's and the batch's footer says of the moves and digits (digits.ts decides what a digit does). */
function digitHints(scope: 'answer' | 'batch', rows: ChoiceRows): string[] {
  const tab = firstKey(scope, 'typeText');
  const moves = `${firstKey(scope, 'up')}/${firstKey(scope, 'down')}`;
  if (digitsType(rows))
    return rows.literal
      ? [`every key is text (${tab})`]
      : [...(rows.options ? [`${moves} choose`] : []), 'digits are text'];
  if (rows.options === 0)
    return rows.batch ? ['no shared option: digits refused', `${tab} types digits`] : ['digits are text'];
  return [`${moves} ${digitRange(scope, rows.options)} choose`, `${tab} types digits`];
}

const CHOICE_ACTIONS: ReadonlySet<string> = new Set(['up', 'down', 'pickOption', 'typeText']);

/**
 * The footer's hints in an open request or the batch: what the moves and a
 * digit do now (the range of options numbered on screen, or that digits are
 * text), then the scope's other hints in table order.
 */
export function choiceHints(scope: 'answer' | 'batch', rows: ChoiceRows): string {
  const bound = bindingsNow()[scope] as Record<string, readonly KeySpec[]>;
  // On the Reply row a printable key is text: a hint for a or ? would say what the key does not do there.
  const typed = (actions: readonly string[]) =>
    rows.onReply && actions.every((action) => (bound[action]?.[0]?.length ?? 0) === 1);
  const rest = ROWS.flatMap((row, i) =>
    row.scope === scope &&
    row.hint &&
    row.actions &&
    !row.actions.some((action) => CHOICE_ACTIONS.has(action)) &&
    !typed(row.actions)
      ? [hintAt(i)!]
      : [],
  );
  return [...digitHints(scope, rows), ...rest].join(` ${glyphs().dot} `);
}

/**
 * A form's hints; on a select field whose choices the digits pick (digits.ts
 * fieldChoices), the moves say their range too: `↑/↓ 1-3 choice`. The key
 * that takes a default is named only on a field that has one.
 */
export function formHints(choices: number, fieldDefault = false): string {
  const range = digitRange('form', choices);
  return ROWS.flatMap((row, i) => {
    if (row.scope !== 'form' || !row.hint) return [];
    if (!fieldDefault && row.actions?.includes('takeDefault')) return [];
    if (!range) return [hintAt(i)!];
    const hint = hintAt(i)!;
    return [
      row.actions?.includes('up') ? `${firstKey('form', 'up')}/${firstKey('form', 'down')} ${range} choice` : hint,
    ];
  }).join(` ${glyphs().dot} `);
}

/** The list's hints, the digits' range that of the selected request's options (none: no digit hint); undefined: the bound keys. */
export function browseHints(options: number | undefined): string {
  if (options === undefined) return hintsFor('browse');
  const range = digitRange('browse', options);
  const hints = ROWS.flatMap((row, i) => {
    if (row.scope !== 'browse' || !row.hint) return [];
    if (!row.actions?.includes('pickOption')) return [hintAt(i)!];
    return range ? [`${range} option`] : [];
  });
  return hints.join(` ${glyphs().dot} `);
}
