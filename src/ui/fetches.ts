// The update's side of the one-off relay reads (cause, timeline): which
// request needs a read, the effect that asks App to perform it, and the
// result folded back into the model when App dispatches `fetched`. No
// fetching happens here or in render: only effects and messages.

import { isFromFile } from '../store/file-relay.js';
import type { RequestRecord } from '../store/types.js';
import { wantsRuleRead } from './rules/rule-state.js';
import { causeReadEffect } from './cause-read.js';
import { layoutOf, type Effect, type Fetched, type Msg, type StoreReader, type UiModel } from './model.js';
import type { FetchKind } from './effect.js';
import { rowCauseHeld, wantsRowRead } from './row-causes.js';

/** Causes remembered at once; the oldest are forgotten (and read again if shown again). */
const MAX_CAUSES = 200;
/** A failed read is tried again when the request is shown after this long. */
const RETRY_FAILED_MS = 30_000;
/** Events a timeline keeps (the newest). */
export const TIMELINE_LIMIT = 200;

/** The request the detail shows: the open one, or (side by side) the selected one. */
function detailRecord(model: UiModel, store: StoreReader): RequestRecord | undefined {
  const { inbox } = model;
  if (inbox.mode === 'answer' && inbox.openKey) return store.request(inbox.openKey);
  if (inbox.mode === 'timeline' || !layoutOf(model.size, store.relays().length).wide) return undefined;
  return model.view.list[inbox.selectedIndex];
}

/** The ReadPool's name for a read (App gives up the reads `wantedRead` no longer wants). */
export function readId(kind: FetchKind, key: string): string {
  return `${kind}:${key}`;
}

/**
 * Whether the model still waits for read `id`: its cause still loading (the detail's, a rule's, the rows'), or its
 * timeline still shown and loading.
 */
export function wantedRead(model: UiModel, id: string): boolean {
  const cut = id.indexOf(':');
  const kind = id.slice(0, cut);
  const key = id.slice(cut + 1);
  if (kind === 'cause') return model.causes.get(key)?.state === 'loading';
  if (kind === 'rule') return wantsRuleRead(model.rules, key);
  if (kind === 'rows') return wantsRowRead(model.rowCauses, key);
  return model.timelineData?.key === key && model.timelineData.fetched.state === 'loading';
}

/**
 * A cause still loading for a request no longer shown is forgotten (App then
 * gives its read up): scrolling must not leave a read per row behind it.
 * Read again if the request is shown again.
 */
function forgetUnshown(model: UiModel, shown: string | undefined): UiModel {
  let causes: Map<string, Fetched> | undefined;
  for (const [key, fetched] of model.causes) {
    if (fetched.state !== 'loading' || key === shown) continue;
    causes ??= new Map(model.causes);
    causes.delete(key);
  }
  return causes ? { ...model, causes } : model;
}

/** After every message: the shown request's cause is read once (lazily), if it names one. */
export function ensureCause(given: UiModel, store: StoreReader, now: number): { model: UiModel; effects: Effect[] } {
  const record = detailRecord(given, store);
  const model = forgetUnshown(given, record?.key);
  if (!record?.cause || isFromFile(record)) return { model, effects: [] };
  // The rules read this request's cause already (the same read): one read, one cause (cause-of.ts).
  if (model.rules?.causes.has(record.key)) return { model, effects: [] };
  // So did the rows' read of many (row-causes.ts), or it is under way: the detail waits for it.
  if (rowCauseHeld(model.rowCauses, record.key)) return { model, effects: [] };
  const known = model.causes.get(record.key);
  if (known && (known.state === 'loading' || known.result.ok || now - known.at < RETRY_FAILED_MS))
    return { model, effects: [] };
  // The same read as the rules' (by id, source and session): one cause for every reader.
  const effect: Effect | undefined = causeReadEffect(record, 'cause');
  if (!effect) return { model, effects: [] };
  const causes = new Map(model.causes).set(record.key, { state: 'loading' });
  while (causes.size > MAX_CAUSES) causes.delete(causes.keys().next().value as string);
  return { model: { ...model, causes }, effects: [effect] };
}

/** `t`: the session's recent Events, read once more each time the timeline opens. */
export function timelineEffect(model: UiModel, store: StoreReader, key: string): { model: UiModel; effects: Effect[] } {
  const record = store.request(key);
  if (!record) return { model, effects: [] };
  if (isFromFile(record)) {
    const fetched: Fetched = {
      state: 'done',
      at: model.now,
      result: { ok: false, reason: 'history from a file: the relay is not asked' },
    };
    return { model: { ...model, timelineData: { key, fetched } }, effects: [] };
  }
  const effect: Effect = {
    type: 'fetch',
    kind: 'timeline',
    key,
    relay: record.relay,
    filter: { session: record.session },
    limit: TIMELINE_LIMIT,
  };
  return { model: { ...model, timelineData: { key, fetched: { state: 'loading' } } }, effects: [effect] };
}

/** A read came back: into the cause cache, or the timeline if it is still the one shown. */
export function onFetched(model: UiModel, msg: Extract<Msg, { type: 'fetched' }>, now: number): UiModel {
  if (msg.kind === 'rule' || msg.kind === 'rows') return model; // the rules' and the rows' own (update.ts)
  const fetched: Fetched = { state: 'done', result: msg.result, at: now };
  if (msg.kind === 'cause') {
    if (!model.causes.has(msg.key)) return model; // forgotten meanwhile
    return { ...model, causes: new Map(model.causes).set(msg.key, fetched) };
  }
  if (model.timelineData?.key !== msg.key) return model;
  return { ...model, timelineData: { key: msg.key, fetched } };
}
