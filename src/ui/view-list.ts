// The frame's list of requests (view.ts): each row decorated with its mark,
// draft and status, the decorations kept while what they read stays the same.
import { causeOf } from './cause-of.js';
import { causeEdit, editCounts } from './inbox/diff-view.js';
import { buildListLines } from './inbox/list-view.js';
import type { RowDecoration } from './inbox/list-row.js';
import { isUnsent, noAnswerStands } from './inbox/state.js';
import { rowStatus } from './inbox/row-status.js';
import { openElsewhere, openElsewhereWord } from '../store/open-elsewhere.js';
import { hasTwin } from './twins.js';
import { ruleRowText, rulesEnded } from './rules/rule-state.js';
import { withRuleText } from './rules/rule-view.js';
import { controlRowStatus } from './inbox/control-status.js';
import { onLastCall } from './last-call.js';
import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import type { UiModel } from './model.js';
import type { FrameContext } from './view-detail.js';
import type { Line } from './text/line.js';
import type { StoreSnapshot } from './store-snapshot.js';

/** Whether a part of the frame read the same values (each replaced, never changed, on change) as when it was last built. */
export function sameReads(before: readonly unknown[], now: readonly unknown[]): boolean {
  return before.length === now.length && before.every((read, i) => read === now[i]);
}

/**
 * Row decorations as last worked out, per record, for as long as what they
 * read stays the same: the store as folded (a snapshot per version), the
 * marks, the drafts, the rules and the glyphs, all replaced on change. A
 * move changes none of them, so it decorates no row again. Bounded: past
 * DECORATIONS_KEPT records the oldest goes.
 */
const DECORATIONS_KEPT = 256;
let decorated: { reads: readonly unknown[]; byRecord: Map<RequestRecord, RowDecoration> } = {
  reads: [],
  byRecord: new Map(),
};

function decorationsFor(reads: readonly unknown[]): Map<RequestRecord, RowDecoration> {
  if (!sameReads(decorated.reads, reads)) decorated = { reads, byRecord: new Map() };
  return decorated.byRecord;
}

/** The list of requests, each row decorated with its mark, draft and status. */
export function listLines(frame: FrameContext): Line[] {
  const { model, store, relays, layout } = frame;
  const { inbox, glyphs: g } = model;
  const relayNumber = new Map(relays.map((r, i) => [r.relay, i + 1]));
  const decorations = decorationsFor([
    store,
    inbox.tagged,
    inbox.drafts,
    model.rules,
    // A rule's end passing changes what its rows say (the clock ticks then: clock.ts).
    rulesEnded(model.rules, model.now),
    g,
    model.lastCalls,
    model.causes,
    model.rowCauses?.found,
  ]);
  const decorate = (record: RequestRecord): RowDecoration => {
    const known = decorations.get(record);
    if (known) return known;
    const command = store.lastCommandFor(record.key);
    const edit = causeEdit(record, causeOf(model, record));
    const decoration = {
      edit: edit?.state === 'diff' ? editCounts(edit.diff) : undefined,
      tagged: inbox.tagged.has(record.key),
      draft: isUnsent(inbox.drafts[record.key]) && noAnswerStands(command) && OPEN_STATES.has(record.state),
      // An answer of ours speaks first; otherwise what cancel / pause did to the session.
      status: withRuleText(
        command
          ? (rowStatus(record, command, g) ?? controlRowStatus(record, store))
          : (controlRowStatus(record, store) ?? rowStatus(record, command, g) ?? lastCallStatus(model, record)),
        ruleRowText(model.rules, record, model.now),
      ),
    };
    if (decorations.size >= DECORATIONS_KEPT) decorations.delete(decorations.keys().next().value!);
    decorations.set(record, decoration);
    return decoration;
  };
  return buildListLines({
    records: model.view.list,
    openCount: model.view.openCount,
    selectedIndex: inbox.selectedIndex,
    width: layout.listWidth,
    height: layout.bodyHeight,
    now: model.now,
    focused: !frame.isAnswering && !frame.inBatch,
    relayLabel: relays.length > 1 ? (r) => `[${relayNumber.get(r.relay) ?? '?'}]` : undefined,
    informational: model.view.informational,
    noAgent: model.view.noAgent,
    snoozed: model.view.snoozedCount,
    start: model.listStart,
    glyphs: g,
    emptyNote: frame.emptyNote,
    decorate,
    elsewhere: elsewhereWord(relays, store),
    // The decorations are kept while what they read stays the same, the snapshot
    // among it (relays included: a relay's change is a new version): the rows' epoch.
    epoch: decorations,
  });
}

/** A request whose last call has rung says so on its row (until it closes). */
function lastCallStatus(model: UiModel, record: RequestRecord): RowDecoration['status'] {
  return onLastCall(model, record) ? { text: 'last call', color: 'red' } : undefined;
}

/** Another console's open-request note, as a row says it; never this console's own (its source per relay), never on twins. */
function elsewhereWord(
  relays: FrameContext['relays'],
  store: StoreSnapshot,
): (record: RequestRecord, now: number) => string | undefined {
  const own = new Map(relays.map((r) => [r.relay, r.noticeSource]));
  return (record, now) => {
    if (record.routed.length === 0 || hasTwin(store, record)) return undefined;
    const open = openElsewhere(record, now, own.get(record.relay));
    return open && openElsewhereWord(open);
  };
}
