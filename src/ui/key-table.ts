import type { KeyName, KeyPress } from './keys.js';

/**
 * The one table of key bindings. The handlers ask it which action a press
 * is (`actionFor`), the footer shows its hints, the `?` overlay and the
 * README's Keys table are rendered from it (a test compares the README), so
 * none of them can drift from what the keys really do.
 */
export type Scope = 'browse' | 'answer' | 'batch' | 'form' | 'locked' | 'filter' | 'help' | 'control' | 'timeline';

export type Action =
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'first'
  | 'last'
  | 'open'
  | 'filter'
  | 'help'
  | 'quit'
  | 'back'
  | 'send'
  | 'nextField'
  | 'prevField'
  | 'toggle'
  | 'setYes'
  | 'setNo'
  | 'resend'
  | 'keep'
  | 'clear'
  | 'tag'
  | 'tagAll'
  | 'suspend'
  | 'timeline'
  | 'cancelRun'
  | 'cancelSession'
  | 'pause'
  | 'confirm'
  | 'reason';

/** A key name (`up`, `enter`, …) or, when one character long, that character typed. */
type KeySpec = KeyName | string;

export interface KeyRow {
  scope: Scope;
  /** The keys as help, footer and README write them. */
  keys: string;
  /** What they do, for help and the README. */
  does: string;
  /** The footer's few words, when the row earns a place there. */
  hint?: string;
  /** Which presses trigger which action (empty: documented behaviour with no action of its own, e.g. typing). */
  bind: Partial<Record<Action, KeySpec[]>>;
}

export const SCOPE_TITLES: Record<Scope, string> = {
  browse: 'list',
  answer: 'open',
  batch: 'batch',
  form: 'form',
  locked: 'open, answered',
  filter: 'filter',
  help: 'help',
  control: 'cancel / pause',
  timeline: 'timeline',
};

