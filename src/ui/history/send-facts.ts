// What a send carries for the decision history that only the screen knows
// when it is made: who decided, the cause it showed (the request's own
// Event, from its source and session, as the one resolver reads it; in the
// words of the detail, content withheld below `redacted`) and the batch the
// answer was one of. The recorder writes the history's line from them at
// once (files/decision-recorder.ts); nothing is added to it afterwards.

import type { RequestRecord, SendFacts } from '../../store/types.js';
import { eventSummary } from '../inbox/event-summary.js';
import type { Effect, UiModel } from '../model.js';
import { displayLine } from '../../protocol/sanitize.js';
import { ownCauseEvent, type CauseState } from '../../store/cause.js';
import { causeOf } from '../cause-of.js';

/** The cause as the history keeps it: only the request's own Event, never another's under that id. */
export function causeSummary(record: RequestRecord | undefined, cause: CauseState): string | undefined {
  const event = record?.cause ? ownCauseEvent(cause) : undefined;
  return event ? `${displayLine(event.type, 40)} ${eventSummary(event)}`.trim() : undefined;
}

/** The facts `effect`'s send carries for `record`: a rule's name or the operator, the cause shown, the batch. */
export function sendFacts(
  effect: Extract<Effect, { type: 'send' | 'control' }>,
  record: RequestRecord,
  model: UiModel,
): SendFacts {
  // The detail's read or the rules' (a rule answers without the detail shown), through the one resolver.
  const cause = causeSummary(record, causeOf(model, record));
  const facts: SendFacts = { by: (effect.type === 'send' ? effect.by : undefined) ?? 'you' };
  if (cause) facts.cause = cause;
  if (effect.type === 'send' && effect.batch !== undefined) facts.batch = effect.batch;
  return facts;
}
