// The rows' read of causes: `+12 −3` on the row of every open request whose
// cause is a file edit, before anyone selects it. The detail reads only the
// request it shows, and the rules only when a rule needs a cause; the rows
// read the rest, bounded:
//
//   - one read per relay at a time, asking for up to ROW_BATCH causes at once
//     (filter by their ids, sources and sessions: any-of, AEP-0003 §6), each
//     own Event pinned so no number of other Events can push it out;
//   - requests that arrive while it runs wait for the next one (no read per
//     new request), and at most MAX_ASKED open requests are asked for;
//   - each request is asked for at most twice (the second after
//     RETRY_MS, when the first found nothing), and a read that never comes
//     back is given up after LOST_MS (the queue may drop it; never a hang).
//
// What a read finds is judged by the one resolver (store/cause.ts) and kept
// only when it is the request's own Event (or two that conflict): a row
// without it shows nothing, never a guess, and the detail then reads the
// cause itself when shown. cause-of.ts hands the found Event to every
// reader (row, detail, screen reader, rules' scopes). Pure: effects out,
// messages in.

import { isFromFile } from '../store/file-relay.js';
import { causeQuery, ownCauseEvent, resolveCause, type CauseState } from '../store/cause.js';
import { OPEN_STATES, type RequestRecord } from '../store/types.js';
import type { FetchResult } from '../relay/fetch-events.js';
import type { PinnedEvent } from '../relay/event-collector.js';
import type { StoreReader } from '../store/writers.js';
import type { Effect } from './effect.js';

/** The list as shown (model.ts's ListView; only its rows are read here). */
export interface RowList {
  readonly list: readonly RequestRecord[];
}

/** Causes one read asks for. */
export const ROW_BATCH = 32;
/** Characters of a read's filter (it goes into a URL); the first cause of a read goes whatever its length. */
const FILTER_BUDGET = 6_000;
/** Open requests whose cause the rows ask for at once; the rest show nothing until some close. */
export const MAX_ASKED = 100;
/** Causes found kept (closed requests' go first). */
const MAX_FOUND = 200;
/** A read that found nothing (or failed) is tried once more this long after (the Event may reach the relay late). */
export const ROW_RETRY_MS = 2_000;
/** A read not back after this long is given up (a read's own deadline is 8 s). */
export const ROW_LOST_MS = 20_000;
/** Other Events a read keeps beside the pinned ones (an Event under an id from someone else, to be named as such). */
const KEEP_OTHERS = 16;

export interface RowAsk {
  /** When asked, or when the answer came back. */
  at: number;
  tries: number;
  reading: boolean;
}

export interface RowCauses {
  /** The requests' own cause Events the rows' reads found (or `conflicting`), by request key. */
  found: ReadonlyMap<string, CauseState>;
  /** Open requests asked for. */
  asked: ReadonlyMap<string, RowAsk>;
  /** The read under way per relay: for which requests, since when. */
  inFlight: ReadonlyMap<string, { keys: readonly string[]; at: number }>;
  /** The list last looked through, and when to look again whatever changed (a retry due, a read back). */
  seen?: RowList;
  nextAt: number;
}

export const initialRowCauses: RowCauses = { found: new Map(), asked: new Map(), inFlight: new Map(), nextAt: 0 };

/** Where the rows' reads stand for `key`: the cause found, or whether a read of it is under way. */
export function rowCause(rows: RowCauses | undefined, key: string): CauseState | undefined {
  return rows?.found.get(key);
}

/** A rows' read of `key` is under way or found it (the detail then waits for it rather than read it again). */
export function rowCauseHeld(rows: RowCauses | undefined, key: string): boolean {
  return !!rows && (rows.found.has(key) || rows.asked.get(key)?.reading === true);
}

/** Whether the rows' read of relay `relay` is still waited for (App gives up the rest). */
export function wantsRowRead(rows: RowCauses | undefined, relay: string): boolean {
  return !!rows?.inFlight.has(relay);
}

/** Whether the rows wait on the clock: a read under way (it may be lost), or one to try again. */
export function rowCausesWaitOnClock(rows: RowCauses | undefined): boolean {
  return !!rows && (rows.inFlight.size > 0 || Number.isFinite(rows.nextAt));
}

/** One read being put together: its requests and the filter's distinct strings. */
interface Batch {
  records: RequestRecord[];
  ids: Set<string>;
  sources: Set<string>;
  sessions: Set<string>;
  chars: number;
}

/** Adds `record` to the batch when it fits (its filter within FILTER_BUDGET); false when it does not. */
function addTo(batch: Batch, record: RequestRecord, query: PinnedEvent): boolean {
  if (batch.records.length >= ROW_BATCH) return false;
  const cost = (set: Set<string>, value: string) => (set.has(value) ? 0 : JSON.stringify(value).length + 1);
  const chars = cost(batch.ids, query.id) + cost(batch.sources, query.source) + cost(batch.sessions, query.session);
  if (batch.records.length && batch.chars + chars > FILTER_BUDGET) return false;
  batch.records.push(record);
  batch.ids.add(query.id);
  batch.sources.add(query.source);
  batch.sessions.add(query.session);
  batch.chars += chars;
  return true;
}