export const KEY_ROWS: KeyRow[] = [
  // Browse: the list has the focus.
  { scope: 'browse', keys: '↑/↓  k/j', does: 'move the selection (it stays on the same request when the list reorders)', hint: 'j/k move', bind: { up: ['up', 'k'], down: ['down', 'j'] } },
  { scope: 'browse', keys: 'g/G  Home/End', does: 'first / last request', bind: { first: ['home', 'g'], last: ['end', 'G'] } },
  { scope: 'browse', keys: 'PgUp/PgDn', does: 'move a page', bind: { pageUp: ['pageUp'], pageDown: ['pageDown'] } },
  { scope: 'browse', keys: 'Enter', does: 'open the selected request to answer it (with marks: the batch answer)', hint: 'Enter open', bind: { open: ['enter'] } },
  { scope: 'browse', keys: '1-9', does: 'open it with option N highlighted (with marks: the batch); nothing is sent until Enter', hint: '1-9 option', bind: {} },
  { scope: 'browse', keys: 'Space', does: 'mark / unmark the selected request for a batch answer, and move down', hint: 'Space mark', bind: { tag: ['space'] } },
  { scope: 'browse', keys: '*', does: 'mark every open request the list shows that takes an answer (not forms or informational)', bind: { tagAll: ['*'] } },
  { scope: 'browse', keys: 'Esc', does: 'clear the marks if any, else clear a kept filter', bind: { clear: ['escape'] } },
  { scope: 'browse', keys: '/', does: 'type a fresh filter: every word must match agent, session, host, kind, severity or prompt (Enter keeps, Esc clears)', hint: '/ filter', bind: { filter: ['/'] } },
  { scope: 'browse', keys: 't', does: "the selected request's session timeline: its recent Events, newest last, the cause tree indented (Esc back)", bind: { timeline: ['t'] } },
  { scope: 'browse', keys: 'x / X', does: 'cancel the run behind the selected request / its whole session (control.cancel), after y/n', bind: { cancelRun: ['x'], cancelSession: ['X'] } },
  { scope: 'browse', keys: 'p', does: "pause / resume the selected request's session (control.pause / control.resume), after y/n", bind: { pause: ['p'] } },
  { scope: 'browse', keys: '?', does: 'this help', hint: '? help', bind: { help: ['?'] } },
  { scope: 'browse', keys: 'q  Ctrl-C', does: 'quit (asks first, naming the unsent drafts and answers in flight)', hint: 'q quit', bind: { quit: ['q', 'ctrlC'] } },
  { scope: 'browse', keys: 'Ctrl-Z', does: 'suspend to the shell; fg brings the console back', bind: { suspend: ['ctrlZ'] } },
  // Answer: a request is open and takes an option or a reply.
  { scope: 'answer', keys: '↑/↓', does: 'move between the options and the Reply row (k/j too, off the Reply row)', hint: '↑/↓ choose', bind: { up: ['up', 'k'], down: ['down', 'j'] } },
  { scope: 'answer', keys: '1-9', does: 'highlight option N (off the Reply row)', bind: {} },
  { scope: 'answer', keys: 'Enter', does: 'on an option: send it; on Reply: send the text (an empty Reply sends nothing); then back to the list on the next open request', hint: 'Enter send', bind: { send: ['enter'] } },
  { scope: 'answer', keys: 'typing', does: 'edit the Reply row (from an option, typing moves to it)', bind: {} },
  { scope: 'answer', keys: 'PgUp/PgDn', does: 'scroll a long prompt', hint: 'PgUp/PgDn scroll', bind: { pageUp: ['pageUp'], pageDown: ['pageDown'] } },
  { scope: 'answer', keys: 'Esc', does: 'back to the list; what you typed stays as a draft', hint: 'Esc back (keeps draft)', bind: { back: ['escape'] } },
  { scope: 'answer', keys: '?  q', does: 'help / quit, where no text is being edited', hint: '? help', bind: { help: ['?'], quit: ['q', 'ctrlC'] } },
  // Batch: several marked requests answered at once.
  { scope: 'batch', keys: '↑/↓  1-9', does: 'move between the options every marked request offers and the Reply row', hint: '↑/↓ 1-9 choose', bind: {} },
  { scope: 'batch', keys: 'Enter', does: 'on an option or a non-empty Reply: ask Send "…" to N requests? y/n', hint: 'Enter send…', bind: {} },
  { scope: 'batch', keys: 'y', does: 'at that question: send one command per request, each with its own id (any other key: back)', bind: {} },
  { scope: 'batch', keys: 'Esc', does: 'back to the list; the marks stay', hint: 'Esc back (marks stay)', bind: {} },
  // Form: the open request is a form.
  { scope: 'form', keys: 'Tab / Shift-Tab', does: 'next / previous field (Submit is the last stop)', hint: 'Tab/Shift-Tab field', bind: { nextField: ['tab'], prevField: ['backTab'] } },
  { scope: 'form', keys: '↑/↓', does: 'move between choices of a select, or between fields', hint: '↑/↓ choice', bind: {} },
  { scope: 'form', keys: 'Space', does: 'toggle a boolean or a multi choice; pick a single choice', hint: 'Space toggle', bind: {} },
  { scope: 'form', keys: 'y / n', does: 'set a boolean field', bind: {} },
  { scope: 'form', keys: 'Enter', does: 'confirm the field and go to the next; on Submit: validate and send', hint: 'Enter next/Submit', bind: {} },
  { scope: 'form', keys: 'typing', does: 'edit a text or number field, or an Other… row', bind: {} },
  { scope: 'form', keys: 'Esc', does: 'back to the list; the filled-in values stay as a draft', hint: 'Esc back', bind: { back: ['escape'] } },
  // Locked: the open request cannot take an answer now (sent, closed, informational).
  { scope: 'locked', keys: 'r', does: 'resend a command the agent never acknowledged (same id)', hint: 'r resend (same id)', bind: { resend: ['r'] } },
  { scope: 'locked', keys: 'PgUp/PgDn', does: 'scroll a long prompt', hint: 'PgUp/PgDn scroll', bind: { pageUp: ['pageUp'], pageDown: ['pageDown'] } },
  { scope: 'locked', keys: 'Esc', does: 'back to the list', hint: 'Esc back to the list', bind: { back: ['escape'] } },
  { scope: 'locked', keys: '?  q', does: 'help / quit', hint: '? help', bind: { help: ['?'], quit: ['q', 'ctrlC'] } },
  // Filter: the footer is a line editor.
  { scope: 'filter', keys: 'Enter', does: 'keep the filter and go back to the list', hint: 'Enter keeps', bind: { keep: ['enter'] } },
  { scope: 'filter', keys: 'Esc', does: 'clear the filter', hint: 'Esc clears', bind: { clear: ['escape', 'ctrlC'] } },
  // Control: the y/n question of x, X and p.
  { scope: 'control', keys: 'y', does: 'send the command (a cancel without a reason)', hint: 'y send', bind: { confirm: ['y', 'Y'] } },
  { scope: 'control', keys: 'Tab', does: 'cancel only: type a one-line reason first, then Enter sends it', hint: 'Tab reason', bind: { reason: ['tab'] } },
  { scope: 'control', keys: 'n  Esc', does: 'keep it running: nothing is sent (in the reason too)', hint: 'n/Esc keep running', bind: { back: ['n', 'N', 'escape'] } },
  // Timeline: a session's recent Events.
  { scope: 'timeline', keys: '↑/↓  PgUp/PgDn', does: 'scroll the timeline (g/G: oldest / newest)', hint: '↑/↓ PgUp/PgDn scroll', bind: { up: ['up', 'k'], down: ['down', 'j'], pageUp: ['pageUp'], pageDown: ['pageDown'], first: ['home', 'g'], last: ['end', 'G'] } },
  { scope: 'timeline', keys: 'Esc  t', does: 'back to the list', hint: 'Esc back', bind: { back: ['escape', 't'] } },
  { scope: 'timeline', keys: 'q', does: 'quit', bind: { quit: ['q', 'ctrlC'] } },
  // Help: the overlay scrolls where the terminal is too short for it.
  { scope: 'help', keys: '↑/↓  PgUp/PgDn', does: 'scroll this help when it does not fit', hint: '↑/↓ PgUp/PgDn scroll', bind: { up: ['up', 'k'], down: ['down', 'j'], pageUp: ['pageUp'], pageDown: ['pageDown'] } },
  { scope: 'help', keys: 'any other key', does: 'close this help', hint: 'any other key closes', bind: {} },
];

