import type { Answer } from '../../protocol/types.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { isHistory } from '../../store/history.js';
import { emptyEditor, type EditorState } from '../text/editor.js';
import type { FormDraft } from '../form/form-state.js';

export type Mode = 'browse' | 'answer' | 'filter' | 'help' | 'confirm-quit';

/** What the operator has typed or highlighted for one request, kept across Esc. */
export interface Draft {
  reply: EditorState;
  /** Highlighted control: option index, or options.length for the Reply row. */
  highlight: number;
  form?: FormDraft;
}

export interface InboxState {
  mode: Mode;
  /** Where help / quit confirmation return to. */
  returnMode: Exclude<Mode, 'help' | 'confirm-quit'>;
  /** The list selection, by request key, so reordering never moves it. */
  selectedKey?: string;
  selectedIndex: number;
  /** The operator moved the selection (before that, a start-up replay may still reorder the first row). */
  selectionTouched: boolean;
  /** The request pinned in answer mode. Answers only ever go to this key. */
  openKey?: string;
  filterEditor: EditorState;
  filter: string;
  drafts: Record<string, Draft>;
  detailScroll: number;
  /** A send waiting for a second Enter because the session has no single live claimant. */
  pendingConfirm?: { key: string; answer: Answer; warning: string };
  /** A one-shot hint shown under the controls (e.g. why Enter did nothing). */
  hint?: string;
}

export const initialInbox: InboxState = {
  mode: 'browse',
  returnMode: 'browse',
  selectedIndex: 0,
  selectionTouched: false,
  filterEditor: emptyEditor,
  filter: '',
  drafts: {},
  detailScroll: 0,
};

export type Effect =
  | { type: 'send'; key: string; answer: Answer }
  | { type: 'resend'; commandId: string }
  | { type: 'quit' };

export interface KeyContext {
  /** The list as shown (filtered, ordered). */
  list: RequestRecord[];
  /** The record behind `openKey`, if still known. */
  open?: RequestRecord;
  /** The console's latest command for the open request. */
  openCommand?: OwnCommand;
  /** Live claimants of the open request's session (undefined = no roster). */
  claimants?: number;
  /** Rows a page move jumps. */
  pageSize: number;
  /** Something would be lost by quitting (in-flight command or unsent draft). */
  unsentWork: boolean;
}

export type Lock =
  | 'none'
  | 'terminal'
  | 'answered-elsewhere'
  | 'informational'
  | 'history'
  | 'sending'
  | 'accepted'
  | 'ack-timeout';

/** Whether the open request can take an answer now, and if not, why. */
export function answerLock(record: RequestRecord | undefined, command: OwnCommand | undefined): Lock {
  if (!record) return 'terminal';
  if (record.state === 'resolved' || record.state === 'timeout' || record.state === 'stale') return 'terminal';
  // Read from a file (--file): nobody is behind it to take an answer.
  if (isHistory(record)) return 'history';
  if (record.informational) return 'informational';
  if (command?.state === 'sending') return 'sending';
  if (command?.state === 'accepted') return 'accepted';
  if (record.state === 'answered') return 'answered-elsewhere';
  if (command?.state === 'timeout') return 'ack-timeout';
  return 'none';
}

export function draftFor(state: InboxState, record: RequestRecord): Draft {
  return state.drafts[record.key] ?? { reply: emptyEditor, highlight: record.payload.options.length };
}

export function hasUnsentDraft(state: InboxState): boolean {
  return Object.values(state.drafts).some((draft) => draft.reply.value.trim() !== '' || draft.form?.dirty === true);
}

/** Case-insensitive substring match on agent, session, kind or prompt. */
export function matchesFilter(record: RequestRecord, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [record.agent, record.session, record.payload.kind, record.payload.prompt].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
