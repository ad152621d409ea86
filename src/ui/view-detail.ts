// The detail pane of a frame: the batch being answered, the open request
// (or, side by side, the selected one) with its cause and rule, `a`'s
// scope question, or a line saying why there is nothing to show.

import { buildDetailLines } from './inbox/detail-view.js';
import { answerLock, draftFor, modalOf } from './inbox/state.js';
import { buildBatchLines } from './inbox/batch-view.js';
import { ruleRowText, rulesEnded } from './rules/rule-state.js';
import { buildRuleEndLines, ruleEndAsked, ruleEndScope } from './rules/rule-end.js';
import { buildAlwaysLines, withRuleLine } from './rules/rule-view.js';
import { scopesFor } from './rules/rule-update.js';
import { causeLines } from './inbox/cause-view.js';
import { diffLines } from './inbox/diff-view.js';
import { causeOf } from './cause-of.js';
import { ageMs, shortDuration, timeLeftMs, timeLeftText } from './inbox/ages.js';
import type { RelayStatus, RequestRecord } from '../store/types.js';
import type { Layout, UiModel } from './model.js';
import type { StoreSnapshot } from './store-snapshot.js';
import { seg, type Line } from './text/line.js';
import { withKeys } from './key-labels.js';
import { openElsewhere, openElsewhereText } from '../store/open-elsewhere.js';
import { distinctColumns } from './inbox/short-id.js';
import { hasTwin } from './twins.js';

/** What every part of a frame reads, worked out once per frame (view.ts). */
export interface FrameContext {
  model: UiModel;
  store: StoreSnapshot;
  relays: readonly RelayStatus[];
  layout: Layout;
  /** The open request, if still held. */
  open?: RequestRecord;
  /** The detail has the keys (view.ts `answering`). */
  isAnswering: boolean;
  inBatch: boolean;
  emptyNote?: Line;
  /** The request the detail shows: the open one, or side by side the selected one. */
  detailRecord?: RequestRecord;
}

export function detailLines(frame: FrameContext, width: number): Line[] {
  const { model, store, layout, isAnswering, detailRecord } = frame;
  const { inbox } = model;
  const list = model.view.list;
  if (frame.inBatch) {
    const records = [...inbox.tagged].flatMap((key) => store.request(key) ?? []);
    return buildBatchLines(inbox, records, width, layout.bodyHeight, model.glyphs);
  }
  if (isAnswering && inbox.openKey && !frame.open) {
    return [
      [
        seg(withKeys('answer', 'This request is no longer held (pruned from history). {back} returns to the list.'), {
          color: 'yellow',
        }),
      ],
    ];
  }
  if (!detailRecord) {
    if (frame.emptyNote && list.length === 0) return [frame.emptyNote.map((s) => ({ ...s, text: s.text.trimStart() }))];
    return [
      [
        seg(
          list.length
            ? withKeys('browse', 'Select a request with {up:2}/{down:2}; {open} opens it.')
            : 'No requests yet. Agents raise them; they appear here.',
          { dim: true },
        ),
      ],
    ];
  }
  const howLong = isAnswering ? ruleEndAsked(inbox, detailRecord.key) : undefined;
  if (howLong) {
    const scope = ruleEndScope(howLong, { open: detailRecord, scopes: scopesFor(model, store) });
    return buildRuleEndLines(howLong, scope, scope && detailRecord, model.now, width);
  }
  const always = modalOf(inbox, 'always');
  if (isAnswering && always && always.key === detailRecord.key) {
    const label = detailRecord.payload.options.find((o) => o.id === always.option)?.label ?? always.option;
    return buildAlwaysLines(scopesFor(model, store)(detailRecord, always.option), always.index, label, width);
  }
  return recordLines(frame, detailRecord, width);
}

// The detail's rows, kept per request: a tick, or a move back to a request
// shown a moment ago, finds them built. The key is everything they are
// built from (the store snapshot, replaced at every store change, stands for
// all it holds); the clock enters only as the texts it shows, so a tick that
// changes no age or time left rebuilds nothing.
const MEMO_CAP = 32;
const memo = new Map<string, { deps: unknown[]; lines: Line[] }>();

