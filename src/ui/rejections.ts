// A rejected answer (the agent's `rejected`, the relay's refusal) marks its
// row and rings once; it never takes the focus. A rejected form comes back
// into its draft with every value kept, focus on the field the agent named,
// and the detail beside it (update.ts, on a store change).
import { answerState } from '../store/answer/index.js';
import { applyRejection, initialFormDraft } from './form/form-state.js';
import { draftFor, type InboxState } from './inbox/state.js';
import type { UiModel } from './model.js';
import type { World } from './update-types.js';

/** The commands that changed, read for rejections not seen before: the drafts they reopen and how many ring. */
export function seeRejections(
  model: UiModel,
  commands: Iterable<string>,
  store: World['store'],
): { inbox: InboxState; rejectionsSeen: ReadonlySet<string>; rejections: number } {
  let inbox = model.inbox;
  let rejectionsSeen = model.rejectionsSeen;
  let rejections = 0;
  for (const id of commands) {
    const command = store.command(id);
    const state = answerState(command);
    if (!command || (state !== 'rejected' && state !== 'refused') || rejectionsSeen.has(id)) continue;
    rejectionsSeen = new Set(rejectionsSeen).add(id);
    rejections++;
    const record = store.request(command.requestKey);
    if (state !== 'rejected' || !record || record.payload.kind !== 'form') continue;
    const draft = draftFor(inbox, record);
    const form = applyRejection(
      record.payload.fields,
      draft.form ?? initialFormDraft(),
      command.detail ?? command.reason ?? 'rejected',
    );
    inbox = { ...inbox, drafts: { ...inbox.drafts, [record.key]: { ...draft, form } } };
  }
  return { inbox, rejectionsSeen, rejections };
}
