import type { KeyPress } from '../keys.js';
import { editsTextNow } from '../places/typing-now.js';
import { PLACES } from '../places/registry.js';
import { openShape, shownPlace, topPlace } from '../places/top.js';
import type { Effect, InboxState, KeyContext } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/**
 * A paste is text for the row being typed in, and nothing else: it never
 * sends, never moves focus, never runs a command (no binding matches a
 * paste). Anywhere else it is ignored, and the footer says so.
 */
export function reducePaste(state: InboxState, text: string, ctx: KeyContext): KeyResult {
  if (editsTextNow(state, ctx)) return reduceKey(state, { name: 'paste', text }, ctx);
  const place = shownPlace(state, openShape(ctx));
  const answering = place === 'answer' || place === 'form' || place === 'locked';
  const why =
    answering || place === 'batch'
      ? 'Paste ignored: move to the Reply row (or a text field) to paste.'
      : 'Paste ignored: open a request first.';
  if (answering) return done({ ...state, hint: why });
  return done({ ...state, notice: why });
}

/**
 * One key, against the state the previous key left (the update folds a
 * chunk of keys one by one): the place on top of the stack takes it (a
 * question asked over the screen takes every key; lazygit's context stack),
 * by its record's handler (places/registry.ts).
 */
export function reduceKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  return PLACES[topPlace(state, openShape(ctx))].key!(state, key, ctx);
}
