import type { Scope } from '../key-table.js';
import type { InboxState, KeyContext, Modal } from '../inbox/state.js';
import { answerLock } from '../inbox/state.js';
import { isFillableForm } from '../inbox/detail-view.js';
import { PLACES, SCOPES } from './registry.js';
import { mainPlace, type OpenShape } from './stack.js';

// The places open now, as one stack (lazygit's context stack): the main
// place at the bottom (stack.ts), the questions and overlays asked over it
// above (`modals`, each the place whose record asks it). The top takes the
// keys, draws the footer and says whether a key is text; the place records
// (registry.ts) say how.

/** The open request as the place stack reads it. */
export function openShape(ctx: Pick<KeyContext, 'open' | 'openCommand'>): OpenShape | undefined {
  return ctx.open ? { lock: answerLock(ctx.open, ctx.openCommand), form: isFillableForm(ctx.open) } : undefined;
}

/** The place a question or overlay is: the record that says it asks it (places/registry.ts). */
export function questionPlace(modal: Modal): Scope {
  const place = SCOPES.find((scope) => PLACES[scope].asks?.(modal));
  if (place === undefined) throw new Error(`no place asks the question "${modal.kind}"`);
  return place;
}

/** The place a question is where it stands; undefined for one that takes no keys there (`a`'s question off the open request). */
export function askedPlace(modal: Modal, mode: InboxState['mode']): Scope | undefined {
  const place = questionPlace(modal);
  const over = PLACES[place].onlyOver;
  return over === undefined || over === mode ? place : undefined;
}

/** Every place open now, the main one first. */
export function placeStack(state: Pick<InboxState, 'mode' | 'history' | 'modals'>, open?: OpenShape): Scope[] {
  const asked = state.modals.flatMap((modal) => askedPlace(modal, state.mode) ?? []);
  return [mainPlace(state, open), ...asked];
}

/** The place on top: it takes the keys. */
export function topPlace(state: Pick<InboxState, 'mode' | 'history' | 'modals'>, open?: OpenShape): Scope {
  const top = state.modals[state.modals.length - 1];
  return (top && askedPlace(top, state.mode)) ?? mainPlace(state, open);
}

/** The place the screen draws: the stack's top, but for a question asked over the place under it (`over`). */
export function shownPlace(state: Pick<InboxState, 'mode' | 'history' | 'modals'>, open?: OpenShape): Scope {
  const stack = placeStack(state, open);
  const top = stack[stack.length - 1];
  return PLACES[top].over ? stack[0] : top;
}
