import { buildDetailLines, isAnswerableForm } from './inbox/detail-view.js';
import { footerLine } from './inbox/footer-view.js';
import { buildHelpLines } from './inbox/help-view.js';
import { buildListLines } from './inbox/list-view.js';
import { buildStatusLines } from './inbox/status-view.js';
import { answerLock, draftFor, isUnsent } from './inbox/state.js';
import { buildBatchLines } from './inbox/batch-view.js';
import { emptyPendingNote } from './inbox/empty-state.js';
import { rowStatus } from './inbox/row-status.js';
import { ruleRowText, rulesStatus } from './rules/rule-state.js';
import { buildAlwaysLines, withRuleLine, withRuleText } from './rules/rule-view.js';
import { scopesFor } from './rules/rule-update.js';
import { causeLines } from './inbox/cause-view.js';
import { controlRowStatus } from './inbox/control-status.js';
import { controlQuestion } from './inbox/control-question.js';
import { buildTimelineLines } from './inbox/timeline-view.js';
import { buildHistoryLines } from './history/history-view.js';
import { OPEN_STATES } from '../store/types.js';
import { layoutOf, STATUS_RELAY_ROWS, type StoreReader, type UiModel } from './model.js';
import { fitLine, seg, type Line } from './text/line.js';
import { fit } from './text/wrap.js';

export interface Frame {
  status: Line[];
  body: Line[];
  footer: Line;
  height: number;
  bodyHeight: number;
}

/** Whether the detail has the keys (answer mode, or help / quit prompt over it). */
export function answering(model: UiModel): boolean {
  const { mode, returnMode } = model.inbox;
  return mode === 'answer' || (returnMode === 'answer' && (mode === 'help' || mode === 'confirm-quit'));
}

/**
 * The whole screen as exact rows, from the model and the store: status
 * line, body (list, detail or both side by side, or help), footer. Every
 * row is cut to the width here, so no box clips (clipping costs Ink a slice
 * of every row, every frame).
 */
