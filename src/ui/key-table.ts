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

/** The actions of each place the keys can be, exhaustively: a binding table must give every one its keys. */
interface ScopeActions {
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
    | 'undo';
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

const DIGITS: readonly KeySpec[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const DEFAULT_BINDINGS: Bindings = {
  browse: {
    up: ['k', 'up'],
    down: ['j', 'down'],
    first: ['g', 'home'],
    last: ['G', 'end'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    open: ['enter'],
    pickOption: DIGITS,
    tag: ['space'],
    tagAll: ['*'],
    clear: ['escape'],
    filter: ['/'],
    timeline: ['t'],
    cancelRun: ['x'],
    cancelSession: ['X'],
    pause: ['p'],
    history: ['H'],
    auto: ['A'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
    suspend: ['ctrlZ'],
    copyId: ['y'],
    hide: ['d'],
    snooze: ['z'],
    undo: ['Z'],
  },
  answer: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: DIGITS,
    typeText: ['tab'],
    send: ['enter'],
    always: ['a'],
    copyId: ['y'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  batch: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: DIGITS,
    typeText: ['tab'],
    send: ['enter'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  batchConfirm: { confirm: ['y', 'Y'], quit: ['ctrlC'] },
  form: {
    nextField: ['tab'],
    prevField: ['backTab'],
    up: ['up'],
    down: ['down'],
    pickOption: DIGITS,
    next: ['enter'],
    toggle: ['space'],
    setYes: ['y', 'Y'],
    setNo: ['n', 'N'],
    unset: ['backspace'],
    // Not a printable key: a text field's default must be takeable while the field takes text.
    takeDefault: ['ctrlT'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  locked: {
    resend: ['r'],
    drop: ['D'],
    copyId: ['y'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  filter: { keep: ['enter'], clear: ['escape', 'ctrlC'] },
  control: { confirm: ['y', 'Y'], reason: ['tab'], back: ['n', 'N', 'escape'] },
  reason: { send: ['enter'], back: ['escape', 'ctrlC'] },
  quitPrompt: { confirm: ['y', 'Y', 'ctrlC'] },
  hidePrompt: { confirm: ['y', 'Y'] },
  autoPrompt: { confirm: ['y', 'Y'] },
  always: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: ['1', '2', '3', '4'],
    confirm: ['y', 'Y'],
    back: ['n', 'N', 'escape'],
  },
  timeline: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    first: ['g', 'home'],
    last: ['G', 'end'],
    back: ['escape', 't'],
    quit: ['q', 'ctrlC'],
  },
  help: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    quit: ['ctrlC'],
  },
  history: {
    up: ['k', 'up'],
    down: ['j', 'down'],
    first: ['g', 'home'],
    last: ['G', 'end'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    open: ['enter'],
    filter: ['/'],
    undo: ['Z'],
    back: ['escape', 'H'],
    quit: ['q', 'ctrlC'],
  },
  decision: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    back: ['escape'],
    quit: ['q', 'ctrlC'],
  },
  edit: {
    left: ['left'],
    right: ['right'],
    home: ['home', 'ctrlA'],
    end: ['end', 'ctrlE'],
    backspace: ['backspace'],
    deleteForward: ['deleteForward', 'ctrlD'],
    clearBefore: ['ctrlU'],
    deleteWord: ['ctrlW'],
  },
  anywhere: { redraw: ['ctrlL'] },
};

let bindings: Bindings = DEFAULT_BINDINGS;
const tables = new Map<Scope, Map<string, { action: string; index: number }>>();

/** Binds `action` in `scope` to `keys` instead (tests); returns the function that puts the old keys back. */
export function rebind<S extends Scope>(scope: S, action: ActionOf<S>, keys: readonly KeySpec[]): () => void {
  return applyBindings({ ...bindings, [scope]: { ...bindings[scope], [action]: keys } });
}

/** The table as shipped (a key map in config.json is applied over it: places/keymap.ts). */
export const defaultBindings = (): Readonly<Bindings> => DEFAULT_BINDINGS;

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
  return bindings;
}

function specOf(press: KeyPress): string | undefined {
  if (press.name === 'paste' || press.name === 'none') return undefined;
  return press.name === 'char' ? `char:${press.text}` : press.name;
}

function tableOf(scope: Scope): Map<string, { action: string; index: number }> {
  let table = tables.get(scope);
  if (!table) {
    table = new Map();
    for (const [action, specs] of Object.entries(bindings[scope]) as [string, readonly KeySpec[]][]) {
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
