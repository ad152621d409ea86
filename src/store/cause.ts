// One cause for every reader: the detail, the
// history, the screen reader and the rules all see a request's cause through
// this one policy. The cause is the request's own Event: the id its `cause`
// names, from the same source and session. The read asks for exactly that
// (id, source and session), keeps that Event however many others a relay
// sends beside it, and an Event under that id from anyone else is kept only
// to be shown as "not this agent's Event", never taken for the cause.
// Pure: the read itself is the relay layer's, its result comes in here.

import { CAPTURE_LEVELS, type AepEvent } from '../protocol/types.js';
import { eventPrint } from '../protocol/event-print.js';
import type { RequestRecord } from './types.js';

/** What a one-off read handed back (the relay's FetchResult has this shape). */
export type CauseRead = { ok: true; events: readonly AepEvent[] } | { ok: false; reason: string; timedOut?: boolean };

/** Where a request's cause stands. Only `event` and `withheld` carry the request's own Event. */
export type CauseState =
  /** The request names no cause. */
  | { state: 'none' }
  /** Not asked for yet. */
  | { state: 'unread' }
  /** A read is in flight (`retry`: the second, after the first found nothing). */
  | { state: 'reading'; retry?: boolean }
  /** The read failed (refused, unreachable, malformed). */
  | { state: 'unreadable'; reason: string }
  /** The read did not finish within its deadline. */
  | { state: 'timed-out'; reason: string }
  /** The relay holds no Event under that id for this request. */
  | { state: 'absent' }
  /** Only another emitter's Event carries that id. */
  | { state: 'foreign'; event: AepEvent }
  /** Only the same emitter's Event in another session carries that id. */
  | { state: 'other-session'; event: AepEvent }
  /**
   * Two different Events carry its identity (source, session and id): in
   * the read, or one read and one live (withLiveCause). Neither is its
   * cause: unreadable, for good (it is not read again).
   */
  | { state: 'conflicting' }
  /** The own Event, its arguments withheld by its capture level (only their digest sent). */
  | { state: 'withheld'; event: AepEvent }
  /** The own Event (`late`: found only by the read tried again). */
  | { state: 'event'; event: AepEvent; late?: boolean };

export type CauseStateName = CauseState['state'];

/** The request's own cause, asked for by id, source and session: the filter, and what the read must keep. */
export interface CauseQuery {
  filter: { id: string; source: string; session: string };
  own: (event: AepEvent) => boolean;
}

export function causeQuery(record: RequestRecord): CauseQuery | undefined {
  const id = record.cause;
  if (!id) return undefined;
  return { filter: { id, source: record.source, session: record.session }, own: (event) => isOwnCause(record, event) };
}

/** The request's own cause: the id it names, from its source and its session. */
export function isOwnCause(record: RequestRecord, event: AepEvent): boolean {
  return (
    !!record.cause &&
    event.id === record.cause &&
    event.source === record.source &&
    (event.session ?? '') === record.session
  );
}

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Event carries no arguments because its capture level withholds them (not because the call had none). */
export function argsWithheld(event: AepEvent): boolean {
  const data = isData(event.data) ? event.data : {};
  if (data.args !== undefined || data.args_redacted !== undefined) return false;
  const level = CAPTURE_LEVELS.indexOf(event.capture ?? 'metadata');
  return level < CAPTURE_LEVELS.indexOf('redacted') || data.args_digest !== undefined;
}

/** A finished read, judged by the one policy. `retried`: this was the second read. */
export function resolveCause(record: RequestRecord, read: CauseRead, retried = false): CauseState {
  if (!record.cause) return { state: 'none' };
  if (!read.ok)
    return read.timedOut ? { state: 'timed-out', reason: read.reason } : { state: 'unreadable', reason: read.reason };
  const owns = read.events.filter((event) => isOwnCause(record, event));
  // Read to the end: a second, different Event under the identity makes it unreadable (a redelivery is the same one).
  if (owns.length > 1 && new Set(owns.map(eventPrint)).size > 1) return { state: 'conflicting' };
  const own = owns[0];
  if (own)
    return argsWithheld(own)
      ? { state: 'withheld', event: own }
      : retried
        ? { state: 'event', event: own, late: true }
        : { state: 'event', event: own };
  const sameId = read.events.filter((event) => event.id === record.cause);
  const foreign = sameId.find((event) => event.source !== record.source);
  if (foreign) return { state: 'foreign', event: foreign };
  const otherSession = sameId.find((event) => event.source === record.source);
  if (otherSession) return { state: 'other-session', event: otherSession };
  return { state: 'absent' };
}

/**
 * `cause` as the Events that arrived live under its identity leave it
 * (RequestRecord.causeSeen): two different ones, or one that differs from the
 * Event read, make it `conflicting`. One that agrees, or one while nothing
 * is read yet, changes nothing (the read itself sees what the relay holds).
 */
export function withLiveCause(record: RequestRecord, cause: CauseState): CauseState {
  const seen = record.causeSeen;
  if (!seen?.length || cause.state === 'none' || cause.state === 'conflicting') return cause;
  if (seen.length > 1) return { state: 'conflicting' };
  const own = ownCauseEvent(cause);
  return own && eventPrint(own) !== seen[0] ? { state: 'conflicting' } : cause;
}

/** The request's own cause Event, when it has been read. */
export function ownCauseEvent(cause: CauseState): AepEvent | undefined {
  return cause.state === 'event' || cause.state === 'withheld' ? cause.event : undefined;
}

/** Whether a read is still to come or under way (the rules then wait rather than judge). */
export function causePending(cause: CauseState): boolean {
  return cause.state === 'unread' || cause.state === 'reading';
}

/** Whether the read found nothing that is the request's own cause (these are read once more after 2 s). */
export function causeNotFound(cause: CauseState): boolean {
  return (
    cause.state === 'absent' ||
    cause.state === 'foreign' ||
    cause.state === 'other-session' ||
    cause.state === 'unreadable' ||
    cause.state === 'timed-out'
  );
}

/** Why the own cause is not known, in a few words (row, detail, screen reader, `rules test`). */
export function causeMissingText(
  cause: CauseState | CauseStateName | 'command-shape' | 'path-unreadable' | 'no-clock',
): string {
  switch (typeof cause === 'string' ? cause : cause.state) {
    case 'command-shape':
      return 'its command is neither a string nor an array of strings';
    case 'path-unreadable':
      return 'a path its edit touches cannot be read against the rule';
    case 'no-clock':
      return 'the rule has an end and the time was not given';
    case 'conflicting':
      return 'two different Events carry its id';
    case 'none':
      return 'the request names no cause';
    case 'unread':
    case 'reading':
      return 'its cause is being read';
    case 'unreadable':
      return 'its cause could not be read';
    case 'timed-out':
      return 'the read of its cause timed out';
    case 'absent':
      return 'its cause is not held by the relay';
    case 'foreign':
      return "only another emitter's Event carries its cause id";
    case 'other-session':
      return "only another session's Event carries its cause id";
    case 'withheld':
      return 'its cause withholds the arguments';
    case 'event':
      return 'its cause was read';
  }
}
