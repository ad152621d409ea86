// The session timeline's keys: `t` opens the selected request's timeline
// (its recent Events, read once more each time), and inside it the keys
// scroll it or go back.

import type { KeyPress } from '../keys.js';
import { actionFor, halfPage, type Action } from '../key-table.js';
import type { KeyResult } from './control-keys.js';
import type { Effect, InboxState, KeyContext } from './state.js';

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/** Browse key t on the selected request; undefined for any other action. */
export function browseTimelineKey(state: InboxState, action: Action | undefined, ctx: KeyContext): KeyResult | undefined {
  if (action !== 'timeline') return undefined;
  const record = ctx.list[state.selectedIndex];
  if (!record) return done({ ...state, notice: 'No request selected.' });
  return done({ ...state, mode: 'timeline', timeline: { key: record.key, start: -1 }, notice: undefined }, { type: 'timeline', key: record.key });
}

/** Timeline: scroll (the view clamps), Esc / t back, q quits (the caller). */
export function timelineKey(state: InboxState, key: KeyPress, pageSize: number): KeyResult | 'quit' {
  const timeline = state.timeline;
  if (!timeline) return done({ ...state, mode: 'browse' });
  // -1 (the newest at the bottom) is resolved by the view: a large start clamps there.
  const start = timeline.start < 0 ? Number.MAX_SAFE_INTEGER : timeline.start;
  const to = (next: number) => done({ ...state, timeline: { ...timeline, start: Math.max(0, next) } });
  switch (actionFor('timeline', key)) {
    case 'back':
      return done({ ...state, mode: 'browse', timeline: undefined });
    case 'quit':
      return 'quit';
    case 'up':
      return to(Math.min(start, timeline.maxStart ?? start) - 1);
    case 'down':
      return to(Math.min(start, timeline.maxStart ?? start) + 1);
    case 'pageUp':
      return to(Math.min(start, timeline.maxStart ?? start) - pageSize);
    case 'pageDown':
      return to(Math.min(start, timeline.maxStart ?? start) + pageSize);
    case 'halfUp':
      return to(Math.min(start, timeline.maxStart ?? start) - halfPage(pageSize));
    case 'halfDown':
      return to(Math.min(start, timeline.maxStart ?? start) + halfPage(pageSize));
    case 'first':
      return to(0);
    case 'last':
      return done({ ...state, timeline: { ...timeline, start: -1 } });
    default:
      return done(state);
  }
}
