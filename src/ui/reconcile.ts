// After every message: the list view rebuilt when the store, the filter,
// the hides or the snoozes moved on (once per version, shared by keys and
// painting), the selection kept on a request (handed to its neighbour in
// Pending when it closes), marks dropped from requests that can no longer
// take them, the list window kept around the selection, and the causes the
// detail and the rows need asked for.
import { listStartFor } from './inbox/list-view.js';
import { wakeSnoozed } from './inbox/snooze.js';
import { answerableFrom } from './key-state.js';
import { ensureCause } from './fetches.js';
import { causeOf } from './cause-of.js';
import { ensureRowCauses } from './row-causes.js';
import type { RequestRecord } from '../store/types.js';
import { forgetGone } from './forget.js';
import { timelineRoom, timelineRowCount } from './inbox/timeline-view.js';
import type { InboxState } from './inbox/state.js';
import { pinStore } from './store-snapshot.js';
import { awayNow } from './no-agent.js';
import { buildListView, layoutOf, resolveSelection, type Effect, type ListView, type UiModel } from './model.js';
import type { UpdateResult, World } from './update-types.js';

export function reconcile(result: UpdateResult, before: ListView, world: World): UpdateResult {
  const { store } = world;
  let model = withView(result.model, world);
  const { list, openCount } = model.view;
  const replaying = store.relays().some((relay) => relay.replaying);
  const [selected, index] = keepSelection(model, before, replaying);
  const inbox = keepMarks(selected, model, before, world);
  const height = layoutOf(model.size, store.relays().length).bodyHeight;
  const listStart = listStartFor(
    list.length,
    openCount,
    index,
    height,
    model.listStart,
    model.view.noAgent,
    model.view.snoozedCount,
  );
  const bounded = withTimelineBounds(inbox, model, height);
  if (bounded !== model.inbox || listStart !== model.listStart) model = { ...model, inbox: bounded, listStart };
  const cause = ensureCause(model, store, model.now);
  const rows = withRowCauses(cause.model, store);
  const effects = [...cause.effects, ...rows.effects];
  return { model: rows.model, effects: effects.length ? [...result.effects, ...effects] : result.effects };
}

/** The causes of open rows nobody has read yet, asked for a few reads at a time (row-causes.ts). */
function withRowCauses(model: UiModel, store: World['store']): { model: UiModel; effects: Effect[] } {
  const unread = (record: RequestRecord) => causeOf(model, record).state === 'unread';
  const { rows, effects } = ensureRowCauses(model.rowCauses, model.view, store, model.now, unread);
  return { model: rows === model.rowCauses ? model : { ...model, rowCauses: rows }, effects };
}

/** The snoozes that end now ended, and the list built again when what it reads moved on. */
function withView(start: UiModel, world: World): UiModel {
  const { store } = world;
  let model = start;
  // A snooze whose time is up, or whose request changed, ends (snooze.ts).
  const awake = wakeSnoozed(model.inbox, (key) => store.request(key), model.now);
  if (awake !== model.inbox) model = { ...model, inbox: awake };
  const view = model.view;
  // The clock alone can move a request to "No agent connected" (no-agent.ts): then the list is built again too.
  const stale =
    view.version !== store.version ||
    view.filter !== model.inbox.filter ||
    view.hidden !== model.inbox.hidden ||
    view.snoozed !== model.inbox.snoozed ||
    model.now >= view.away.regroupAt;
  if (!stale) return model;
  // The store pinned once per version folded (the view reads only that); a new filter reuses it.
  const snapshot = model.snapshot.version === store.version ? model.snapshot : pinStore(store);
  const away = awayNow(
    snapshot.allRequests(),
    (relay, session) => store.absentSince(relay, session),
    model.now,
    model.config.noAgentAfterMs,
  );
  // Drafts and rejections of requests and commands the store forgot go too (forget.ts).
  const listView = buildListView(snapshot, model.inbox.filter, model.inbox.hidden, away, model.inbox.snoozed);
  return forgetGone({ ...model, snapshot, view: listView }, store);
}

/** The selection kept on its request, or moved where the operator expects it; and its index in the list. */
function keepSelection(model: UiModel, before: ListView, replaying: boolean): [InboxState, number] {
  const { list, openCount } = model.view;
  let inbox = model.inbox;
  // While the start-up replay is still arriving (and the operator has not
  // moved), the first row is not yet the first row the operator will see: not pinned.
  if (!inbox.selectionTouched && replaying) {
    if (inbox.selectedKey !== undefined || inbox.selectedIndex !== 0)
      inbox = { ...inbox, selectedKey: undefined, selectedIndex: 0 };
    return [inbox, 0];
  }
  let index = resolveSelection(inbox, list);
  // The selected request closed (Pending → Recent) under the selection: its
  // neighbour in Pending takes the selection, not the request in Recent.
  const wasAt = model.view !== before ? before.list.findIndex((record) => record.key === inbox.selectedKey) : -1;
  const closedUnder = wasAt >= 0 && wasAt < before.openCount && index >= openCount;
  if (closedUnder && inbox.mode === 'answer') {
    // Closed while open: the detail stays on it; Esc goes to its neighbour in Pending.
    inbox = { ...inbox, closedAt: wasAt };
  } else if (model.inbox.filter && model.inbox.filter !== before.filter) {
    // A new filter: the selection goes to its first match.
    index = 0;
  } else if (closedUnder) {
    // With nothing left in Pending it waits in Recent ("parked") and goes to the first new request.
    if (openCount > 0) index = Math.min(wasAt, openCount - 1);
    else inbox = { ...inbox, parked: true };
  } else if (inbox.parked && openCount > 0 && inbox.mode === 'browse') {
    index = 0;
    inbox = { ...inbox, parked: false };
  }
  const key = list[index]?.key;
  if (key !== undefined && (key !== inbox.selectedKey || index !== inbox.selectedIndex))
    inbox = { ...inbox, selectedKey: key, selectedIndex: index };
  return [inbox, index];
}

/** Marks dropped from requests that can no longer take an answer (closed, or ours on its way). */
function keepMarks(inbox: InboxState, model: UiModel, before: ListView, world: World): InboxState {
  if (!inbox.tagged.size || model.view === before) return inbox;
  const answerable = answerableFrom(world.store);
  const kept = [...inbox.tagged].filter((key) => {
    const record = world.store.request(key);
    return record !== undefined && answerable(record);
  });
  return kept.length !== inbox.tagged.size ? { ...inbox, tagged: new Set(kept) } : inbox;
}

/** The timeline's last possible first row, once its Events are known (keys scroll within it). */
function withTimelineBounds(inbox: InboxState, model: UiModel, height: number): InboxState {
  const fetched = model.timelineData?.fetched;
  if (!inbox.timeline || fetched?.state !== 'done' || !fetched.result.ok) return inbox;
  const maxStart = Math.max(0, timelineRowCount(fetched.result.events) - timelineRoom(height));
  if (inbox.timeline.maxStart === maxStart) return inbox;
  return { ...inbox, timeline: { ...inbox.timeline, maxStart } };
}
