import { causeOf } from './cause-of.js';
import { causeEdit, editCounts } from './inbox/diff-view.js';
import { isFillableForm } from './inbox/detail-view.js';
import { footerDigits } from './inbox/footer-view.js';
import { footerLine } from './places/footer-line.js';
import { buildHelpLines } from './inbox/help-view.js';
import { buildListLines, listStartFor } from './inbox/list-view.js';
import type { RowDecoration } from './inbox/list-row.js';
import { buildStatusLines } from './inbox/status-view.js';
import { answerLock, isUnsent, modalOf, noAnswerStands } from './inbox/state.js';
import { shownPlace } from './places/top.js';
import { controlAsked } from './inbox/control-keys.js';
import { emptyPendingNote } from './inbox/empty-state.js';
import { rowStatus } from './inbox/row-status.js';
import { openElsewhere, openElsewhereWord } from '../store/open-elsewhere.js';
import { hasTwin } from './twins.js';
import { ruleRowText, rulesEnded, rulesStatus } from './rules/rule-state.js';
import { withRuleText } from './rules/rule-view.js';
import { controlRowStatus } from './inbox/control-status.js';
import { controlQuestion } from './inbox/control-question.js';
import { onLastCall } from './last-call.js';
import { buildTimelineLines } from './inbox/timeline-view.js';
import { buildHistoryLines } from './history/history-view.js';
import { buildRulesLines, listedRules } from './rules/rules-screen.js';
import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import { FORM_COLUMNS, STATUS_RELAY_ROWS, layoutOf, type UiModel } from './model.js';
import { detailLines, type FrameContext } from './view-detail.js';
import { fitLine, seg, type Line } from './text/line.js';
import { fit } from './text/wrap.js';
import type { StoreSnapshot } from './store-snapshot.js';

export interface Frame {
  status: Line[];
  /** The body's rows when it takes the whole width (side by side: none, see `columns`). */
  body: Line[];
  /**
   * Side by side: the body's two columns and the rule between them. The
   * frame's text is made from these parts, each styled once per line
   * (app.tsx), not from rows joined anew every frame (bodyRows joins them).
   */
  columns?: { list: Line[]; rule: Line; detail: Line[]; listWidth: number };
  footer: Line;
  height: number;
  bodyHeight: number;
}

/**
 * The whole screen as exact rows, from the model alone (the store as the
 * model last folded it is its `snapshot`): status line, body (list, detail
 * or both side by side, or help), footer. Every row is cut to the width
 * here, so no box clips (clipping costs Ink a slice of every row, every frame).
 */
export function view(model: UiModel): Frame {
  const frame = frameContext(model);
  const { inbox, size } = model;
  const status = statusLines(model, frame.relays);
  const { body, columns } = bodyLines(frame);
  const { store, open, isAnswering, layout } = frame;
  const lock = isAnswering && open ? answerLock(open, store.lastCommandFor(open.key)) : undefined;
  const control = controlAsked(inbox);
  const asked = control ? store.request(control.key) : undefined;
  const question = asked && control ? controlQuestion(asked, control.request) : undefined;
  const digits = footerDigits(inbox, store, model.view.list[inbox.selectedIndex], isAnswering ? open : undefined, lock);
  const footer = footerLine({
    state: inbox,
    width: size.columns,
    lock,
    form: isAnswering && open !== undefined && isFillableForm(open),
    question,
    digits,
    readOnly: model.config.readOnly === true,
  });
  return {
    status,
    body: body.slice(0, layout.bodyHeight),
    ...(columns ? { columns } : {}),
    footer,
    height: layout.frameHeight,
    bodyHeight: layout.bodyHeight,
  };
}

/** Whether a part of the frame read the same values (each replaced, never changed, on change) as when it was last built. */
function sameReads(before: readonly unknown[], now: readonly unknown[]): boolean {
  return before.length === now.length && before.every((read, i) => read === now[i]);
}

/**
 * The status rows as last built, while what they read stays the same (the
 * relays and counts are replaced on change): a key changes none of it. A
 * relay waiting to retry counts its seconds down: then they are built anew.
 */
let status: { reads: readonly unknown[]; lines: Line[] } | undefined;

function statusLines(model: UiModel, relays: FrameContext['relays']): Line[] {
  const { inbox, size, now } = model;
  // --read-only says so first, where the rules' AUTO would be: nothing is sent from this console.
  const rules = model.config.readOnly
    ? ['read-only', rulesStatus(model.rules)].filter(Boolean).join(` ${model.glyphs.dot} `)
    : rulesStatus(model.rules);
  const reads = [
    relays,
    model.view.counts,
    inbox.filter,
    size.columns,
    model.alerts.held,
    model.config.bell,
    rules,
    model.glyphs,
  ];
  const counting = relays.some((relay) => 'retryAt' in relay.connection && relay.connection.retryAt !== undefined);
  if (!counting && status !== undefined && sameReads(status.reads, reads)) return status.lines;
  const lines = buildStatusLines({
    relays,
    counts: model.view.counts,
    filter: inbox.filter,
    width: size.columns,
    now,
    maxRows: STATUS_RELAY_ROWS,
    heldAlerts: model.alerts.held,
    alertWord: model.config.bell ? 'bell' : 'notice',
    rules,
  }).map((l) => l.map((s) => ({ ...s, text: fit(s.text, size.columns) })));
  status = { reads, lines };
  return lines;
}