export function view(model: UiModel, store: StoreReader): Frame {
  const { inbox, size, now } = model;
  const relays = store.relays();
  const layout = layoutOf(size, relays.length);
  const { list, openCount } = model.view;
  const selectedIndex = inbox.selectedIndex;
  const selected = list[selectedIndex];
  const open = inbox.openKey ? store.request(inbox.openKey) : undefined;
  const isAnswering = answering(model);
  const detailRecord = isAnswering ? open : layout.wide ? selected : undefined;

  const status = buildStatusLines({ relays, counts: model.view.counts, filter: inbox.filter, width: size.columns, now, maxRows: STATUS_RELAY_ROWS, heldAlerts: model.alerts.held, alertWord: model.config.bell ? 'bell' : 'notice', rules: rulesStatus(model.rules) }).map((l) =>
    l.map((s) => ({ ...s, text: fit(s.text, size.columns) })),
  );

  const g = model.glyphs;
  const emptyNote = model.view.openCount === 0 ? emptyPendingNote(relays, model.view.counts.pending, inbox.filter, now) : undefined;
  const inBatch = inbox.mode === 'batch' || inbox.mode === 'confirm-batch' || (inbox.returnMode === 'batch' && (inbox.mode === 'help' || inbox.mode === 'confirm-quit'));

  const detail = (width: number): Line[] => {
    if (inBatch) {
      const records = [...inbox.tagged].flatMap((key) => store.request(key) ?? []);
      return buildBatchLines(inbox, records, width, layout.bodyHeight, g);
    }
    if (isAnswering && inbox.openKey && !open) {
      return [[seg('This request is no longer held (pruned from history). Esc returns to the list.', { color: 'yellow' })]];
    }
    if (!detailRecord) {
      if (emptyNote && list.length === 0) return [emptyNote.map((s) => ({ ...s, text: s.text.trimStart() }))];
      return [[seg(list.length ? 'Select a request with ↑/↓; Enter opens it.' : 'No requests yet. Agents raise them; they appear here.', { dim: true })]];
    }
    if (isAnswering && inbox.always && inbox.always.key === detailRecord.key) {
      const label = detailRecord.payload.options.find((o) => o.id === inbox.always?.option)?.label ?? inbox.always.option;
      return buildAlwaysLines(scopesFor(model, store)(detailRecord, inbox.always.option), inbox.always.index, label, width);
    }
    const command = store.lastCommandFor(detailRecord.key);
    return buildDetailLines({
      record: detailRecord,
      command,
      draft: draftFor(inbox, detailRecord),
      lock: answerLock(detailRecord, command),
      focused: isAnswering,
      width,
      height: layout.bodyHeight,
      scroll: isAnswering ? inbox.detailScroll : 0,
      now,
      relay: detailRecord.relay,
      claimants: store.claimants(detailRecord.relay, detailRecord.session),
      hint: isAnswering ? inbox.hint : undefined,
      glyphs: g,
      numbered: isAnswering,
      confirmWarning: isAnswering && inbox.pendingConfirm?.key === detailRecord.key ? inbox.pendingConfirm.warning : undefined,
      cause: withRuleLine(causeLines(detailRecord, model.causes.get(detailRecord.key), width, store), ruleRowText(model.rules, detailRecord), width),
    });
  };

  let body: Line[];
  if (inbox.mode === 'timeline' && inbox.timeline) {
    const { key, start, maxStart } = inbox.timeline;
    const from = start < 0 || maxStart === undefined ? start : Math.min(start, maxStart);
    body = buildTimelineLines(store.request(key), model.timelineData?.fetched, size.columns, layout.bodyHeight, from, g).map((l) => fitLine(l, size.columns, false));
  } else if (inbox.mode === 'history' && inbox.history) {
    body = buildHistoryLines(inbox.history, size.columns, layout.bodyHeight, g).map((l) => fitLine(l, size.columns, false));
  } else if (inbox.mode === 'help') {
    body = buildHelpLines(size.columns, layout.bodyHeight, inbox.helpScroll, g, model.config.demo).map((l) => fitLine(l, size.columns, false));
  } else {
    const relayNumber = new Map(relays.map((r, i) => [r.relay, i + 1]));
    const listed = buildListLines({
      records: list,
      openCount,
      selectedIndex,
      width: layout.listWidth,
      height: layout.bodyHeight,
      now,
      focused: !isAnswering && !inBatch,
      relayLabel: relays.length > 1 ? (r) => `[${relayNumber.get(r.relay) ?? '?'}]` : undefined,
      informational: model.view.informational,
      start: model.listStart,
      glyphs: g,
      emptyNote,
      decorate: (record) => {
        const command = store.lastCommandFor(record.key);
        return {
          tagged: inbox.tagged.has(record.key),
          draft: isUnsent(inbox.drafts[record.key]) && !command && OPEN_STATES.has(record.state),
          // An answer of ours speaks first; otherwise what cancel / pause did to the session.
          status: withRuleText(command ? rowStatus(record, command, g) ?? controlRowStatus(record, store) : controlRowStatus(record, store) ?? rowStatus(record, command, g), ruleRowText(model.rules, record)),
        };
      },
    });
    if (layout.wide) {
      // One text row per terminal row (list, rule, detail), not three
      // columns of boxes: a third of the nodes for Ink to lay out each frame.
      const detailLines = detail(layout.detailWidth);
      const rule = seg(` ${g.rule} `, { dim: true });
      body = Array.from({ length: layout.bodyHeight }, (_, i): Line => [
        ...fitLine(listed[i] ?? [], layout.listWidth),
        rule,
        ...fitLine(detailLines[i] ?? [], layout.detailWidth, false),
      ]);
    } else {
      body = (isAnswering || inBatch ? detail(layout.detailWidth) : listed).map((l) => fitLine(l, size.columns, false));
    }
  }

  const lock = isAnswering && open ? answerLock(open, store.lastCommandFor(open.key)) : undefined;
  const asked = inbox.control ? store.request(inbox.control.key) : undefined;
  const question = asked && inbox.control ? controlQuestion(asked, inbox.control.request) : undefined;
  const footer = footerLine(inbox, size.columns, lock, isAnswering && open !== undefined && isAnswerableForm(open), question);
  return { status, body: body.slice(0, layout.bodyHeight), footer, height: layout.frameHeight, bodyHeight: layout.bodyHeight };
}
