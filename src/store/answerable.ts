// Whether a request can take an answer now, by the path that would send it:
// the one place that says what each path asks of a request (the keys from
// the list and a batch, the rules). An open request's own view says why in
// words (ui/inbox/state.ts answerLock); every path then asks the ledger
// (ledger.ts answerRefusal) right before it sends. Pure.

import { stands } from './answer/index.js';
import { isFromFile } from './file-relay.js';
import type { OwnCommand, RequestRecord } from './types.js';

export type AnswerPath =
  /**
   * A digit or Enter from the list, a batch (Space, `*`): an option or a
   * text reply to a pending request that is not a form (forms are filled in
   * the open view), not history read from a file, with no answer of ours on
   * its way or held at the gate.
   */
  | 'keys'
  /**
   * A rule: only an option it names, to a pending request that offers
   * options, is not a form, informational or unconfirmed, and has nothing
   * odd about it (no issues). An answer in flight is the ledger's to refuse;
   * history from a file is judged too (`rules test` reads files), never sent.
   */
  | 'rule';

export function answerable(record: RequestRecord, path: AnswerPath, command?: OwnCommand): boolean {
  if (record.state !== 'pending' || record.payload.kind === 'form') return false;
  if (path === 'keys') return !isFromFile(record) && !stands(command);
  if (record.informational || record.unconfirmed || record.payload.fields.length > 0) return false;
  return record.payload.options.length > 0 && record.issues.length === 0;
}
