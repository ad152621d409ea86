// What the history records that only the screen knew when a decision was
// made: the cause it showed (the request's own Event, from its source and
// session, as the one resolver reads it; in the words of the detail, content
// withheld below `redacted`) and the batch the answer was one of.

import type { RequestRecord } from '../../store/types.js';
import type { StoreReader } from '../../store/writers.js';
import { eventSummary } from '../inbox/event-summary.js';
import type { Effect, UiModel } from '../model.js';
import { displayLine } from '../../protocol/sanitize.js';
import { ownCauseEvent, type CauseState } from '../../store/cause.js';
import { causeOf } from '../cause-of.js';
import type { HistorySource } from './history-state.js';

/** The cause as the history keeps it: only the request's own Event, never another's under that id. */
export function causeSummary(record: RequestRecord | undefined, cause: CauseState): string | undefined {
  const event = record?.cause ? ownCauseEvent(cause) : undefined;
  return event ? `${displayLine(event.type, 40)} ${eventSummary(event)}`.trim() : undefined;
}

/** After `effect` made command `commandId`: the decision line gets the cause shown and the batch. */
export function annotateDecision(
  history: HistorySource | undefined,
  commandId: string,
  effect: Effect,
  model: UiModel,
  store: StoreReader,
): void {
  if (!history?.annotate || (effect.type !== 'send' && effect.type !== 'control')) return;
  const record = store.request(effect.key);
  // The detail's read or the rules' (a rule answers without the detail shown), through the one resolver.
  const cause = record ? causeSummary(record, causeOf(model, record)) : undefined;
  history.annotate(commandId, {
    cause,
    batch: effect.type === 'send' ? effect.batch : undefined,
    by: effect.type === 'send' ? effect.by : undefined,
  });
}
