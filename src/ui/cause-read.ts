// The read of a request's own cause that the detail and the rules both ask
// for: by id, source and session, the own Event
// pinned so that no number of other Events a relay sends can push it out.

import { causeQuery } from '../store/cause.js';
import type { RequestRecord } from '../store/types.js';

/** Other Events a cause read keeps beside the own one (an Event under the id from someone else, to be named as such). */
const CAUSE_READ_KEEP = 8;

export interface CauseReadEffect {
  type: 'fetch';
  kind: 'cause' | 'rule';
  key: string;
  relay: string;
  filter: Record<string, unknown>;
  limit: number;
  pin: { id: string; source: string; session: string };
}

/** The read of `record`'s own cause (undefined when it names none). */
export function causeReadEffect(record: RequestRecord, kind: 'cause' | 'rule'): CauseReadEffect | undefined {
  const query = causeQuery(record);
  if (!query) return undefined;
  return {
    type: 'fetch',
    kind,
    key: record.key,
    relay: record.relay,
    filter: { ...query.filter },
    limit: CAUSE_READ_KEEP,
    pin: query.filter,
  };
}
