// What the history records that only the screen knew when a decision was
// made: the cause it showed (the Event the request's `cause` names, in the
// words of the detail, content withheld below `redacted`) and the batch the
// answer was one of.

import type { RequestRecord } from '../../store/types.js';
import type { StoreReader } from '../../store/writers.js';
import { eventSummary } from '../inbox/event-summary.js';
import type { Effect, Fetched, UiModel } from '../model.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { HistorySource } from './history-state.js';

export function causeSummary(record: RequestRecord | undefined, fetched: Fetched | undefined): string | undefined {
  if (!record?.cause || fetched?.state !== 'done' || !fetched.result.ok) return undefined;
  const event = fetched.result.events.find((e) => e.id === record.cause && e.source === record.source) ?? fetched.result.events.find((e) => e.id === record.cause);
  return event ? `${displayLine(event.type, 40)} ${eventSummary(event)}`.trim() : undefined;
}

/** After `effect` made command `commandId`: the decision line gets the cause shown and the batch. */
export function annotateDecision(history: HistorySource | undefined, commandId: string, effect: Effect, model: UiModel, store: StoreReader): void {
  if (!history?.annotate || (effect.type !== 'send' && effect.type !== 'control')) return;
  const record = store.request(effect.key);
  // A rule's answer is made without the detail shown: the cause the rule read is the one to keep.
  const ruleCause = model.rules?.causes.get(effect.key);
  const ruled: Fetched | undefined = ruleCause?.state === 'event' ? { state: 'done', at: model.now, result: { ok: true, events: [ruleCause.event], via: 'sse', dropped: 0 } } : undefined;
  const cause = causeSummary(record, model.causes.get(effect.key)) ?? causeSummary(record, ruled);
  history.annotate(commandId, { cause, batch: effect.type === 'send' ? effect.batch : undefined, by: effect.type === 'send' ? effect.by : undefined });
}
