// The session timeline's keys: `t` opens the selected request's timeline
// (its recent Events, read once more each time), and inside it the keys
// scroll it or go back.

import type { KeyPress } from '../keys.js';
import { halfPage, type Action } from '../key-table.js';
import { runBinding, type Controller } from '../binding.js';
import { done, type InboxState, type KeyContext, type KeyResult } from './state.js';

/** Browse key t on the selected request; undefined for any other action. */
export function browseTimelineKey(
  state: InboxState,
  action: Action | undefined,
  ctx: KeyContext,
): KeyResult | undefined {
  if (action !== 'timeline') return undefined;
  const record = ctx.list[state.selectedIndex];
  if (!record) return done({ ...state, notice: 'No request selected.' });
  return {
    state: { ...state, mode: 'timeline', timeline: { key: record.key, start: -1 }, notice: undefined },
    effects: [],
    steps: [{ type: 'timeline', key: record.key }],
  };
}

/** One press in the timeline: its first row shown now (the newest at the bottom: a large start the view clamps). */
interface TimelinePress {
  state: InboxState;
  timeline: NonNullable<InboxState['timeline']>;
  /** The first row shown, within the bounds known. */
  at: number;
  pageSize: number;
}

const to = ({ state, timeline }: TimelinePress, next: number): KeyResult =>
  done({ ...state, timeline: { ...timeline, start: Math.max(0, next) } });

/** What every key does in a session's timeline. */
export const TIMELINE_KEYS: Controller<'timeline', TimelinePress, KeyResult | 'quit'> = {
  scope: 'timeline',
  keys: {
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
  refuse: ({ state }) => done(state),
  bindings: [
    { on: ['up', 'down'], does: 'scroll the timeline', run: (c, action) => to(c, c.at + (action === 'up' ? -1 : 1)) },
    {
      on: ['pageUp', 'pageDown'],
      does: 'scroll the timeline a page',
      hint: '{up}/{down} {pageUp}/{pageDown} scroll',
      run: (c, action) => to(c, c.at + (action === 'pageUp' ? -c.pageSize : c.pageSize)),
    },
    {
      on: ['halfUp', 'halfDown'],
      does: 'scroll it half a page',
      run: (c, action) => to(c, c.at + (action === 'halfUp' ? -halfPage(c.pageSize) : halfPage(c.pageSize))),
    },
    {
      on: ['first', 'last'],
      does: 'oldest / newest',
      run: (c, action) =>
        action === 'first' ? to(c, 0) : done({ ...c.state, timeline: { ...c.timeline, start: -1 } }),
    },
    {
      on: ['back'],
      does: 'back to the list',
      hint: '{back} back',
      run: ({ state }) => done({ ...state, mode: 'browse', timeline: undefined }),
    },
    { on: ['quit'], does: 'quit', run: () => 'quit' },
  ],
};

/** Timeline: scroll (the view clamps), Esc / t back, q quits (the caller). */
export function timelineKey(state: InboxState, key: KeyPress, pageSize: number): KeyResult | 'quit' {
  const timeline = state.timeline;
  if (!timeline) return done({ ...state, mode: 'browse' });
  // -1 (the newest at the bottom) is resolved by the view: a large start clamps there.
  const start = timeline.start < 0 ? Number.MAX_SAFE_INTEGER : timeline.start;
  const c: TimelinePress = { state, timeline, at: Math.min(start, timeline.maxStart ?? start), pageSize };
  return runBinding(TIMELINE_KEYS, key, c) ?? done(state);
}
