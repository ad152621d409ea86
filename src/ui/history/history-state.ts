import type { RequestRecord } from '../../store/types.js';
// `H`: the decision history in the TUI, newest first, one row per decision;
// `/` filters it as the list is filtered (every word must match, case
// folded), Enter opens one decision whole, Esc goes back. The history is
// read from disk when H is pressed (an effect App performs, the result
// coming back as a message): the view is a snapshot, and H again reads it
// afresh. Pure: the state (its keys: history-keys.ts).

import type { Decision } from '../../store/decisions.js';
import { outcomeSummary, sentSummary } from '../../store/decision-query.js';
import { emptyEditor, type EditorState } from '../text/editor.js';

/** What reading the history gave (files/decision-log.ts), or why there is none. */
export interface HistoryRead {
  decisions: Decision[];
  skipped: number;
  torn: boolean;
  problems: string[];
  /** Where it is kept; absent with --no-history. */
  file?: string;
}

export interface HistoryView {
  /** Undefined until the read comes back. */
  read?: HistoryRead;
  /** Newest first, the filter applied (derived from `read` and `filter`). */
  rows: Decision[];
  selected: number;
  filter: string;
  filterEditor: EditorState;
  filtering: boolean;
  /** The decision opened whole (its command id), and how far it is scrolled. */
  open?: string;
  scroll: number;
}

export const emptyHistory: HistoryView = {
  rows: [],
  selected: 0,
  filter: '',
  filterEditor: emptyEditor,
  filtering: false,
  scroll: 0,
};

/** The read came back: newest first, selection on the newest. */
export function withRead(view: HistoryView, read: HistoryRead): HistoryView {
  return { ...view, read, rows: filtered(read, view.filter), selected: 0 };
}

function filtered(read: HistoryRead | undefined, filter: string): Decision[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const newestFirst = [...(read?.decisions ?? [])].reverse();
  if (!words.length) return newestFirst;
  return newestFirst.filter((d) => {
    const fields = [
      d.agent,
      d.session,
      d.kind,
      d.action,
      sentSummary(d),
      outcomeSummary(d),
      d.prompt,
      d.request,
      d.relay,
    ].map((f) => f.toLowerCase());
    return words.every((word) => fields.some((field) => field.includes(word)));
  });
}

export function setFilter(
  view: HistoryView,
  filter: string,
  filterEditor: EditorState,
  filtering: boolean,
): HistoryView {
  return { ...view, filter, filterEditor, filtering, rows: filtered(view.read, filter), selected: 0 };
}

/** `undo`: Z on a hide or snooze decision, for the inbox to undo (history-mode.ts). */
export type HistoryStep = { view: HistoryView; undo?: Decision; notice?: string } | 'back' | 'quit';

/** Where the UI reads the history and records what no command carries (cli.ts wires the recorder). */
export interface HistorySource {
  read(): HistoryRead;
  /** d → y: records that the operator hid this request from the console. */
  hide?(record: RequestRecord): void;
  /** z: records that the operator snoozed this request until `until`. */
  snooze?(record: RequestRecord, until: number): void;
  /** Z: records that a hidden request was shown again (it is not hidden at the next start). */
  unhide?(record: RequestRecord): void;
  /** The request keys hidden in earlier runs: at once, or (a full history) read off the key path, after the first frame. */
  hidden?(): ReadonlySet<string> | Promise<ReadonlySet<string>>;
}