function memoized(key: string, deps: unknown[], build: () => Line[]): Line[] {
  const known = memo.get(key);
  if (known && known.deps.length === deps.length && known.deps.every((dep, i) => Object.is(dep, deps[i])))
    return known.lines;
  const lines = build();
  memo.delete(key);
  memo.set(key, { deps, lines });
  if (memo.size > MEMO_CAP) memo.delete(memo.keys().next().value as string);
  return lines;
}

/** One request in the detail, with its draft, lock, cause and rule. */
function recordLines(frame: FrameContext, record: RequestRecord, width: number): Line[] {
  const { model, store, layout, isAnswering } = frame;
  const { inbox, now } = model;
  const left = timeLeftMs(record, now);
  const deps = [
    record,
    store,
    inbox.drafts[record.key],
    isAnswering,
    width,
    layout.bodyHeight,
    inbox.detailScroll,
    inbox.hint,
    inbox.pendingConfirm,
    model.glyphs,
    model.causes.get(record.key),
    model.rules,
    rulesEnded(model.rules, now),
  ];
  const elsewhere = elsewhereText(frame, record, now);
  const idDistinct = idDistinctFor(model.view.list, record);
  deps.push(
    shortDuration(ageMs(record, now)),
    left === undefined ? undefined : timeLeftText(left),
    elsewhere,
    idDistinct,
  );
  return memoized(record.key, deps, () => buildRecordLines(frame, record, width, elsewhere, idDistinct));
}

// Per list shown (a new array when the list changes) and request: the
// comparison walks every id, and frames repeat the same list.
let distinctList: readonly RequestRecord[] | undefined;
const distinct = new Map<string, number>();

/** Columns of the record's id that tell it from every other request shown (short-id.ts). */
function idDistinctFor(list: readonly RequestRecord[], record: RequestRecord): number {
  if (list !== distinctList) {
    distinctList = list;
    distinct.clear();
  }
  let columns = distinct.get(record.id);
  if (columns === undefined) {
    columns = distinctColumns(
      record.id,
      list.map((r) => r.id),
    );
    distinct.set(record.id, columns);
  }
  return columns;
}

/** "open in console ops-2, 12 s ago" while another console has it open (never this console's own notes, never on twins). */
function elsewhereText(frame: FrameContext, record: RequestRecord, now: number): string | undefined {
  if (record.routed.length === 0 || hasTwin(frame.store, record)) return undefined;
  const own = frame.relays.find((r) => r.relay === record.relay)?.noticeSource;
  const open = openElsewhere(record, now, own);
  return open && openElsewhereText(open, now);
}

function buildRecordLines(
  frame: FrameContext,
  record: RequestRecord,
  width: number,
  elsewhere: string | undefined,
  idDistinct: number,
): Line[] {
  const { model, store, layout, isAnswering } = frame;
  const { inbox, now } = model;
  const command = store.lastCommandFor(record.key);
  return buildDetailLines({
    record,
    command,
    draft: draftFor(inbox, record),
    lock: answerLock(record, command),
    focused: isAnswering,
    width,
    height: layout.bodyHeight,
    scroll: isAnswering ? inbox.detailScroll : 0,
    now,
    relay: record.relay,
    claimants: store.claimants(record.relay, record.session),
    route: answerLock(record, command) === 'none' ? store.unsafeRoute(record) : undefined,
    hint: isAnswering ? inbox.hint : undefined,
    glyphs: model.glyphs,
    numbered: isAnswering,
    confirmWarning: isAnswering && inbox.pendingConfirm?.key === record.key ? inbox.pendingConfirm.warning : undefined,
    elsewhere,
    diff: diffLines(record, causeOf(model, record), width),
    idDistinct,
    cause: withRuleLine(
      causeLines(record, causeOf(model, record), width, store),
      ruleRowText(model.rules, record, model.now),
      width,
    ),
  });
}
