// What a click and the wheel do, in every place the keys can be: the wheel
// moves the list's selection (as lazygit's lists do: one row a notch) and
// scrolls the detail, help and the timeline; a click selects a request of
// the list, an option or the Reply row of the open request or the batch, a
// form's field or choice, or Submit. Nothing here ever sends, confirms or
// answers a question: sending is Enter (a terminal multiplexer forwards the
// click that focuses a pane, and that click must do no more than select).
// A wheel notch that moves a selection is the key that moves it
// (the scope's first named key for that action), so it does what the
// footer says that key does.

import type { KeySpec, Scope, ActionOf } from '../key-table.js';
import { bindingsNow } from '../key-table.js';
import type { KeyPress, KeyName } from '../keys.js';
import type { MouseEvent } from '../mouse.js';
import type { MouseTarget } from '../mouse-target.js';
import type { RowTarget } from '../text/targets.js';
import { fieldDraft, initialFormDraft } from '../form/form-state.js';
import { commonOptions } from './batch.js';
import { isFillableForm } from './detail-view.js';
import { reduceKey } from './reduce-key.js';
import { answerLock, draftFor, done, type InboxState, type KeyContext, type KeyResult } from './state.js';

/** Rows a notch scrolls a text (the detail's prompt, help, the timeline), as terminals scroll. */
export const WHEEL_LINES = 3;

/** The first key of an action that is not a printable character (a wheel notch must never be typed). */
function namedPress<S extends Scope>(scope: S, action: ActionOf<S>): KeyPress | undefined {
  const spec = (bindingsNow()[scope] as Record<string, readonly KeySpec[]>)[action as string]?.find(
    (s) => s.length > 1,
  );
  return spec === undefined ? undefined : { name: spec as KeyName, text: '' };
}

/** The key an action is, pressed `times` times in the place the keys are. */
function pressed<S extends Scope>(
  state: InboxState,
  ctx: KeyContext,
  scope: S,
  action: ActionOf<S>,
  times = 1,
): KeyResult {
  const press = namedPress(scope, action);
  let result: KeyResult = done(state);
  if (!press) return result;
  for (let i = 0; i < times; i++) result = reduceKey(result.state, press, ctx);
  return result;
}

function wheel(state: InboxState, target: MouseTarget, up: boolean, ctx: KeyContext): KeyResult {
  const top = state.modals[state.modals.length - 1];
  const move = up ? 'up' : 'down';
  if (top?.kind === 'help') return pressed(state, ctx, 'help', move, WHEEL_LINES);
  if (top) return done(state);
  switch (state.mode) {
    case 'browse':
      return target.region === 'list' ? pressed(state, ctx, 'browse', move) : done(state);
    case 'answer':
      if (target.region !== 'detail') return done(state);
      return done({ ...state, detailScroll: Math.max(0, state.detailScroll + (up ? -WHEEL_LINES : WHEEL_LINES)) });
    case 'timeline':
      return pressed(state, ctx, 'timeline', move, WHEEL_LINES);
    case 'history':
      return state.history?.filtering
        ? done(state)
        : pressed(
            state,
            ctx,
            state.history?.open !== undefined ? 'decision' : 'history',
            move,
            state.history?.open !== undefined ? WHEEL_LINES : 1,
          );
    default:
      return done(state);
  }
}

/** A click on a list row: that request is selected (nothing opens: Enter does). */
function selectRow(state: InboxState, index: number, ctx: KeyContext): KeyResult {
  const record = ctx.list[index];
  if (!record) return done(state);
  return done({
    ...state,
    selectedKey: record.key,
    selectedIndex: index,
    selectionTouched: true,
    parked: false,
    notice: undefined,
  });
}

/** A click on a control of the open request: it takes the highlight, as the keys would move it there. */
function selectControl(state: InboxState, row: RowTarget, ctx: KeyContext): KeyResult {
  const record = ctx.open;
  if (!record || answerLock(record, ctx.openCommand) !== 'none') return done(state);
  const draft = draftFor(state, record);
  const set = (next: typeof draft) =>
    done({ ...state, drafts: { ...state.drafts, [record.key]: next }, pendingConfirm: undefined, hint: undefined });
  if (isFillableForm(record)) {
    const fields = record.payload.fields;
    const form = draft.form ?? initialFormDraft();
    if (row.kind === 'submit') return set({ ...draft, form: { ...form, active: fields.length } });
    if (row.kind === 'field' && row.index < fields.length)
      return set({ ...draft, form: { ...form, active: row.index } });
    if (row.kind === 'choice' && row.field >= 0 && row.field < fields.length) {
      const field = fields[row.field];
      return set({
        ...draft,
        form: {
          ...form,
          active: row.field,
          fields: { ...form.fields, [field.id]: { ...fieldDraft(form, field), highlight: row.choice } },
        },
      });
    }
    return done(state);
  }
  const options = record.payload.options.length;
  if (row.kind === 'option' && row.index < options) return set({ ...draft, highlight: row.index, literal: false });
  if (row.kind === 'reply') return set({ ...draft, highlight: options, literal: false });
  return done(state);
}

/** A click on a control of the batch: a shared option, or the Reply row. */
function selectBatchControl(state: InboxState, row: RowTarget, ctx: KeyContext): KeyResult {
  const shared = commonOptions(ctx.tagged).length;
  const highlight = row.kind === 'option' && row.index < shared ? row.index : row.kind === 'reply' ? shared : undefined;
  return highlight === undefined
    ? done(state)
    : done({ ...state, batch: { ...state.batch, highlight, literal: false }, notice: undefined });
}

function click(state: InboxState, target: MouseTarget, ctx: KeyContext): KeyResult {
  // A question asked over the screen waits for its answer in keys: a click answers nothing.
  if (state.modals.length) return done(state);
  if (state.mode === 'browse' && target.region === 'list' && target.index !== undefined)
    return selectRow(state, target.index, ctx);
  if (target.region !== 'detail' || !target.row) return done(state);
  if (state.mode === 'answer') return selectControl(state, target.row, ctx);
  if (state.mode === 'batch') return selectBatchControl(state, target.row, ctx);
  return done(state);
}

/**
 * A mouse event where it landed. Whatever a key it stands for would ask
 * beyond the inbox, a mouse event asks nothing: no effect, no step.
 */
export function mouseKey(state: InboxState, target: MouseTarget, event: MouseEvent, ctx: KeyContext): KeyResult {
  const result =
    event.kind === 'click' ? click(state, target, ctx) : wheel(state, target, event.kind === 'wheelUp', ctx);
  return { state: result.state, effects: [] };
}
