import { SEVERITIES } from '../protocol/types.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

const SEVERITY_RANK = new Map<string, number>(SEVERITIES.map((severity, rank) => [severity, rank]));

/** Records are replaced, never mutated, so a sort key computed once per record stays right. */
const expiryCache = new WeakMap<RequestRecord, number>();

function expiresMs(record: RequestRecord): number {
  let at = expiryCache.get(record);
  if (at === undefined) {
    const parsed = record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : NaN;
    at = Number.isFinite(parsed) ? parsed : Number.POSITIVE_INFINITY;
    expiryCache.set(record, at);
  }
  return at;
}

/** Open requests, most urgent first: severity desc, nearest expiry, then oldest arrival. */
export function pendingByUrgency(records: Iterable<RequestRecord>): RequestRecord[] {
  const open: { record: RequestRecord; rank: number; expires: number }[] = [];
  for (const record of records) {
    if (OPEN_STATES.has(record.state))
      open.push({ record, rank: SEVERITY_RANK.get(record.severity) ?? -1, expires: expiresMs(record) });
  }
  open.sort((a, b) => b.rank - a.rank || a.expires - b.expires || a.record.arrival - b.record.arrival);
  return open.map((entry) => entry.record);
}

/** Terminal requests (resolved, timed out, stale), newest first. */
export function recentFirst(records: Iterable<RequestRecord>): RequestRecord[] {
  return [...records]
    .filter((record) => !OPEN_STATES.has(record.state))
    .sort((a, b) => (b.terminalArrival ?? b.arrival) - (a.terminalArrival ?? a.arrival));
}

export interface Counts {
  pending: number;
  recent: number;
  /** Open requests whose agent has been gone from the roster a while (not waiting on you; the UI decides). */
  away?: number;
  /** Open requests set aside for now (z: not waiting on you; the UI decides). */
  snoozed?: number;
  /** Open requests the relay no longer vouches for (`?`: not re-delivered after a reconnect; the UI decides). */
  unconfirmed?: number;
}

export function counts(records: Iterable<RequestRecord>): Counts {
  let pending = 0;
  let recent = 0;
  for (const record of records) {
    if (OPEN_STATES.has(record.state)) pending++;
    else recent++;
  }
  return { pending, recent };
}

/** The list as the inbox shows it: open requests first, then recent ones. */
export function inboxOrder(records: Iterable<RequestRecord>): RequestRecord[] {
  const all = [...records];
  return [...pendingByUrgency(all), ...recentFirst(all)];
}