const tables = new Map<Scope, Map<string, Action>>();

function tableOf(scope: Scope): Map<string, Action> {
  let table = tables.get(scope);
  if (!table) {
    table = new Map();
    for (const row of KEY_ROWS) {
      if (row.scope !== scope) continue;
      for (const [action, specs] of Object.entries(row.bind) as [Action, KeySpec[]][]) {
        for (const spec of specs) table.set(spec.length === 1 ? `char:${spec}` : spec, action);
      }
    }
    tables.set(scope, table);
  }
  return table;
}

/** The action a press is in `scope`, if any. */
export function actionFor(scope: Scope, press: KeyPress): Action | undefined {
  const table = tableOf(scope);
  return press.name === 'char' ? table.get(`char:${press.text}`) : table.get(press.name);
}

/** The footer's hints for a scope, in table order. */
export function hintsFor(scope: Scope): string {
  return KEY_ROWS.filter((row) => row.scope === scope && row.hint)
    .map((row) => row.hint)
    .join(' · ');
}


/** The README's Keys table, rendered from KEY_ROWS. */
export function keyTableMarkdown(): string {
  const rows = KEY_ROWS.map((row) => `| ${SCOPE_TITLES[row.scope]} | \`${row.keys.replace(/\|/g, '\\|')}\` | ${row.does} |`);
  return ['| where | keys | action |', '|---|---|---|', ...rows].join('\n');
}
