// What every key does in the decision history (H): its list, its filter row
// and one decision opened whole. Each binding's keys (key-table.ts), handler
// and help words in one place; help, the footer, the screen reader and
// docs/keys.md read the same objects (key-rows.ts).

import type { KeyPress } from '../keys.js';
import { actionFor, halfPage } from '../key-table.js';
import { withKeys } from '../key-labels.js';
import { runBinding, type Controller } from '../binding.js';
import { editLine, editorOf, emptyEditor } from '../text/editor.js';
import { setFilter, type HistoryStep, type HistoryView } from './history-state.js';

interface HistoryPress {
  view: HistoryView;
  pageSize: number;
}

const move = ({ view }: HistoryPress, to: number): HistoryStep => ({
  view: { ...view, selected: Math.max(0, Math.min(view.rows.length - 1, to)) },
});
const scroll = ({ view }: HistoryPress, by: number): HistoryStep => ({
  view: { ...view, scroll: Math.max(0, view.scroll + by) },
});

/** The list of decisions, newest first. */
export const HISTORY_KEYS: Controller<'history', HistoryPress, HistoryStep> = {
  scope: 'history',
  keys: {
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
  refuse: ({ view }, why) => ({ view, notice: why }),
  bindings: [
    {
      on: ['up', 'down'],
      does: 'move the selection',
      hint: '{down}/{up} move',
      run: (c, action) => move(c, c.view.selected + (action === 'up' ? -1 : 1)),
    },
    {
      on: ['first', 'last'],
      does: 'newest / oldest decision',
      run: (c, action) => move(c, action === 'first' ? 0 : c.view.rows.length - 1),
    },
    {
      on: ['pageUp', 'pageDown'],
      does: 'move a page',
      run: (c, action) => move(c, c.view.selected + (action === 'pageUp' ? -c.pageSize : c.pageSize)),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'move half a page',
      run: (c, action) =>
        move(c, c.view.selected + (action === 'halfUp' ? -halfPage(c.pageSize) : halfPage(c.pageSize))),
    },
    {
      on: ['open'],
      does: 'open the selected decision whole: prompt, cause, what was sent, the command id, every outcome',
      hint: '{open} open',
      run: ({ view }) => {
        const row = view.rows[view.selected];
        return { view: row ? { ...view, open: row.command_id, scroll: 0 } : view };
      },
    },
    {
      on: ['filter'],
      does:
        'type a fresh filter over the decisions: each word must match its agent, session, kind, ' +
        'what was sent, its outcome or its prompt; {filter.keep} keeps it, {filter.clear} clears it',
      hint: '{filter} filter',
      // As in the list: `/` starts a fresh filter.
      run: ({ view }) => ({ view: setFilter(view, '', editorOf(''), true) }),
    },
    {
      on: ['undo'],
      does: 'undo the selected hide or snooze: the request is listed again (recorded in the history)',
      disabled: ({ view }) => {
        const action = view.rows[view.selected]?.action;
        return action === 'hide' || action === 'snooze'
          ? undefined
          : withKeys('history', '{undo} undoes a hide or a snooze: select one of those');
      },
      run: ({ view }) => ({ view, undo: view.rows[view.selected] }),
    },
    {
      on: ['back'],
      does: 'clear a kept filter, else back to the list',
      hint: '{back} back',
      run: ({ view }) => (view.filter ? { view: setFilter(view, '', emptyEditor, false) } : 'back'),
    },
    { on: ['quit'], does: 'quit (asks first when something would be lost)', run: () => 'quit' },
  ],
};

/** One decision opened whole: it scrolls. */
export const DECISION_KEYS: Controller<'decision', HistoryPress, HistoryStep> = {
  scope: 'decision',
  keys: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    back: ['escape'],
    quit: ['q', 'ctrlC'],
  },
  refuse: ({ view }) => ({ view }),
  bindings: [
    { on: ['up', 'down'], does: 'scroll the decision', run: (c, action) => scroll(c, action === 'up' ? -1 : 1) },
    {
      on: ['pageUp', 'pageDown'],
      does: 'scroll it a page',
      hint: '{up}/{down} {pageUp}/{pageDown} scroll',
      run: (c, action) => scroll(c, action === 'pageUp' ? -c.pageSize : c.pageSize),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'scroll it half a page',
      run: (c, action) => scroll(c, action === 'halfUp' ? -halfPage(c.pageSize) : halfPage(c.pageSize)),
    },
    {
      on: ['back'],
      does: 'back to the history',
      hint: '{back} back',
      run: ({ view }) => ({ view: { ...view, open: undefined, scroll: 0 } }),
    },
    { on: ['quit'], does: 'quit', run: () => 'quit' },
  ],
};

/** The filter row of the history: the line editor, Enter keeps, Esc clears (the list's filter words). */
function filterKey(view: HistoryView, key: KeyPress): HistoryStep {
  const action = actionFor('filter', key);
  if (action === 'keep') return { view: { ...view, filtering: false } };
  if (action === 'clear') return { view: setFilter(view, '', emptyEditor, false) };
  const editor = editLine(view.filterEditor, key);
  return { view: setFilter(view, editor.value, editor, true) };
}

/** One key in the history (its list, its filter row, or one decision opened). */
export function historyKey(view: HistoryView, key: KeyPress, pageSize: number): HistoryStep {
  if (view.filtering) return filterKey(view, key);
  const c = { view, pageSize };
  return (view.open !== undefined ? runBinding(DECISION_KEYS, key, c) : runBinding(HISTORY_KEYS, key, c)) ?? { view };
}
