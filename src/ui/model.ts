import type { StoreChange, StoreReader } from '../store/writers.js';
import { counts, inboxOrder, type Counts } from '../store/selectors.js';
import { OPEN_STATES, type RequestRecord } from '../store/types.js';

export type { StoreReader } from '../store/writers.js';
import type { KeyPress } from './keys.js';
import type { MouseEvent } from './mouse.js';
import type { FetchResult } from '../relay/fetch-events.js';
import type { FetchKind } from './effect.js';
import type { RowCauses } from './row-causes.js';
import { UTF8_GLYPHS, type Glyphs } from './glyphs.js';
import { initialAlerts, type AlertState } from './alert-gate.js';
import type { HistoryRead } from './history/history-state.js';
import { initialRules, type RulesModel } from './rules/rule-state.js';
import type { Rule } from '../protocol/rules.js';
import { initialInbox, matchesFilter, type InboxState } from './inbox/state.js';
import { pinStore, type StoreSnapshot } from './store-snapshot.js';
import { NOBODY_AWAY, type Away } from './no-agent.js';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** The list as the inbox shows it: ordered and filtered once per store version and filter. */
export interface ListView {
  version: number;
  filter: string;
  /** The requests hidden from this console (d) when it was built. */
  hidden: ReadonlySet<string>;
  list: RequestRecord[];
  counts: Counts;
  /** How many of `list` are open (they come first). */
  openCount: number;
  /** Of those, how many are informational (the answer belongs to the agent's own UI). */
  informational: number;
  /** Of the open ones, how many are in "No agent connected" (no-agent.ts), after the waiting ones. */
  noAgent: number;
  /** The snoozed requests (z) when it was built, and how many of the open ones are in "Snoozed" (the last). */
  snoozed: ReadonlyMap<string, unknown>;
  snoozedCount: number;
  /** Who was away when it was built, and when that changes by the clock alone (then it is built again). */
  away: Away;
}

export interface UiConfig {
  bell: boolean;
  notify: boolean;
  /** --notify-cmd: each new request and last call goes to the operator's command (alert-gate.ts, last-call.ts). */
  phone?: boolean;
  /** Set by --demo: the embedded relay, and how to point `list` at it. */
  demo?: { relay: string; listCommand: string };
  /** The rules (--rules F) and whether they answer from the start (--auto). */
  rules?: readonly Rule[];
  auto?: boolean;
  /** Why the rules file is not used (not trusted): the status line says so. */
  rulesNote?: string;
  /** How long an agent is gone from the roster before its requests move to "No agent connected" (tests shorten it). */
  noAgentAfterMs?: number;
  /**
   * Bracketed paste was asked for and TERM names a terminal known to honour
   * it (paste-marks.ts): then no run of typed keys is ever guessed to be a paste.
   */
  pastesMarked?: boolean;
  /**
   * The console turned mouse reporting on (the full screen, not --no-mouse):
   * a report's cell is then a cell of the frame. Elsewhere a report is
   * decoded and dropped.
   */
  mouse?: boolean;
  /** The terminal's title says how many wait (OSC 2; --no-title off). */
  title?: boolean;
  /** --read-only: the keys that would send say so and do nothing (read-only.ts). */
  readOnly?: boolean;
}

/** Everything the screen shows and the keys act on. */
export interface UiModel {
  inbox: InboxState;
  /** The store as of the last change folded: all the view reads of it (store-snapshot.ts). */
  snapshot: StoreSnapshot;
  size: TerminalSize;
  now: number;
  view: ListView;
  /** First virtual row of the list window: it stays put until the selection nears an edge. */
  listStart: number;
  /** Rejected commands already fed back into their drafts. */
  rejectionsSeen: ReadonlySet<string>;
  /** Bell and notification coalescing (alert-gate.ts). */
  alerts: AlertState;
  config: UiConfig;
  quitting: boolean;
  /** The list and selection as last painted (keys act on what the operator saw). */
  shown?: { version: number; list: RequestRecord[]; selectedKey?: string };
  glyphs: Glyphs;
  /** The Events requests' `cause` names, fetched lazily once per request (fetches.ts). */
  causes: ReadonlyMap<string, Fetched>;
  /** The causes of open requests read for their rows, many at once (row-causes.ts). */
  rowCauses?: RowCauses;
  /** The session timeline being shown (t). */
  timelineData?: { key: string; fetched: Fetched };
  /** The rules' suggestions and answers (absent without rules). */
  rules?: RulesModel;
  /** A marked paste arrived: the terminal honours bracketed paste, so no chunk is guessed to be one from now on. */
  markedPaste?: boolean;
  /** The read in which a key sent, and how many keys of that read were dropped since (one send per read). */
  sentIn?: { read: number; dropped: number; notice?: string };
  /** The requests whose last call has rung (last-call.ts): once each. */
  lastCalls: ReadonlySet<string>;
  /** The requests whose last call went to --notify-cmd (last-call.ts): once each, even while the bell's interval holds it. */
  lastCallsPhoned?: ReadonlySet<string>;
  /** The terminal title as last written, and when (at most one a second). */
  title?: { text: string; at: number };
}

