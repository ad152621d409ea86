import type { StoreChange } from '../store/store.js';
import { OPEN_STATES } from '../store/types.js';
import { applyRejection, initialFormDraft } from './form/form-state.js';
import { listStartFor } from './inbox/list-view.js';
import { reduceKey } from './inbox/reduce-key.js';
import { draftFor, hasUnsentDraft, type InboxState } from './inbox/state.js';
import type { KeyPress } from './keys.js';
import { buildListView, layoutOf, resolveSelection, type Effect, type Msg, type StoreReader, type UiModel } from './model.js';

export interface UpdateResult {
  model: UiModel;
  effects: Effect[];
}

/** What the update reads besides the model: the store (read only) and the clock. */
export interface World {
  store: StoreReader;
  now: () => number;
}

/**
 * The console's one update (the Elm architecture, as Bubble Tea practises
 * it): every key, store change, clock tick and resize comes through here and
 * yields the next model and the effects to perform (send, resend, quit,
 * bell, notify, suspend). Selection pinning, alerts and rejection feedback
 * are decided here, from what changed, in the same pass: no second render.
 */
export function update(model: UiModel, msg: Msg, world: World): UpdateResult {
  const now = world.now();
  const base = model.now === now ? model : { ...model, now };
  switch (msg.type) {
    case 'key':
      return reconcile(onKey(base, msg.press, world), world);
    case 'store':
      return reconcile(onStore(base, msg.change, world), world);
    case 'resize':
      return reconcile({ model: { ...base, size: msg.size }, effects: [] }, world);
    case 'tick':
      return { model: base, effects: [] };
  }
}

function onKey(model: UiModel, press: KeyPress, world: World): UpdateResult {
  const { store } = world;
  const list = model.view.list;
  const state = { ...model.inbox, selectedIndex: resolveSelection(model.inbox, list) };
  const open = state.openKey ? store.request(state.openKey) : undefined;
  const result = reduceKey(state, press, {
    list,
    open,
    openCommand: state.openKey ? store.lastCommandFor(state.openKey) : undefined,
    claimants: open ? store.claimants(open.relay, open.session) : undefined,
    pageSize: Math.max(1, layoutOf(model.size, store.relays().length).bodyHeight - 2),
    unsentWork: unsentWork(state, store),
  });
  const quitting = model.quitting || result.effects.some((effect) => effect.type === 'quit');
  return { model: { ...model, inbox: result.state, quitting }, effects: result.effects };
}

/** Whether quitting would lose something: a command in flight or a draft for an open, unanswered request. */
function unsentWork(state: InboxState, store: StoreReader): boolean {
  if (store.inFlightCommands().length > 0) return true;
  return hasUnsentDraft({
    ...state,
    drafts: Object.fromEntries(
      Object.entries(state.drafts).filter(([key]) => {
        const record = store.request(key);
        return record && OPEN_STATES.has(record.state) && store.lastCommandFor(key)?.state !== 'accepted';
      }),
    ),
  });
}

function onStore(model: UiModel, change: StoreChange, world: World): UpdateResult {
  const { store } = world;
  const effects: Effect[] = [];
  // Alerts: only what arrived, never a rescan. A request rings once, when it
  // arrives live and pending; history replayed at start-up never rings.
  for (const key of change.added) {
    const record = store.request(key);
    if (!record || record.replayed || record.state !== 'pending') continue;
    if (model.config.bell) effects.push({ type: 'bell' });
    if (model.config.notify) effects.push({ type: 'notify', title: 'aep-console', body: `${record.agent} needs you: ${record.payload.kind}` });
  }
  // Rejection feedback: a form the emitter rejected comes back with every
  // value kept, focus on the field the detail names, the detail beside it.
  let inbox = model.inbox;
  let rejectionsSeen = model.rejectionsSeen;
  for (const id of change.commands) {
    const command = store.command(id);
    if (!command || command.state !== 'rejected' || rejectionsSeen.has(id)) continue;
    rejectionsSeen = new Set(rejectionsSeen).add(id);
    const record = store.request(command.requestKey);
    if (!record || record.payload.kind !== 'form') continue;
    if (!(record.key in inbox.drafts) && inbox.openKey !== record.key) continue;
    const draft = draftFor(inbox, record);
    const form = applyRejection(record.payload.fields, draft.form ?? initialFormDraft(), command.detail ?? command.reason ?? 'rejected');
    inbox = { ...inbox, drafts: { ...inbox.drafts, [record.key]: { ...draft, form } } };
  }
  return { model: { ...model, inbox, rejectionsSeen }, effects };
}

/**
 * After every message: the list view rebuilt when the store or the filter
 * moved on (once per version, shared by keys and painting), the selection
 * pinned to a request, and the list window kept around it.
 */
function reconcile(result: UpdateResult, world: World): UpdateResult {
  const { store } = world;
  let model = result.model;
  if (model.view.version !== store.version || model.view.filter !== model.inbox.filter) {
    model = { ...model, view: buildListView(store, model.inbox.filter) };
  }
  const { list, openCount } = model.view;
  let inbox = model.inbox;
  let index = 0;
  // While the start-up replay is still arriving (and the operator has not
  // moved), the first row is not yet the first row the operator will see: not pinned.
  const replaying = store.relays().some((relay) => relay.replaying);
  if (!inbox.selectionTouched && replaying) {
    if (inbox.selectedKey !== undefined || inbox.selectedIndex !== 0) inbox = { ...inbox, selectedKey: undefined, selectedIndex: 0 };
  } else {
    index = resolveSelection(inbox, list);
    const key = list[index]?.key;
    if (key !== undefined && (key !== inbox.selectedKey || index !== inbox.selectedIndex)) inbox = { ...inbox, selectedKey: key, selectedIndex: index };
  }
  const height = layoutOf(model.size, store.relays().length).bodyHeight;
  const listStart = listStartFor(list.length, openCount, index, height, model.listStart);
  if (inbox !== model.inbox || listStart !== model.listStart) model = { ...model, inbox, listStart };
  return { model, effects: result.effects };
}
