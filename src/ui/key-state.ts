// The inbox state a key acts on and what it reads besides (KeyContext),
// from the model as last painted and the store: what every key, paste and
// mouse event of the update (update.ts) is folded against.
import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import { answerable } from '../store/answerable.js';
import { answerRefusal, gateRefusal } from '../store/ledger.js';
import { suggestedOption } from './rules/rule-state.js';
import { scopesFor } from './rules/rule-update.js';
import { listedRules } from './rules/rules-screen.js';
import { isUnsent, noAnswerStands, type InboxState, type KeyContext } from './inbox/state.js';
import { layoutOf, resolveSelection, type StoreReader, type UiModel } from './model.js';

/** Whether a request can take an answer from the keys now (store/answerable.ts says what that asks). */
export function answerableFrom(store: StoreReader): (record: RequestRecord) => boolean {
  return (record) => {
    const command = store.lastCommandFor(record.key);
    return answerable(record, 'keys', command);
  };
}

/** The inbox state a key acts on and what it reads besides, from the model as last painted. */
export function keyState(model: UiModel, world: { store: StoreReader }): [InboxState, KeyContext, RequestRecord[]] {
  const { store } = world;
  // Keys act on the list as last painted: a row that changed under the
  // operator's finger (closed, reordered) is still the row the key meant.
  const shown = model.shown && model.shown.version !== model.view.version ? model.shown : undefined;
  const list = shown ? shown.list : model.view.list;
  const selectedKey = shown ? shown.selectedKey : model.inbox.selectedKey;
  const state = { ...model.inbox, selectedKey, selectedIndex: resolveSelection({ ...model.inbox, selectedKey }, list) };
  const open = state.openKey ? store.request(state.openKey) : undefined;
  const answerable = answerableFrom(store);
  const ctx: KeyContext = {
    list,
    open,
    openCommand: state.openKey ? store.lastCommandFor(state.openKey) : undefined,
    claimants: open ? store.claimants(open.relay, open.session) : undefined,
    pageSize: Math.max(1, layoutOf(model.size, store.relays().length).bodyHeight - 2),
    now: model.now,
    // Counted only when a quit key asks: it walks every draft and command.
    unsentWork: () => unsentWork(state, store),
    answerable,
    tagged: taggedRecords(state, store, answerable),
    commandFor: (key) => store.lastCommandFor(key),
    scopes: scopesFor(model, store),
    rules: model.rules
      ? { auto: model.rules.auto, suggest: (record) => suggestedOption(model.rules, record, model.now) }
      : undefined,
    ruleList: listedRules(model.rules),
    refusal: (record) => answerRefusal(store, record),
    controlRefusal: (record) => gateRefusal(store, record, 'control'),
    session: (record) => ({
      accepts: store.accepts(record.relay, record.session),
      paused: store.sessionControl(record.relay, record.source, record.session)?.paused?.paused === true,
    }),
  };
  return [state, ctx, list];
}

/** The marked requests (in the order they were marked; a filter does not unmark) that can still take an answer. */
function taggedRecords(
  state: InboxState,
  store: StoreReader,
  answerable: (record: RequestRecord) => boolean,
): RequestRecord[] {
  const records: RequestRecord[] = [];
  for (const key of state.tagged) {
    const record = store.request(key);
    if (record && answerable(record)) records.push(record);
  }
  return records;
}

/** What quitting would lose: drafts for open, unanswered requests, and commands in flight. */
function unsentWork(state: InboxState, store: StoreReader): { drafts: number; inFlight: number } {
  let drafts = 0;
  for (const [key, draft] of Object.entries(state.drafts)) {
    if (!isUnsent(draft)) continue;
    const record = store.request(key);
    if (
      record &&
      OPEN_STATES.has(record.state) &&
      record.state !== 'answered' &&
      noAnswerStands(store.lastCommandFor(key))
    )
      drafts++;
  }
  return { drafts, inFlight: store.inFlightCommands().length };
}