/** A one-off read of the relay: in flight, or its result (kept: the cache). */
export type Fetched = { state: 'loading' } | { state: 'done'; result: FetchResult; at: number };

/**
 * Input carries the read it came in (`read`: a number per read of the
 * terminal, app-input.ts), so that keys arriving in the same read as a send
 * are dropped (one send per read); absent, a message is a read of its own.
 */
export type Msg =
  | { type: 'key'; press: KeyPress; read?: number }
  /** Plain keys that arrived in one read: folded one by one, each against the model the one before left. */
  | { type: 'keys'; text: string; read?: number }
  /** Text the terminal marked as pasted (bracketed paste): only ever text for the focused row. */
  | { type: 'paste'; text: string; read?: number }
  /** A click or a wheel notch at a cell of the frame (mouse.ts); it never sends. */
  | { type: 'mouse'; event: MouseEvent; read?: number }
  | { type: 'store'; change: StoreChange }
  | { type: 'tick' }
  | { type: 'painted' }
  | { type: 'resize'; size: TerminalSize }
  | { type: 'fetched'; kind: FetchKind; key: string; result: FetchResult }
  /** The decision history, read for H. */
  | { type: 'history'; read: HistoryRead }
  /** A one-line notice for the footer (e.g. a rule saved, or why not). */
  | { type: 'notice'; text: string }
  /** The rules file changed: its rules, or (absent) why the edit is not used (`note`). */
  | { type: 'rulesFile'; rules?: readonly Rule[]; note?: string }
  /** A rule deleted (rules.delete), or why not: `ok` takes it out of the rules in force. */
  | { type: 'ruleDeleted'; name: string; ok: boolean; text: string }
  /** The requests hidden with d in earlier runs, read after the first frame. */
  | { type: 'hidden'; keys: ReadonlySet<string> };

export type { Effect } from './effect.js';

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

const NOTHING_SNOOZED: ReadonlyMap<string, unknown> = new Map();

/**
 * Open requests the relay no longer vouches for (`?`, a relay restarted with
 * an empty buffer), not already counted as away or snoozed: counted apart,
 * not in "pending" nor the title's count. Listed where they were: they may
 * still be answered.
 */
function unconfirmedCount(
  records: readonly RequestRecord[],
  away: Away,
  snoozed: ReadonlyMap<string, unknown>,
): number {
  let n = 0;
  for (const record of records)
    if (record.unconfirmed && OPEN_STATES.has(record.state) && !away.keys.has(record.key) && !snoozed.has(record.key))
      n++;
  return n;
}

