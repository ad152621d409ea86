// What every key does on the list (browse): each binding's keys
// (key-table.ts), handler, why it does nothing now and help words, in one
// place. Help, the footer, the screen reader and docs/keys.md read the same
// objects (key-rows.ts).

import { isFromFile } from '../../store/file-relay.js';
import type { RequestRecord } from '../../store/types.js';
import type { KeyPress } from '../keys.js';
import { DIGITS, halfPage, keyNumber } from '../key-table.js';
import { runBinding, type Controller } from '../binding.js';
import { editorOf } from '../text/editor.js';
import { autoKey } from '../rules/rule-keys.js';
import { isFillableForm, isForm } from './detail-view.js';
import { browseControlKey } from './control-keys.js';
import { browseTimelineKey } from './timeline-keys.js';
import { openBatch } from './batch.js';
import { openHistory } from './history-mode.js';
import { openRulesScreen } from '../rules/rules-screen.js';
import { askHide, copyId } from './id-keys.js';
import { quit } from './quit.js';
import { openHelp } from './help-keys.js';
import { snooze, undo } from './snooze.js';
import { answerLock, draftFor, type Effect, type InboxState, type KeyContext } from './state.js';

type KeyResult = { state: InboxState; effects: Effect[] };
type BrowsePress = { state: InboxState; press: KeyPress; ctx: KeyContext };

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/** The selection moved to `index` (clamped), by request key so a reorder never moves it. */
export function select(state: InboxState, ctx: KeyContext, index: number): InboxState {
  if (ctx.list.length === 0) return { ...state, selectedIndex: 0, selectedKey: undefined };
  const clamped = Math.max(0, Math.min(ctx.list.length - 1, index));
  return {
    ...state,
    selectedIndex: clamped,
    selectedKey: ctx.list[clamped].key,
    selectionTouched: true,
    parked: false,
  };
}

const moveBy = ({ state, ctx }: BrowsePress, by: number): KeyResult =>
  done(select(state, ctx, state.selectedIndex + by));
const selected = ({ state, ctx }: BrowsePress): RequestRecord | undefined => ctx.list[state.selectedIndex];

/**
 * Opens the selected request. With a digit the highlight starts on that
 * option, numbered on screen: still nothing is sent until Enter. Without
 * one it starts on the empty Reply row, where a stray Enter does nothing.
 */
function open(state: InboxState, ctx: KeyContext, digit?: number): KeyResult {
  const record = ctx.list[state.selectedIndex];
  if (!record) return done(state);
  let next: InboxState = {
    ...state,
    mode: 'answer',
    openKey: record.key,
    selectedKey: record.key,
    selectionTouched: true,
    detailScroll: 0,
    hint: undefined,
    pendingConfirm: undefined,
    notice: undefined,
  };
  const options = record.payload.options;
  if (digit !== undefined && !isFillableForm(record) && answerLock(record, ctx.commandFor(record.key)) === 'none') {
    if (digit <= options.length)
      next = { ...next, drafts: { ...next.drafts, [record.key]: { ...draftFor(next, record), highlight: digit - 1 } } };
    else
      next = {
        ...next,
        hint: options.length
          ? `No option ${digit}: this request has ${options.length}.`
          : 'This request has no options: type a reply.',
      };
  } else if (
    digit === undefined &&
    !state.drafts[record.key] &&
    answerLock(record, ctx.commandFor(record.key)) === 'none'
  ) {
    // A rule's suggestion starts highlighted: still only Enter sends it.
    const suggested = ctx.rules?.suggest(record);
    const at = suggested === undefined ? -1 : options.findIndex((o) => o.id === suggested);
    if (at >= 0)
      next = { ...next, drafts: { ...next.drafts, [record.key]: { ...draftFor(next, record), highlight: at } } };
  }
  return done(next);
}

/** Why the selected request cannot be marked (undefined: it can, or it is marked and Space unmarks it). */
function unmarkable(c: BrowsePress): string | undefined {
  const record = selected(c);
  if (!record || c.state.tagged.has(record.key) || c.ctx.answerable(record)) return undefined;
  if (isFromFile(record)) return 'History from a file cannot be marked: it can be read, not answered.';
  if (isForm(record)) return 'Forms cannot be marked: each is filled in on its own.';
  if (record.state === 'informational')
    return "Informational requests cannot be marked: they are answered in the agent's own UI.";
  return 'Only open requests with no answer in flight can be marked.';
}

/** Space: marks (or unmarks) the selected request for a batch answer and moves down. */
function tag(c: BrowsePress): KeyResult {
  const { state, ctx } = c;
  const record = selected(c);
  if (!record) return done(state);
  const moved = select(state, ctx, state.selectedIndex + 1);
  const tagged = new Set(state.tagged);
  if (!tagged.delete(record.key)) tagged.add(record.key);
  return done({ ...moved, tagged, notice: undefined });
}

function tagAll({ state, ctx }: BrowsePress): KeyResult {
  const tagged = new Set(state.tagged);
  for (const record of ctx.list) if (ctx.answerable(record)) tagged.add(record.key);
  const added = tagged.size - state.tagged.size;
  return done({
    ...state,
    tagged,
    notice: added
      ? undefined
      : 'Nothing here can be marked: forms and informational requests are answered one by one, history from a file not at all.',
  });
}

function clear({ state }: BrowsePress): KeyResult {
  if (state.tagged.size) return done({ ...state, tagged: new Set(), notice: undefined });
  if (state.filter) return done({ ...state, filter: '', filterEditor: editorOf(''), notice: undefined });
  return done(state);
}

