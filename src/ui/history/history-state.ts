import type { RequestRecord } from '../../store/types.js';
// `H`: the decision history in the TUI, newest first, one row per decision;
// `/` filters it as the list is filtered (every word must match, case
// folded), Enter opens one decision whole, Esc goes back. The history is
// read from disk when H is pressed (an effect App performs, the result
// coming back as a message): the view is a snapshot, and H again reads it
// afresh. Pure: the state and its keys.

import type { Decision } from '../../store/decisions.js';
import { outcomeSummary, sentSummary } from '../../store/decision-query.js';
import type { KeyPress } from '../keys.js';
import { actionFor, halfPage } from '../key-table.js';
import { editLine, editorOf, emptyEditor, type EditorState } from '../text/editor.js';

/** What reading the history gave (relay/decision-log.ts), or why there is none. */
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

export const emptyHistory: HistoryView = { rows: [], selected: 0, filter: '', filterEditor: emptyEditor, filtering: false, scroll: 0 };

/** The read came back: newest first, selection on the newest. */
export function withRead(view: HistoryView, read: HistoryRead): HistoryView {
  return { ...view, read, rows: filtered(read, view.filter), selected: 0 };
}

function filtered(read: HistoryRead | undefined, filter: string): Decision[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const newestFirst = [...(read?.decisions ?? [])].reverse();
  if (!words.length) return newestFirst;
  return newestFirst.filter((d) => {
    const fields = [d.agent, d.session, d.kind, d.action, sentSummary(d), outcomeSummary(d), d.prompt, d.request, d.relay].map((f) => f.toLowerCase());
    return words.every((word) => fields.some((field) => field.includes(word)));
  });
}

function setFilter(view: HistoryView, filter: string, filterEditor: EditorState, filtering: boolean): HistoryView {
  return { ...view, filter, filterEditor, filtering, rows: filtered(view.read, filter), selected: 0 };
}

export type HistoryStep = { view: HistoryView } | 'back' | 'quit';

/** One key in the history (its list, its filter row, or one decision opened). */
export function historyKey(view: HistoryView, key: KeyPress, pageSize: number): HistoryStep {
  if (view.filtering) {
    const action = actionFor('filter', key);
    if (action === 'keep') return { view: { ...view, filtering: false } };
    if (action === 'clear') return { view: setFilter(view, '', emptyEditor, false) };
    const editor = editLine(view.filterEditor, key);
    return { view: setFilter(view, editor.value, editor, true) };
  }
  if (view.open !== undefined) return decisionKey(view, key, pageSize);
  const move = (to: number) => ({ view: { ...view, selected: Math.max(0, Math.min(view.rows.length - 1, to)) } });
  switch (actionFor('history', key)) {
    case 'back':
      if (view.filter) return { view: setFilter(view, '', emptyEditor, false) };
      return 'back';
    case 'quit':
      return 'quit';
    case 'up':
      return move(view.selected - 1);
    case 'down':
      return move(view.selected + 1);
    case 'pageUp':
      return move(view.selected - pageSize);
    case 'pageDown':
      return move(view.selected + pageSize);
    case 'halfUp':
      return move(view.selected - halfPage(pageSize));
    case 'halfDown':
      return move(view.selected + halfPage(pageSize));
    case 'first':
      return move(0);
    case 'last':
      return move(view.rows.length - 1);
    case 'filter':
      // As in the list: `/` starts a fresh filter.
      return { view: setFilter(view, '', editorOf(''), true) };
    case 'open': {
      const row = view.rows[view.selected];
      return { view: row ? { ...view, open: row.command_id, scroll: 0 } : view };
    }
    default:
      return { view };
  }
}

/** Where the UI reads the history and adds to a decision what only it knows (cli.ts wires the recorder). */
export interface HistorySource {
  read(): HistoryRead;
  annotate?(commandId: string, extras: { cause?: string; batch?: number; by?: string }): void;
  /** d → y: records that the operator hid this request from the console. */
  hide?(record: RequestRecord): void;
  /** The request keys hidden in earlier runs: at once, or (a full history) read off the key path, after the first frame. */
  hidden?(): ReadonlySet<string> | Promise<ReadonlySet<string>>;
}

/** One decision opened whole: it scrolls. */
function decisionKey(view: HistoryView, key: KeyPress, pageSize: number): HistoryStep {
  switch (actionFor('decision', key)) {
    case 'back':
      return { view: { ...view, open: undefined, scroll: 0 } };
    case 'quit':
      return 'quit';
    case 'up':
      return { view: { ...view, scroll: Math.max(0, view.scroll - 1) } };
    case 'down':
      return { view: { ...view, scroll: view.scroll + 1 } };
    case 'pageUp':
      return { view: { ...view, scroll: Math.max(0, view.scroll - pageSize) } };
    case 'pageDown':
      return { view: { ...view, scroll: view.scroll + pageSize } };
    case 'halfUp':
      return { view: { ...view, scroll: Math.max(0, view.scroll - halfPage(pageSize)) } };
    case 'halfDown':
      return { view: { ...view, scroll: view.scroll + halfPage(pageSize) } };
    default:
      return { view };
  }
}