export function buildListView(
  store: Pick<StoreSnapshot, 'version' | 'allRequests'>,
  filter: string,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
  away: Away = NOBODY_AWAY,
  snoozed: ReadonlyMap<string, unknown> = NOTHING_SNOOZED,
): ListView {
  // Hidden requests (d) are gone from this console: not listed, not counted.
  const records = hidden.size ? store.allRequests().filter((record) => !hidden.has(record.key)) : store.allRequests();
  let list = inboxOrder(records).filter((record) => matchesFilter(record, filter));
  let openCount = 0;
  let informational = 0;
  for (; openCount < list.length && OPEN_STATES.has(list[openCount].state); openCount++)
    if (list[openCount].state === 'informational') informational++;
  let noAgent = 0;
  const all = counts(records);
  if (away.keys.size) {
    // Those whose agent is gone go below the rest of Pending, in the same order; they wait on nobody.
    const open = list.slice(0, openCount);
    const gone = open.filter((record) => away.keys.has(record.key));
    noAgent = gone.length;
    if (noAgent) list = [...open.filter((record) => !away.keys.has(record.key)), ...gone, ...list.slice(openCount)];
    informational -= gone.filter((record) => record.state === 'informational').length;
    let awayHere = 0;
    for (const record of records) if (away.keys.has(record.key)) awayHere++;
    all.pending -= awayHere;
    all.away = awayHere;
  }
  // Snoozed (z): below the rest of the open ones, in the same order; not waiting on you until they come back.
  let snoozedCount = 0;
  if (snoozed.size) {
    const open = list.slice(0, openCount);
    const aside = open.filter((record) => snoozed.has(record.key) && !away.keys.has(record.key));
    snoozedCount = aside.length;
    const set = new Set(aside);
    if (snoozedCount) list = [...open.filter((record) => !set.has(record)), ...aside, ...list.slice(openCount)];
    informational -= aside.filter((record) => record.state === 'informational').length;
    let snoozedHere = 0;
    for (const record of records)
      if (snoozed.has(record.key) && !away.keys.has(record.key) && OPEN_STATES.has(record.state)) snoozedHere++;
    all.pending -= snoozedHere;
    all.snoozed = snoozedHere;
  }
  const unconfirmed = unconfirmedCount(records, away, snoozed);
  if (unconfirmed) {
    all.pending -= unconfirmed;
    all.unconfirmed = unconfirmed;
  }
  return {
    version: store.version,
    filter,
    hidden,
    snoozed,
    list,
    counts: all,
    openCount,
    informational,
    noAgent,
    snoozedCount,
    away,
  };
}

export function initialModel(
  store: StoreReader,
  size: TerminalSize,
  now: number,
  config: UiConfig,
  glyphs: Glyphs = UTF8_GLYPHS,
): UiModel {
  const snapshot = pinStore(store);
  return {
    inbox: initialInbox,
    snapshot,
    size,
    now,
    view: buildListView(snapshot, '', initialInbox.hidden),
    listStart: 0,
    rejectionsSeen: new Set(),
    alerts: initialAlerts,
    config,
    quitting: false,
    glyphs,
    causes: new Map(),
    lastCalls: new Set(),
    rules: initialRules(config.rules, config.auto, config.rulesNote),
  };
}

/** Wide terminals show list and detail side by side. */
export const SIDE_BY_SIDE_MIN_COLUMNS = 100;

export interface Layout {
  frameHeight: number;
  statusRows: number;
  bodyHeight: number;
  wide: boolean;
  listWidth: number;
  detailWidth: number;
}

/** At most this many relay rows in the status line; the rest are summarized in one. */
export const STATUS_RELAY_ROWS = 3;

/**
 * What a form needs beside the list: the room it has alone at 60 columns
 * (its Submit row and hint, a select's choices, read whole).
 */
export const FORM_COLUMNS = 60;

/**
 * Where everything goes, from the terminal size and the number of relays.
 * Side by side, the list is 60 columns at 100 (its rows' prompts keep 28,
 * list-row.ts), a fifth of every column more up to 72; the detail gets the
 * rest, and an open form at least FORM_COLUMNS (the list, unfocused then, narrows).
 */
export function layoutOf(size: TerminalSize, relayCount: number, detailNeeds = 0): Layout {
  const statusRows = Math.min(Math.max(1, relayCount), STATUS_RELAY_ROWS) + (relayCount > STATUS_RELAY_ROWS ? 1 : 0);
  const frameHeight = Math.max(3, size.rows - 1);
  const bodyHeight = Math.max(1, frameHeight - statusRows - 1);
  const wide = size.columns >= SIDE_BY_SIDE_MIN_COLUMNS;
  const listWidth = wide
    ? Math.min(
        Math.max(44, Math.min(72, 60 + Math.floor((size.columns - SIDE_BY_SIDE_MIN_COLUMNS) / 5))),
        Math.max(30, size.columns - 3 - detailNeeds),
      )
    : size.columns;
  return {
    frameHeight,
    statusRows,
    bodyHeight,
    wide,
    listWidth,
    detailWidth: wide ? size.columns - listWidth - 3 : size.columns,
  };
}

/** The selection's index: the pinned key if still listed, else the old index clamped. */
export function resolveSelection(state: InboxState, list: { key: string }[]): number {
  if (list.length === 0) return 0;
  if (state.selectedKey) {
    // Usually still where it was: no scan of thousands of rows per key.
    if (list[state.selectedIndex]?.key === state.selectedKey) return state.selectedIndex;
    const at = list.findIndex((record) => record.key === state.selectedKey);
    if (at >= 0) return at;
  }
  return Math.max(0, Math.min(list.length - 1, state.selectedIndex));
}
