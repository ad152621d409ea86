import { SEVERITIES } from '../protocol/types.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

const severityRank = (record: RequestRecord): number => SEVERITIES.indexOf(record.severity);

function expiresMs(record: RequestRecord): number {
  const at = record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : NaN;
  return Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
}

/** Open requests, most urgent first: severity desc, nearest expiry, then oldest arrival. */
export function pendingByUrgency(records: Iterable<RequestRecord>): RequestRecord[] {
  return [...records]
    .filter((record) => OPEN_STATES.has(record.state))
    .sort(
      (a, b) =>
        severityRank(b) - severityRank(a) ||
        expiresMs(a) - expiresMs(b) ||
        a.arrival - b.arrival,
    );
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
