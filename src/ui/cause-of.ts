// The console's one view of a request's cause: what
// the detail, the history, the screen reader and the rules' scopes are told
// of it, through the one resolver (store/cause.ts), from the one read both
// the detail and the rules ask for (cause-read.ts), or the rows' read of
// many causes at once (row-causes.ts), judged by the same resolver.

import { causePending, ownCauseEvent, resolveCause, withLiveCause, type CauseState } from '../store/cause.js';
import type { RequestRecord } from '../store/types.js';
import type { Fetched, UiModel } from './model.js';
import { rowCause } from './row-causes.js';

/** A detail read, judged by the resolver. */
export function fetchedCause(record: RequestRecord, fetched: Fetched | undefined): CauseState {
  if (!record.cause) return { state: 'none' };
  if (!fetched) return { state: 'unread' };
  if (fetched.state === 'loading') return { state: 'reading' };
  return resolveCause(record, fetched.result);
}

/**
 * What the console knows of `record`'s cause: the own Event from whichever
 * read found it (the rules', the detail's or the rows' read of many,
 * row-causes.ts), else the rules' settled state, else the detail's.
 */
export function causeOf(
  model: Pick<UiModel, 'causes' | 'rules'> & Partial<Pick<UiModel, 'rowCauses'>>,
  record: RequestRecord,
): CauseState {
  if (!record.cause) return { state: 'none' };
  const given = model.rules?.causes.get(record.key)?.cause;
  // Each read as the Events seen live since leave it: a conflict in either is the answer, whatever the other found.
  const ruled = given && withLiveCause(record, given);
  const read = fetchedCause(record, model.causes.get(record.key));
  // The rows' read keeps only the own Event (or a conflict): it stands unless the detail's own read found one too.
  const row = rowCause(model.rowCauses, record.key);
  const shown = withLiveCause(record, row && !ownCauseEvent(read) && read.state !== 'conflicting' ? row : read);
  if (ruled?.state === 'conflicting') return ruled;
  if (shown.state === 'conflicting') return shown;
  if (ruled && ownCauseEvent(ruled)) return ruled;
  if (ownCauseEvent(shown)) return shown;
  if (ruled && !causePending(ruled)) return ruled;
  if (ruled && shown.state === 'unread') return ruled;
  return shown;
}
