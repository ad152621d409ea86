import { bindingsNow, type ActionOf, type KeySpec, type Scope } from './key-table.js';
import { glyphs, type Glyphs } from './glyphs.js';
import { firstKey, labelOf, labelsOf, withKeys } from './key-labels.js';

export { firstKey } from './key-labels.js';
import { DIGIT_OPTIONS, digitsType, type ChoiceRows } from './inbox/digits.js';

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

export type RowSpec = {
  [S in Scope]: {
    scope: S;
    /**
     * The actions the row documents (its keys are rendered from the bindings), or `keys` for behaviour with no action
     * of its own (typing).
     */
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

// Every place's words in help order (places/registry.ts).
// Every place's words in help order, as the place records gather them
// (places/registry.ts hands them here as it loads: the records reach every
// key handler, and some handlers' views draw with these rows).
let gather: (() => RowSpec[]) | undefined;
let rows: RowSpec[] | undefined;
const allRows = (): RowSpec[] => {
  if (!gather) throw new Error('the place records (src/ui/places/registry.ts) are not loaded');
  return (rows ??= gather());
};

/** How the rows are gathered from the places (registry.ts calls this once, as it loads). */
export function shipRows(words: () => readonly RowSpec[]): void {
  gather = () => [...words()];
  rows = undefined;
}

/** Every scope's words in help order, the actions each row owns (a test checks each action is owned once). */
export function bindingWords(): readonly RowSpec[] {
  return allRows();
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
  if (!(i in now.hints)) now.hints[i] = hintOf(allRows()[i]);
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
  return (now.rows ??= allRows().map(rowOf));
}

/** The footer's hints for a scope, in table order. */
export function hintsFor(scope: Scope): string {
  const now = renderedNow();
  let hints = now.scopeHints.get(scope);
  if (hints === undefined) {
    hints = allRows()
      .flatMap((row, i) => (row.scope === scope && row.hint ? [hintAt(i)!] : []))
      .join(` ${glyphs().dot} `);
    now.scopeHints.set(scope, hints);
  }
  return hints;
}

/** The footer's hints for a scope but for the rows of `left` (actions that do nothing now), in table order. */
export function hintsWithout(scope: Scope, left: readonly string[]): string {
  if (!left.length) return hintsFor(scope);
  return allRows()
    .flatMap((row, i) =>
      row.scope === scope && row.hint && !row.actions?.some((action) => left.includes(action)) ? [hintAt(i)!] : [],
    )
    .join(` ${glyphs().dot} `);
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
export function choiceHints(
  scope: 'answer' | 'batch',
  rows: ChoiceRows | undefined,
  left: readonly string[] = [],
): string {
  if (!rows) return hintsWithout(scope, left);
  const bound = bindingsNow()[scope] as Record<string, readonly KeySpec[]>;
  // On the Reply row a printable key is text: a hint for a or ? would say what the key does not do there.
  const typed = (actions: readonly string[]) =>
    rows.onReply && actions.every((action) => (bound[action]?.[0]?.length ?? 0) === 1);
  const rest = allRows().flatMap((row, i) =>
    row.scope === scope &&
    row.hint &&
    row.actions &&
    !row.actions.some((action) => CHOICE_ACTIONS.has(action) || left.includes(action)) &&
    !typed(row.actions)
      ? [hintAt(i)!]
      : [],
  );
  return [...digitHints(scope, rows), ...rest].join(` ${glyphs().dot} `);
}

/**
 * A form's hints; on a select field whose choices the digits pick (digits.ts
 * fieldChoices), the moves say their range: `↑/↓ 1-3 choice`, and only
 * there (elsewhere ↑/↓ move between fields, as Tab does). The key that
 * takes a default is named only on a field that has one, the toggle only
 * where a row toggles (a yes/no, a choice).
 */
export function formHints(choices: number, fieldDefault = false, toggles = false): string {
  const range = digitRange('form', choices);
  return allRows()
    .flatMap((row, i) => {
      if (row.scope !== 'form' || !row.hint) return [];
      if (!fieldDefault && row.actions?.includes('takeDefault')) return [];
      if (!toggles && row.actions?.includes('toggle')) return [];
      if (!row.actions?.includes('up')) return [hintAt(i)!];
      return range ? [`${firstKey('form', 'up')}/${firstKey('form', 'down')} ${range} choice`] : [];
    })
    .join(` ${glyphs().dot} `);
}

/** The list's hints, the digits' range that of the selected request's options (none: no digit hint); undefined: the bound keys. */
export function browseHints(options: number | undefined): string {
  if (options === undefined) return hintsFor('browse');
  const range = digitRange('browse', options);
  const hints = allRows().flatMap((row, i) => {
    if (row.scope !== 'browse' || !row.hint) return [];
    if (!row.actions?.includes('pickOption')) return [hintAt(i)!];
    return range ? [`${range} option`] : [];
  });
  return hints.join(` ${glyphs().dot} `);
}
