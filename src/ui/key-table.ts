import type { KeyName, KeyPress } from './keys.js';

/**
 * The one table of key bindings: which keys each action of each place is.
 * What an action does is its binding object (binding.ts; one list per place:
 * browse-keys.ts, answer-keys.ts, batch-keys.ts, …), which runs for a press
 * of one of its keys (`actionFor`): no handler compares a key itself. The
 * footer's hints, the `?` overlay, the screen reader and docs/keys.md are
 * rendered from the two (key-rows.ts; a test compares docs/keys.md), so none
 * of them can drift from what the keys really do.
 */

/**
 * The actions of each place the keys can be, exhaustively: a binding table
 * must give every one its keys. A new place may add its own from its file
 * (`declare module '…/key-table.js' { interface ScopeActions { … } }`).
 */
export interface ScopeActions {
  browse:
    | 'up'
    | 'down'
    | 'first'
    | 'last'
    | 'pageUp'
    | 'pageDown'
    | 'open'
    | 'pickOption'
    | 'tag'
    | 'tagAll'
    | 'clear'
    | 'filter'
    | 'timeline'
    | 'cancelRun'
    | 'cancelSession'
    | 'pause'
    | 'history'
    | 'auto'
    | 'help'
    | 'quit'
    | 'suspend'
    | 'halfUp'
    | 'halfDown'
    | 'copyId'
    | 'hide'
    | 'snooze'
    | 'undo'
    | 'rules';
  answer:
    | 'up'
    | 'down'
    | 'pickOption'
    | 'typeText'
    | 'send'
    | 'always'
    | 'copyId'
    | 'pageUp'
    | 'pageDown'
    | 'back'
    | 'help'
    | 'quit';
  /** `a`'s question: which scope the new rule covers. */
  always: 'up' | 'down' | 'pickOption' | 'confirm' | 'back';
  batch: 'up' | 'down' | 'pickOption' | 'typeText' | 'send' | 'back' | 'help' | 'quit';
  batchConfirm: 'confirm' | 'quit';
  form:
    | 'nextField'
    | 'prevField'
    | 'up'
    | 'down'
    | 'pickOption'
    | 'next'
    | 'toggle'
    | 'setYes'
    | 'setNo'
    | 'unset'
    | 'takeDefault'
    | 'pageUp'
    | 'pageDown'
    | 'back'
    | 'help'
    | 'quit';
  /** `drop`: the contract's `request.drop` (a held answer dropped, not sent). */
  locked: 'resend' | 'drop' | 'copyId' | 'pageUp' | 'pageDown' | 'back' | 'help' | 'quit';
  filter: 'keep' | 'clear';
  control: 'confirm' | 'reason' | 'back';
  reason: 'send' | 'back';
  quitPrompt: 'confirm';
  /** d's question: hide this request from this console? */
  hidePrompt: 'confirm';
  /** A's question: let the rules answer? */
  autoPrompt: 'confirm';
  timeline: 'up' | 'down' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown' | 'first' | 'last' | 'back' | 'quit';
  help: 'up' | 'down' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown' | 'quit';
  /** The decision history (H): one row per decision, newest first. */
  history:
    | 'up'
    | 'down'
    | 'first'
    | 'last'
    | 'pageUp'
    | 'pageDown'
    | 'halfUp'
    | 'halfDown'
    | 'open'
    | 'filter'
    | 'undo'
    | 'back'
    | 'quit';
  /** One decision of the history, whole. */
  decision: 'up' | 'down' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown' | 'back' | 'quit';
  /** The line editor of every text row (Reply, text and number fields, `Other…`, the filter, a reason). */
  edit: 'left' | 'right' | 'home' | 'end' | 'backspace' | 'deleteForward' | 'clearBefore' | 'deleteWord';
  /** Keys taken before any scope sees them, whatever the console shows (app.tsx). */
  anywhere: 'redraw';
}