/** The body's rows as drawn, side by side or not (a list row, the rule and its detail row joined). */
export function bodyRows(frame: Frame): Line[] {
  if (!frame.columns) return frame.body;
  const { list, rule, detail } = frame.columns;
  return list.map((l, i): Line => [...l, ...rule, ...(detail[i] ?? [])]);
}

/** What every part of the frame reads, worked out once (the mouse reads it too: mouse-target.ts). */
export function frameContext(model: UiModel): FrameContext {
  const { inbox, now, snapshot: store } = model;
  const relays = store.relays();
  const open = inbox.openKey ? store.request(inbox.openKey) : undefined;
  const isAnswering = answering(model);
  // A form being filled in gets the room it has alone at 60 columns.
  const layout = layoutOf(
    model.size,
    relays.length,
    isAnswering && open !== undefined && isFillableForm(open) ? FORM_COLUMNS : 0,
  );
  const selected = model.view.list[inbox.selectedIndex];
  // In a batch, under its question, help or the quit question too.
  const inBatch = inbox.mode === 'batch';
  const emptyNote =
    model.view.openCount - model.view.noAgent - model.view.snoozedCount === 0
      ? emptyPendingNote(relays, model.view.counts.pending, inbox.filter, now, layout.listWidth)
      : undefined;
  return {
    model,
    store,
    relays,
    layout,
    open,
    isAnswering,
    inBatch,
    emptyNote,
    detailRecord: isAnswering ? open : layout.wide ? selected : undefined,
  };
}

/** Whether the detail has the keys (answer mode, or help / quit prompt over it). */
export function answering(model: UiModel): boolean {
  return model.inbox.mode === 'answer';
}

/** The body for the mode: a timeline, the history, help, or the inbox (list and detail). */
function bodyLines(frame: FrameContext): Pick<Frame, 'body' | 'columns'> {
  const { model, layout } = frame;
  const { size, glyphs: g } = model;
  const whole = wholeWidthBody(frame);
  if (whole) return { body: whole.map((l) => fitLine(l, size.columns, false)) };
  const listed = listLines(frame);
  if (!layout.wide) return { body: listed.map((l) => fitLine(l, size.columns, false)) };
  const detailed = detailLines(frame, layout.detailWidth);
  const rule = [seg(` ${g.rule} `, { dim: true })];
  const list = Array.from({ length: layout.bodyHeight }, (_, i) => fitLine(listed[i] ?? NO_ROW, layout.listWidth));
  // The detail column holds only its own rows: the rows below it are blank without a node each.
  const detail = detailed.slice(0, layout.bodyHeight).map((l) => fitLine(l, layout.detailWidth, false));
  return { body: [], columns: { list, rule, detail, listWidth: layout.listWidth } };
}

/**
 * The list rows a move of one row up or down would draw, as its frame
 * would hold them (fitted to the column): built ahead, after a frame is
 * out, while the console waits for the next key, so that a move draws
 * rows already made (a row is kept per record, list-row.ts). Nothing
 * else is read or kept: the next frame is still built from its own model.
 * Empty where the list does not have the keys.
 */
export function rowsAhead(model: UiModel): Line[] {
  const frame = frameContext(model);
  const { inbox, view: listed, size } = model;
  const { layout } = frame;
  if (shownPlace(inbox) !== 'browse' || frame.isAnswering || frame.inBatch || listed.list.length === 0) return [];
  const rows: Line[] = [];
  for (const by of [1, -1]) {
    const selectedIndex = Math.max(0, Math.min(listed.list.length - 1, inbox.selectedIndex + by));
    if (selectedIndex === inbox.selectedIndex) continue;
    const listStart = listStartFor(
      listed.list.length,
      listed.openCount,
      selectedIndex,
      layout.bodyHeight,
      model.listStart,
      listed.noAgent,
      listed.snoozedCount,
    );
    const moved = { ...frame, model: { ...model, listStart, inbox: { ...inbox, selectedIndex } } };
    for (const l of listLines(moved))
      rows.push(layout.wide ? fitLine(l, layout.listWidth) : fitLine(l, size.columns, false));
  }
  return rows;
}

/** A list row past the list's end (one line, so its padding is made once). */
const NO_ROW: Line = [];

/** A body that takes the whole width (a timeline, the history, help, or the detail alone), or undefined for the inbox's list. */
function wholeWidthBody(frame: FrameContext): Line[] | undefined {
  const { model, store, layout } = frame;
  const { inbox, size, glyphs: g } = model;
  const help = modalOf(inbox, 'help');
  if (help) return buildHelpLines(size.columns, layout.bodyHeight, help.scroll, g, model.config.demo);
  if (inbox.mode === 'timeline' && inbox.timeline) {
    const { key, start, maxStart } = inbox.timeline;
    const from = start < 0 || maxStart === undefined ? start : Math.min(start, maxStart);
    return buildTimelineLines(
      store.request(key),
      model.timelineData?.fetched,
      size.columns,
      layout.bodyHeight,
      from,
      g,
    );
  }
  if (inbox.mode === 'history' && inbox.history)
    return buildHistoryLines(inbox.history, size.columns, layout.bodyHeight, g);
  if (inbox.mode === 'rules' && inbox.rulesScreen)
    return buildRulesLines(listedRules(model.rules), inbox.rulesScreen, model.now, size.columns, layout.bodyHeight);
  if (!layout.wide && (frame.isAnswering || frame.inBatch)) return detailLines(frame, layout.detailWidth);
  return undefined;
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
function listLines(frame: FrameContext): Line[] {
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