function readOf(relay: string, batch: Batch): Effect {
  return {
    type: 'fetch',
    kind: 'rows',
    key: relay,
    relay,
    filter: { id: [...batch.ids], source: [...batch.sources], session: [...batch.sessions] },
    limit: KEEP_OTHERS,
    pin: batch.records.flatMap((record) => {
      const query = causeQuery(record);
      return query ? [query.filter] : [];
    }),
  };
}

/**
 * After every message: the causes of open requests nobody has read yet are
 * asked for, one read per relay at a time. `unread(record)`: nothing (the
 * detail, the rules, the rows) has read or is reading its cause.
 */
export function ensureRowCauses(
  given: RowCauses | undefined,
  view: RowList,
  store: StoreReader,
  now: number,
  unread: (record: RequestRecord) => boolean,
): { rows: RowCauses; effects: Effect[] } {
  const rows = given ?? initialRowCauses;
  let inFlight = rows.inFlight;
  for (const [relay, read] of rows.inFlight)
    if (now - read.at >= ROW_LOST_MS) {
      if (inFlight === rows.inFlight) inFlight = new Map(rows.inFlight);
      (inFlight as Map<string, unknown>).delete(relay);
    }
  if (inFlight === rows.inFlight && rows.seen === view && now < rows.nextAt) return { rows, effects: [] };

  const open = view.list.filter((record) => OPEN_STATES.has(record.state) && !!record.cause && !isFromFile(record));
  const openKeys = new Set<string>(open.map((record) => record.key));
  const asked = new Map<string, RowAsk>();
  for (const [key, ask] of rows.asked) {
    // Given up with its lost read: it waits RETRY_MS like a read that found nothing.
    const relay = store.request(key)?.relay;
    const lost = ask.reading && !(relay !== undefined && inFlight.get(relay)?.keys.includes(key));
    if (openKeys.has(key) || ask.reading) asked.set(key, lost ? { ...ask, at: now, reading: false } : ask);
  }
  const found = new Map(rows.found);
  for (const key of rows.found.keys()) if (!store.request(key)) found.delete(key);

  const batches = new Map<string, Batch>();
  let nextAt = Infinity;
  for (const record of open) {
    const ask = asked.get(record.key);
    if (ask?.reading || (ask && ask.tries >= 2) || inFlight.has(record.relay)) continue;
    if (!ask && asked.size >= MAX_ASKED) continue;
    if (!unread(record)) continue;
    if (ask && now < ask.at + ROW_RETRY_MS) {
      nextAt = Math.min(nextAt, ask.at + ROW_RETRY_MS);
      continue;
    }
    const query = causeQuery(record);
    if (!query) continue;
    let batch = batches.get(record.relay);
    if (!batch)
      batches.set(
        record.relay,
        (batch = { records: [], ids: new Set(), sources: new Set(), sessions: new Set(), chars: 0 }),
      );
    if (!addTo(batch, record, query.filter)) continue;
    asked.set(record.key, { at: now, tries: (ask?.tries ?? 0) + 1, reading: true });
  }
  const effects: Effect[] = [];
  const reading = new Map(inFlight);
  for (const [relay, batch] of batches) {
    reading.set(relay, { keys: batch.records.map((record) => record.key), at: now });
    effects.push(readOf(relay, batch));
  }
  return { rows: { found, asked, inFlight: reading, seen: view, nextAt }, effects };
}

/** Keeps `cause` for `key`, past MAX_FOUND forgetting the oldest of a request no longer asked for (else the oldest). */
function keep(
  found: Map<string, CauseState>,
  asked: ReadonlyMap<string, RowAsk>,
  key: string,
  cause: CauseState,
): void {
  found.delete(key);
  found.set(key, cause);
  if (found.size <= MAX_FOUND) return;
  const stale = [...found.keys()].find((k) => !asked.has(k)) ?? (found.keys().next().value as string);
  found.delete(stale);
}

/** A rows' read came back: each of its requests judged by the one resolver; only its own Event (or a conflict) is kept. */
export function onRowCauses(
  given: RowCauses | undefined,
  relay: string,
  result: FetchResult,
  store: StoreReader,
  now: number,
): RowCauses {
  const read = given?.inFlight.get(relay);
  if (!given || !read) return given ?? initialRowCauses;
  const inFlight = new Map(given.inFlight);
  inFlight.delete(relay);
  const asked = new Map(given.asked);
  const found = new Map(given.found);
  for (const key of read.keys) {
    const ask = asked.get(key);
    if (ask) asked.set(key, { at: now, tries: ask.tries, reading: false });
    const record = store.request(key);
    if (!record || !result.ok) continue;
    const cause = resolveCause(record, result, (ask?.tries ?? 1) > 1);
    if (ownCauseEvent(cause) || cause.state === 'conflicting') keep(found, asked, key, cause);
  }
  // Looked at again on the next message: the requests that waited for this read go in the next one.
  return { found, asked, inFlight, seen: given.seen, nextAt: 0 };
}
