// What every key does over the `?` help and on the list's filter row: each
// binding's keys (key-table.ts), handler and help words in one place; help,
// the footer, the screen reader and docs/keys.md read the same objects
// (key-rows.ts).

import type { KeyPress } from '../keys.js';
import { halfPage } from '../key-table.js';
import { runBinding, type Controller } from '../binding.js';
import { editLine, editorOf } from '../text/editor.js';
import { quit } from './quit.js';
import { popModal, pushModal, type Effect, type InboxState, type KeyContext, type ModalOf } from './state.js';

type KeyResult = { state: InboxState; effects: Effect[] };
type HelpPress = { state: InboxState; help: ModalOf<'help'>; ctx: KeyContext };

const scroll = ({ state, help }: HelpPress, by: number): KeyResult => ({
  state: popModal(state, { ...help, scroll: Math.max(0, help.scroll + by) }),
  effects: [],
});
const closed = ({ state }: HelpPress): KeyResult => ({ state: popModal(state), effects: [] });

/** `?`: help over the place it is opened from (closing it goes back there). */
export function openHelp(state: InboxState): InboxState {
  return pushModal(state, { kind: 'help', scroll: 0 });
}

/** The help overlay scrolls where the terminal is too short for it; any other key closes it. */
export const HELP_KEYS: Controller<'help', HelpPress, KeyResult> = {
  scope: 'help',
  keys: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    halfUp: ['ctrlU'],
    halfDown: ['ctrlD'],
    quit: ['ctrlC'],
  },
  refuse: closed,
  bindings: [
    {
      on: ['up', 'down'],
      does: 'scroll this help when it does not fit',
      run: (c, action) => scroll(c, action === 'up' ? -1 : 1),
    },
    {
      on: ['pageUp', 'pageDown'],
      does: 'scroll it a page',
      hint: '{up}/{down} {pageUp}/{pageDown} scroll',
      run: (c, action) => scroll(c, action === 'pageUp' ? -c.ctx.pageSize : c.ctx.pageSize),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'scroll it half a page',
      run: (c, action) => scroll(c, action === 'halfUp' ? -halfPage(c.ctx.pageSize) : halfPage(c.ctx.pageSize)),
    },
    { on: ['quit'], does: 'quit', run: ({ state, ctx }) => quit(state, ctx, popModal(state)) },
    { keys: 'any other key', does: 'close this help', hint: 'any other key closes' },
  ],
};

export function helpKey(state: InboxState, help: ModalOf<'help'>, key: KeyPress, ctx: KeyContext): KeyResult {
  const c = { state, help, ctx };
  return runBinding(HELP_KEYS, key, c) ?? closed(c);
}

/** The filter row: the line editor, and the two keys that leave it. */
export const FILTER_KEYS: Controller<'filter', InboxState, KeyResult> = {
  scope: 'filter',
  keys: { keep: ['enter'], clear: ['escape', 'ctrlC'] },
  refuse: (state) => ({ state, effects: [] }),
  bindings: [
    {
      on: ['keep'],
      does: 'keep the filter and go back to the list',
      hint: '{keep} keeps',
      run: (state) => ({ state: { ...state, mode: 'browse' }, effects: [] }),
    },
    {
      on: ['clear'],
      does: 'clear the filter',
      hint: '{clear} clears',
      run: (state) => ({ state: { ...state, mode: 'browse', filter: '', filterEditor: editorOf('') }, effects: [] }),
    },
  ],
};

export function filterKey(state: InboxState, key: KeyPress): KeyResult {
  const bound = runBinding(FILTER_KEYS, key, state);
  if (bound) return bound;
  const filterEditor = editLine(state.filterEditor, key);
  return { state: { ...state, filterEditor, filter: filterEditor.value }, effects: [] };
}
