// The console's one view of a request's cause: what
// the detail, the history, the screen reader and the rules' scopes are told
// of it, through the one resolver (store/cause.ts), from the one read both
// the detail and the rules ask for (cause-read.ts).

import { causePending, ownCauseEvent, resolveCause, withLiveCause, type CauseState } from '../store/cause.js';
import type { RequestRecord } from '../store/types.js';
import type { Fetched, UiModel } from './model.js';

/** A detail read, judged by the resolver. */
export function fetchedCause(record: RequestRecord, fetched: Fetched | undefined): CauseState {
  if (!record.cause) return { state: 'none' };
  if (!fetched) return { state: 'unread' };
  if (fetched.state === 'loading') return { state: 'reading' };
  return resolveCause(record, fetched.result);
}

/**
 * What the console knows of `record`'s cause: the own Event from whichever
 * read found it (the rules' or the detail's), else the rules' settled
 * state, else the detail's.
 */
export function causeOf(model: Pick<UiModel, 'causes' | 'rules'>, record: RequestRecord): CauseState {
  if (!record.cause) return { state: 'none' };
  const given = model.rules?.causes.get(record.key)?.cause;
  // Each read as the Events seen live since leave it: a conflict in either is the answer, whatever the other found.
  const ruled = given && withLiveCause(record, given);
  const shown = withLiveCause(record, fetchedCause(record, model.causes.get(record.key)));
  if (ruled?.state === 'conflicting') return ruled;
  if (shown.state === 'conflicting') return shown;
  if (ruled && ownCauseEvent(ruled)) return ruled;
  if (ownCauseEvent(shown)) return shown;
  if (ruled && !causePending(ruled)) return ruled;
  if (ruled && shown.state === 'unread') return ruled;
  return shown;
}