export const BROWSE_KEYS: Controller<'browse', BrowsePress, KeyResult> = {
  scope: 'browse',
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
    rules: ['R'],
  },
  refuse: ({ state }, why) => done({ ...state, notice: why }),
  bindings: [
    {
      on: ['up', 'down'],
      does: 'move the selection (it stays on the same request when the list reorders)',
      hint: '{down}/{up} move',
      run: (c, action) => moveBy(c, action === 'up' ? -1 : 1),
    },
    {
      on: ['first', 'last'],
      does: 'first / last request',
      run: ({ state, ctx }, action) => done(select(state, ctx, action === 'first' ? 0 : ctx.list.length - 1)),
    },
    {
      on: ['pageUp', 'pageDown'],
      does: 'move a page',
      run: (c, action) => moveBy(c, action === 'pageUp' ? -c.ctx.pageSize : c.ctx.pageSize),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'move half a page',
      run: (c, action) => moveBy(c, action === 'halfUp' ? -halfPage(c.ctx.pageSize) : halfPage(c.ctx.pageSize)),
    },
    {
      on: ['open'],
      does: 'open the selected request to answer it (with marks: the batch answer)',
      hint: '{open} open',
      run: ({ state, ctx }) => (state.tagged.size ? openBatch(state, ctx) : open(state, ctx)),
    },
    {
      on: ['pickOption'],
      does: 'open it with option N highlighted (with marks: the batch, on the shared option N); nothing is sent until {answer.send}',
      hint: '{pickOption} option',
      run: ({ state, ctx, press }) => {
        const digit = keyNumber('browse', press)!;
        return state.tagged.size ? openBatch(state, ctx, digit) : open(state, ctx, digit);
      },
    },
    {
      on: ['tag'],
      does: 'mark / unmark the selected request for a batch answer, and move down',
      hint: '{tag} mark',
      disabled: unmarkable,
      run: tag,
    },
    {
      on: ['tagAll'],
      does: 'mark every open request the list shows that takes an answer (not forms, informational or history)',
      run: tagAll,
    },
    { on: ['clear'], does: 'clear the marks if any, else clear a kept filter', run: clear },
    {
      on: ['filter'],
      does:
        'type a fresh filter: every word must match agent, session, host, kind, severity or ' +
        'prompt ({filter.keep} keeps, {filter.clear} clears)',
      hint: '{filter} filter',
      // Like k9s and lazygit: `/` starts a fresh filter (Esc there clears it).
      run: ({ state }) => done({ ...state, mode: 'filter', filterEditor: editorOf(''), filter: '', notice: undefined }),
    },
    {
      on: ['timeline'],
      does:
        "the selected request's session timeline: its recent Events in order, each under the " +
        'Event that caused it ({timeline.back} back)',
      run: ({ state, ctx }, action) => browseTimelineKey(state, action, ctx)!,
    },
    {
      on: ['cancelRun', 'cancelSession'],
      does: 'cancel the run behind the selected request / its whole session (control.cancel), after {control.confirm}/{control.back}',
      run: ({ state, ctx }, action) => browseControlKey(state, action, ctx)!,
    },
    {
      on: ['pause'],
      does: "pause / resume the selected request's session (control.pause / control.resume), after {control.confirm}/{control.back}",
      run: ({ state, ctx }, action) => browseControlKey(state, action, ctx)!,
    },
    {
      on: ['copyId'],
      does: "copy the selected request's id to the clipboard (OSC 52, through tmux too)",
      run: (c) => copyId(c.state, selected(c)),
    },
    {
      on: ['hide'],
      does:
        'hide the selected request from this console, after {hidePrompt.confirm}/n (recorded in ' +
        'the history; --file and list still show it)',
      run: (c) => askHide(c.state, selected(c)),
    },
    {
      on: ['snooze'],
      does: 'not now: set the selected request aside for 10 minutes, in Snoozed (back sooner if it changes, or at its last call)',
      run: (c) => snooze(c.state, selected(c), c.ctx.now, c.ctx.list),
    },
    {
      on: ['undo'],
      does: 'undo: bring the selected snoozed request back, else undo the last snooze or hide',
      run: (c) => undo(c.state, selected(c)),
    },
    {
      on: ['history'],
      does: 'the decision history: every answer, cancel, pause and resume this console sent, with its outcome ({history.back} back)',
      run: ({ state }) => openHistory(state),
    },
    {
      on: ['rules'],
      does: 'the rules: what each matches and decides, its end, requests it answered, when last used; {rules.delete} deletes one',
      run: ({ state }) => openRulesScreen(state),
    },
    {
      on: ['auto'],
      does: 'with rules loaded (--rules): let them answer (AUTO, after {autoPrompt.confirm}/n), or back to suggesting',
      run: ({ state, ctx }, action) => autoKey(state, action, ctx)!,
    },
    { on: ['help'], does: 'this help', hint: '{help} help', run: ({ state }) => done(openHelp(state)) },
    {
      on: ['quit'],
      does: 'quit (asks first, naming the unsent drafts and answers in flight)',
      hint: '{quit} quit',
      run: ({ state, ctx }) => quit(state, ctx),
    },
    {
      on: ['suspend'],
      does: 'suspend to the shell; fg brings the console back',
      run: ({ state }) => done(state, { type: 'suspend' }),
    },
    { keys: 'paste', does: 'ignored here, and said so: a paste is only ever text, for the row being typed in' },
  ],
};

export function browseKey(state: InboxState, press: KeyPress, ctx: KeyContext): KeyResult {
  // A one-shot notice goes with the next key.
  if (state.notice) state = { ...state, notice: undefined };
  return runBinding(BROWSE_KEYS, press, { state, press, ctx }) ?? done(state);
}
