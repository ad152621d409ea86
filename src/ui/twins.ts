// Twins: requests that share a relay, a session and an id (two emitters
// may use one session name, and ids collide across emitters). A console's
// routed note names only the session and the id, so one about twins could
// be about either: it is shown on neither (Hostile input V). The store
// leaves such a note unattached; one that came while a request had no twin
// yet is attached to it, and is hidden here once the twin arrives.

import type { RequestRecord } from '../store/types.js';
import type { StoreSnapshot } from './store-snapshot.js';

/** Per snapshot (the store as of one version): the subjects held more than once. */
const twinsBy = new WeakMap<StoreSnapshot, Set<string>>();

const subject = (record: RequestRecord): string => `${record.relay}\u0000${record.session}\u0000${record.id}`;

/** Whether another request shares `record`'s relay, session and id. Asked only for records with notes: the pass is made then. */
export function hasTwin(snapshot: StoreSnapshot, record: RequestRecord): boolean {
  let twins = twinsBy.get(snapshot);
  if (!twins) {
    const seen = new Set<string>();
    twins = new Set();
    for (const other of snapshot.allRequests()) {
      const key = subject(other);
      if (seen.has(key)) twins.add(key);
      else seen.add(key);
    }
    twinsBy.set(snapshot, twins);
  }
  return twins.has(subject(record));
}
