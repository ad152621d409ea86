// What every open request shares, whatever it can take now: the press it
// reads (OpenPress) and the keys of every open request (scroll, copy, help,
// quit, back). answer-keys.ts and locked-keys.ts hold each kind's own.
import type { RequestRecord } from '../../store/types.js';
import type { KeyPress } from '../keys.js';
import { DETAIL_PAGE } from './detail-windows.js';
import { copyId } from './id-keys.js';
import { quit } from './quit.js';
import { openHelp } from './help-keys.js';
import type { Draft, Effect, InboxState, KeyContext, Lock } from './state.js';

export type KeyResult = { state: InboxState; effects: Effect[] };

/** One press in an open request, with what it is read against. */
export interface OpenPress {
  state: InboxState;
  press: KeyPress;
  ctx: KeyContext;
  record: RequestRecord;
  lock: Lock;
  draft: Draft;
}

export const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

// The keys every open request shares, whatever it can take now.
export const scroll = ({ state }: OpenPress, action: string): KeyResult =>
  done({
    ...state,
    detailScroll:
      action === 'pageUp' ? Math.max(0, state.detailScroll - DETAIL_PAGE) : state.detailScroll + DETAIL_PAGE,
  });
export const copy = ({ state, record }: OpenPress): KeyResult => copyId(state, record);
export const helpOrQuit = ({ state, ctx }: OpenPress, action: string): KeyResult =>
  action === 'quit' ? quit(state, ctx) : done(openHelp(state));
export function back({ state, record, draft }: OpenPress): KeyResult {
  if (state.pendingConfirm) return done({ ...state, pendingConfirm: undefined });
  // Esc ends Tab's typing mode too: the draft keeps its text, not the mode.
  if (draft.literal) state = { ...state, drafts: { ...state.drafts, [record.key]: { ...draft, literal: false } } };
  return done({ ...state, mode: 'browse', openKey: undefined, hint: undefined });
}
