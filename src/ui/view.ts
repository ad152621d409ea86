import { isFillableForm } from './inbox/detail-view.js';
import { footerDigits } from './inbox/footer-view.js';
import { footerLine } from './places/footer-line.js';
import { buildHelpLines } from './inbox/help-view.js';
import { listStartFor } from './inbox/list-view.js';
import { buildStatusLines } from './inbox/status-view.js';
import { answerLock, modalOf } from './inbox/state.js';
import { shownPlace } from './places/top.js';
import { controlAsked } from './inbox/control-keys.js';
import { emptyPendingNote } from './inbox/empty-state.js';
import { rulesStatus } from './rules/rule-state.js';
import { controlQuestion } from './inbox/control-question.js';
import { buildTimelineLines } from './inbox/timeline-view.js';
import { buildHistoryLines } from './history/history-view.js';
import { buildRulesLines, listedRules } from './rules/rules-screen.js';
import { FORM_COLUMNS, STATUS_RELAY_ROWS, layoutOf, type UiModel } from './model.js';
import { detailLines, type FrameContext } from './view-detail.js';
import { fitLine, seg, type Line } from './text/line.js';
import { fit } from './text/wrap.js';
import { listLines, sameReads } from './view-list.js';

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
