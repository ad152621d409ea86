import type { RequestRecord } from './types.js';

/** Every member of a record, optional ones included (as undefined when absent): new records are written as this, in patchedRecord's order. */
export type AllMembers = { [K in keyof Required<RequestRecord> as K]: RequestRecord[K] | undefined };

/**
 * A record with `patch` applied, as a new object (records are replaced, never
 * mutated: renderers compare them by reference). Written member by member
 * rather than `{ ...record, ...patch }`: every record then has one shape with
 * every member in place, and a copy is one allocation of its size. The spread
 * rebuilt the object property by property, about 1 KB of allocation per
 * answer or resolution at intake speed. The type lists every member, so a new
 * one cannot be left out of the copy.
 */
export function patchedRecord(record: RequestRecord, patch: Partial<RequestRecord>): RequestRecord {
  const next: AllMembers = {
    key: record.key,
    relay: record.relay,
    session: record.session,
    id: record.id,
    source: record.source,
    agent: record.agent,
    host: record.host,
    run: record.run,
    cause: record.cause,
    severity: record.severity,
    capture: record.capture,
    time: record.time,
    arrival: record.arrival,
    receivedAt: record.receivedAt,
    replayed: record.replayed,
    payload: record.payload,
    issues: record.issues,
    informational: record.informational,
    state: record.state,
    answered: record.answered,
    resolution: record.resolution,
    timeout: record.timeout,
    staleAt: record.staleAt,
    terminalArrival: record.terminalArrival,
    commands: record.commands,
    routed: record.routed,
    unconfirmed: record.unconfirmed,
    violations: record.violations,
    bytes: record.bytes,
    causeSeen: record.causeSeen,
  };
  // Members the record already has: stores, no change of shape.
  return Object.assign(next, patch) as RequestRecord;
}
