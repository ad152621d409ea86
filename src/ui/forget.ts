// What the UI remembers per request or command, forgotten once the store
// has forgotten the request or command itself: drafts (typed answers) and
// the rejections already fed back. Without this both grew for as long as
// the console ran. Pure.

import type { StoreReader } from '../store/writers.js';
import type { UiModel } from './model.js';

/** Rejections remembered before the ones whose command is gone are dropped (a scan, so not on every change). */
const REJECTIONS_SCAN_ABOVE = 256;

export function forgetGone(model: UiModel, store: StoreReader): UiModel {
  let next = model;
  const drafts = model.inbox.drafts;
  let kept: typeof drafts | undefined;
  for (const key in drafts) {
    if (store.request(key)) continue;
    kept ??= { ...drafts };
    delete (kept as Record<string, unknown>)[key];
  }
  if (kept) next = { ...next, inbox: { ...next.inbox, drafts: kept } };
  if (model.rejectionsSeen.size > REJECTIONS_SCAN_ABOVE) {
    const seen = [...model.rejectionsSeen].filter((id) => store.command(id) !== undefined);
    if (seen.length !== model.rejectionsSeen.size) next = { ...next, rejectionsSeen: new Set(seen) };
  }
  return next;
}