export type Scope = keyof ScopeActions;
export type ActionOf<S extends Scope> = ScopeActions[S];
export type Action = ScopeActions[Scope];

type CharsOf<S extends string, Acc extends string = never> = S extends `${infer C}${infer Rest}`
  ? CharsOf<Rest, Acc | C>
  : Acc;
/** The printable ASCII characters a binding may name (a typo in a key name fails the typecheck). */
type Printable =
  CharsOf<'!"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'>;

/** A key name (`up`, `enter`, …) or a character typed. */
export type KeySpec = Exclude<KeyName, 'char' | 'paste' | 'none'> | Printable;

export type Bindings = { [S in Scope]: Record<ScopeActions[S], readonly KeySpec[]> };

/** pickOption's keys: digit N picks the option numbered N on screen. */
export const DIGITS: readonly KeySpec[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

// The shipped keys are each place's own (its controller's `keys`, in its
// *-keys.ts file); the place records gather them (places/registry.ts) and
// hand them here, read when first asked, after every file has loaded.
let gather: (() => Bindings) | undefined;
let shipped: Bindings | undefined;
let bindings: Bindings | undefined;
const tables = new Map<Scope, Map<string, { action: string; index: number }>>();

/** How the shipped table is gathered from the places (places/registry.ts calls this once, as it loads). */
export function shipBindings(table: () => Bindings): void {
  gather = table;
}

/** The table as shipped (a key map in config.json is applied over it: places/keymap.ts). */
export function defaultBindings(): Readonly<Bindings> {
  if (!gather) throw new Error('the place records (src/ui/places/registry.ts) are not loaded');
  return (shipped ??= gather());
}

/** Binds `action` in `scope` to `keys` instead (tests); returns the function that puts the old keys back. */
export function rebind<S extends Scope>(scope: S, action: ActionOf<S>, keys: readonly KeySpec[]): () => void {
  const now = bindingsNow() as Bindings;
  return applyBindings({ ...now, [scope]: { ...now[scope], [action]: keys } });
}

/** Puts a whole table in force (the key map read at start-up); returns the function that puts the old one back. */
export function applyBindings(next: Bindings): () => void {
  const before = bindings;
  bindings = next;
  tables.clear();
  return () => {
    bindings = before;
    tables.clear();
  };
}

/** The binding table in force (read only: tests check it for clashes). */
export function bindingsNow(): Readonly<Bindings> {
  return bindings ?? defaultBindings();
}

function specOf(press: KeyPress): string | undefined {
  if (press.name === 'paste' || press.name === 'none') return undefined;
  return press.name === 'char' ? `char:${press.text}` : press.name;
}

function tableOf(scope: Scope): Map<string, { action: string; index: number }> {
  let table = tables.get(scope);
  if (!table) {
    table = new Map();
    for (const [action, specs] of Object.entries(bindingsNow()[scope]) as [string, readonly KeySpec[]][]) {
      specs.forEach((spec, index) => table!.set(spec.length === 1 ? `char:${spec}` : spec, { action, index }));
    }
    tables.set(scope, table);
  }
  return table;
}

/** The action a press is in `scope`, if any. A paste is never one. */
export function actionFor<S extends Scope>(scope: S, press: KeyPress): ActionOf<S> | undefined {
  const spec = specOf(press);
  return spec === undefined ? undefined : (tableOf(scope).get(spec)?.action as ActionOf<S> | undefined);
}

/** Which of an action's keys a press is, counted from 1 (`pickOption`: the option number). */
export function keyNumber(scope: Scope, press: KeyPress): number | undefined {
  const spec = specOf(press);
  const hit = spec === undefined ? undefined : tableOf(scope).get(spec);
  return hit ? hit.index + 1 : undefined;
}

/** Ctrl-D / Ctrl-U move half of what a page move jumps (as in less and vim), at least one row. */
export const halfPage = (pageSize: number): number => Math.max(1, Math.floor(pageSize / 2));
