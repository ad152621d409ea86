// Ages and times left, as the list, the detail and the clock read them.
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { formatMs } from '../words/duration.js';

/**
 * A record's raised and expiry times, parsed once: every frame reads them
 * for each visible row (and the clock for its next tick), and records are
 * replaced, never changed. Held weakly: a record forgotten takes its times.
 */
const parsedTimes = new WeakMap<RequestRecord, { raised: number; expires: number | undefined }>();

function timesOf(record: RequestRecord): { raised: number; expires: number | undefined } {
  let times = parsedTimes.get(record);
  if (times === undefined) {
    times = {
      raised: Date.parse(record.time),
      expires: record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : undefined,
    };
    parsedTimes.set(record, times);
  }
  return times;
}

/** Milliseconds since the request was raised (producer time, for display only). */
export function ageMs(record: RequestRecord, now: number): number {
  const { raised } = timesOf(record);
  const from = Number.isFinite(raised) ? Math.min(raised, now) : record.receivedAt;
  return Math.max(0, now - from);
}

/** Time left before the emitter times the request out, or undefined. */
export function timeLeftMs(record: RequestRecord, now: number): number | undefined {
  if (!record.payload.expiresAt || !OPEN_STATES.has(record.state)) return undefined;
  const at = timesOf(record).expires;
  return at !== undefined && Number.isFinite(at) ? at - now : undefined;
}

const SECOND = 1000;
const MINUTE = 60_000;

/** Ms from an age of `age` until its text (shortDuration: seconds under a minute, then minutes) reads otherwise. */
export function ageTextChangesIn(age: number): number {
  const step = age < MINUTE ? SECOND : MINUTE;
  return step - (age % step);
}

/**
 * Ms for which a time left of `left` (more than 0) still reads as it does:
 * while at least its whole seconds (or minutes) are left; under a second,
 * until it runs out (then it reads exp).
 */
export function leftTextHoldsFor(left: number): number {
  if (left < SECOND) return left;
  return left % (left < MINUTE ? SECOND : MINUTE);
}

/**
 * Until when (exclusive) a record's age and time left read as they read at
 * `now`: the list keeps a row built at `now` until then. Both texts only
 * move one way with the clock, so one that reads the same at both ends of
 * a span reads the same within it (a clock set back is a new start: see
 * the row cache's `from`). A raised time still ahead of the clock reads 0s
 * until a second past it.
 */
export function textsUntil(record: RequestRecord, now: number): number {
  const { raised } = timesOf(record);
  const from = Number.isFinite(raised) ? raised : record.receivedAt;
  const ageUntil = Math.max(now, from) + ageTextChangesIn(Math.max(0, now - from));
  const left = timeLeftMs(record, now);
  return left === undefined || left <= 0 ? ageUntil : Math.min(ageUntil, now + leftTextHoldsFor(left));
}

export function shortDuration(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.floor(ms / 1000))}s`;
  return formatMs(Math.floor(ms / 60_000) * 60_000);
}

export function timeLeftText(left: number): string {
  return left <= 0 ? 'expired' : `${shortDuration(left)} left`;
}
