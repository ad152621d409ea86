import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { ConsoleStore } from '../../store/store.js';
import { applyRejection, initialFormDraft } from '../form/form-state.js';
import { draftFor, type InboxState } from '../inbox/state.js';

/**
 * When the emitter rejects a form answer (`control.rejected{reason:"invalid"}`),
 * the form comes back with every value kept, focus on the field the detail
 * names, and the detail beside it.
 */
export function useRejectionFeedback(store: ConsoleStore, inbox: InboxState, setInbox: Dispatch<SetStateAction<InboxState>>): void {
  const handled = useRef(new Set<string>());
  const version = store.version;
  useEffect(() => {
    for (const key of Object.keys(inbox.drafts).concat(inbox.openKey ? [inbox.openKey] : [])) {
      const command = store.lastCommandFor(key);
      const record = store.request(key);
      if (!command || !record || command.state !== 'rejected' || handled.current.has(command.id)) continue;
      handled.current.add(command.id);
      if (record.payload.kind !== 'form') continue;
      setInbox((state) => {
        const draft = draftFor(state, record);
        const form = applyRejection(record.payload.fields, draft.form ?? initialFormDraft(), command.detail ?? command.reason ?? 'rejected');
        return { ...state, drafts: { ...state.drafts, [key]: { ...draft, form } } };
      });
    }
  }, [version, inbox.openKey, inbox.drafts, store, setInbox]);
}
