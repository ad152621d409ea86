// "Not now": `z` sets the selected
// request aside for SNOOZE_MS, in a Snoozed group below Pending, not counted
// as waiting; it comes back by itself when the time is up or sooner, when
// the request changes (answered elsewhere, a new Event about it: the store
// replaces a record on every change, so the one kept here is compared by
// identity), or at its last call. `Z` undoes: the selected request's snooze,
// else the newest snooze or hide of this run. Both are recorded in the
// history (effects `snooze` / `unhide`).

import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { fit } from '../text/wrap.js';
import { withKeys } from '../key-labels.js';
import type { Effect, InboxState, KeyResult, Snoozed } from './state.js';

export const SNOOZE_MS = 10 * 60_000;
/** What Z can undo, at most (the oldest goes). */
const UNDO_KEPT = 50;

const NONE: ReadonlyMap<string, Snoozed> = new Map<string, Snoozed>();

export function undoLabel(record: RequestRecord): string {
  return `${displayLine(record.agent, 30)}: ${fit(displayLine(record.payload.prompt, 200), 40)}`;
}

/** An undo entry pushed (bounded). */
export function pushUndo(state: InboxState, entry: InboxState['undo'][number]): InboxState['undo'] {
  const undo = [...state.undo.filter((e) => e.key !== entry.key), entry];
  return undo.length > UNDO_KEPT ? undo.slice(undo.length - UNDO_KEPT) : undo;
}

/** z on the selected request: it goes to Snoozed, and the selection to the request that takes its place. */
export function snooze(
  state: InboxState,
  record: RequestRecord | undefined,
  now: number,
  list: readonly RequestRecord[] = [],
): KeyResult {
  if (!record) return { state: { ...state, notice: 'No request selected.' }, effects: [] };
  if (!OPEN_STATES.has(record.state))
    return { state: { ...state, notice: 'Closed: only an open request can be snoozed.' }, effects: [] };
  if (state.snoozed.has(record.key))
    return {
      state: { ...state, notice: withKeys('browse', 'Already snoozed: {undo} brings it back now.') },
      effects: [],
    };
  const label = undoLabel(record);
  const until = now + SNOOZE_MS;
  const snoozed = new Map(state.snoozed).set(record.key, { until, record, label });
  const tagged = state.tagged.has(record.key)
    ? new Set([...state.tagged].filter((key) => key !== record.key))
    : state.tagged;
  const at = list.indexOf(record);
  const next = [...list.slice(at + 1), ...list.slice(0, Math.max(0, at)).reverse()].find(
    (r) => OPEN_STATES.has(r.state) && !snoozed.has(r.key),
  );
  const selection = next ? { selectedKey: next.key, selectionTouched: true } : {};
  return {
    state: {
      ...state,
      ...selection,
      snoozed,
      tagged,
      undo: pushUndo(state, { kind: 'snooze', key: record.key, label }),
      notice: withKeys(
        'browse',
        'Snoozed for 10 minutes (back sooner if it changes, or at its last call); {undo} undoes.',
      ),
    },
    effects: [{ type: 'snooze', key: record.key, until }],
  };
}

/** Z: the selected request's snooze undone, else the newest snooze or hide of this run. */
export function undo(state: InboxState, selected: RequestRecord | undefined): KeyResult {
  if (selected && state.snoozed.has(selected.key)) return unsnoozed(state, selected.key, 'Back from snooze');
  const last = state.undo[state.undo.length - 1];
  if (!last)
    return {
      state: {
        ...state,
        notice: withKeys(
          'browse',
          'Nothing to undo: no snooze or hide in this run ({history} lists earlier hides; {history.undo} there undoes one).',
        ),
      },
      effects: [],
    };
  const rest = { ...state, undo: state.undo.slice(0, -1) };
  if (last.kind === 'snooze')
    return state.snoozed.has(last.key) ? unsnoozed(rest, last.key, 'Back from snooze') : undo(rest, undefined);
  return state.hidden.has(last.key) ? unhidden(rest, last.key, last.label) : undo(rest, undefined);
}

/** A snooze ended by the operator (the history view or Z). */
export function unsnoozed(state: InboxState, key: string, words: string): KeyResult {
  const entry = state.snoozed.get(key);
  if (!entry) return { state, effects: [] };
  const snoozed = new Map(state.snoozed);
  snoozed.delete(key);
  return {
    state: {
      ...state,
      snoozed,
      undo: state.undo.filter((e) => e.key !== key || e.kind !== 'snooze'),
      notice: `${words} (${entry.label}).`,
    },
    effects: [],
  };
}

/** A hide undone: listed and counted again, and the history records it. */
export function unhidden(state: InboxState, key: string, label: string): KeyResult {
  const hidden = new Set(state.hidden);
  hidden.delete(key);
  const effects: Effect[] = [{ type: 'unhide', key }];
  return {
    state: {
      ...state,
      hidden,
      undo: state.undo.filter((e) => e.key !== key || e.kind !== 'hide'),
      notice: `Shown again (${label}).`,
    },
    effects,
  };
}

/**
 * The snoozes whose time is up, or whose request changed or is gone: they
 * come back (the same state when none does). Cheap: the snoozed are few.
 */
export function wakeSnoozed(
  state: InboxState,
  request: (key: string) => RequestRecord | undefined,
  now: number,
): InboxState {
  if (state.snoozed.size === 0) return state;
  let woken: Map<string, Snoozed> | undefined;
  for (const [key, entry] of state.snoozed) {
    const record = request(key);
    if (now < entry.until && record === entry.record) continue;
    woken ??= new Map(state.snoozed);
    woken.delete(key);
  }
  return woken ? { ...state, snoozed: woken.size ? woken : NONE } : state;
}

/** When the next snooze ends by the clock (Infinity: none). */
export function nextWake(state: InboxState): number {
  let soonest = Infinity;
  for (const entry of state.snoozed.values()) soonest = Math.min(soonest, entry.until);
  return soonest;
}
