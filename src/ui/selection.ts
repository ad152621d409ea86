import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import { isFromFile } from '../store/file-relay.js';
import type { StoreReader } from '../store/writers.js';
import type { InboxState } from './inbox/state.js';

// Where the selection goes when something other than a movement key moves
// it: after an answer, after a batch, back
// from a request that closed while open, and on a new filter.

/** Open and able to take an answer (forms included), waiting on the operator (its agent not gone), with no answer of ours in flight. */
export function nextCandidate(
  store: Pick<StoreReader, 'lastCommandFor'>,
  sent: ReadonlySet<string>,
  away: ReadonlySet<string> = new Set(),
): (record: RequestRecord) => boolean {
  return (record) => {
    if (sent.has(record.key) || away.has(record.key) || record.state !== 'pending' || isFromFile(record)) return false;
    const state = store.lastCommandFor(record.key)?.state;
    return state !== 'sending' && state !== 'accepted';
  };
}

/**
 * After an answer is sent: back to the list, on the next open request that
 * has no answer in flight, forms included (below first, then above), never
 * on one in Recent. After a batch the selection stays on the row that was
 * selected while that is still open.
 */
export function afterSend(
  state: InboxState,
  list: RequestRecord[],
  sent: Set<string>,
  candidate: (record: RequestRecord) => boolean,
  batch: boolean,
): InboxState {
  const back: InboxState = {
    ...state,
    mode: 'browse',
    openKey: undefined,
    hint: undefined,
    pendingConfirm: undefined,
    selectionTouched: true,
  };
  const from = list.findIndex((record) => record.key === (state.openKey ?? state.selectedKey));
  if (batch && from >= 0 && OPEN_STATES.has(list[from].state))
    return { ...back, selectedKey: list[from].key, selectedIndex: from };
  let next: RequestRecord | undefined;
  for (let i = from + 1; i < list.length && !next; i++) if (candidate(list[i])) next = list[i];
  for (let i = from - 1; i >= 0 && !next; i--) if (candidate(list[i])) next = list[i];
  if (!next) return back;
  return { ...back, selectedKey: next.key, selectedIndex: list.indexOf(next) };
}

/**
 * Back (Esc) from a request that closed while it was open: the selection
 * lands on the nearest open request in Pending (where the closed one was,
 * `closedAt`, or the last), not on the closed one in Recent.
 */
export function afterBack(state: InboxState, list: RequestRecord[], openCount: number): InboxState {
  // Opened from Recent on purpose (or still open): the selection stays where it is.
  if (state.closedAt === undefined) return state;
  const at = list.findIndex((record) => record.key === state.selectedKey);
  if (at >= 0 && at < openCount) return { ...state, closedAt: undefined };
  if (openCount === 0) return { ...state, closedAt: undefined, parked: true };
  const index = Math.min(state.closedAt ?? 0, openCount - 1);
  return { ...state, selectedKey: list[index].key, selectedIndex: index, closedAt: undefined };
}
