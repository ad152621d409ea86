// Small shared predicates. Everything here accepts `unknown` because the
// values come straight off the wire.
import { CAPTURE_LEVELS, SEVERITIES, type Capture, type Severity } from './types.js';

import { isObj, type Obj } from './obj.js';

export { isObj, type Obj };

/**
 * Set an own enumerable property even for keys like "__proto__", which plain
 * assignment would turn into a prototype change. Field ids are producer text.
 */
export function setOwn(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function hasOwn(o: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** The digit at `i`, or -1. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** The two-digit number at `i`, or -1. */
function twoDigits(s: string, i: number): number {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/**
 * RFC 3339 date-time (the JSON Schema "date-time" format), with calendar
 * checks: `YYYY-MM-DD[Tt]HH:MM:SS[.fraction]([Zz]|±HH:MM)`. Read once per
 * Event, so a scan of character codes, not a regular expression and its match.
 */
export function isRfc3339(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 64 || v.length < 20) return false;
  const century = twoDigits(v, 0);
  const yy = twoDigits(v, 2);
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  const hour = twoDigits(v, 11);
  const minute = twoDigits(v, 14);
  const second = twoDigits(v, 17);
  if (century < 0 || yy < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return false;
  if (v.charCodeAt(4) !== 0x2d || v.charCodeAt(7) !== 0x2d || v.charCodeAt(13) !== 0x3a || v.charCodeAt(16) !== 0x3a)
    return false;
  const t = v.charCodeAt(10);
  if (t !== 0x54 && t !== 0x74) return false;
  let i = 19;
  if (v.charCodeAt(i) === 0x2e) {
    const first = ++i;
    while (i < v.length && digit(v, i) >= 0) i++;
    if (i === first) return false;
  }
  const zone = v.charCodeAt(i);
  if (zone === 0x5a || zone === 0x7a) {
    if (i + 1 !== v.length) return false;
  } else if (zone === 0x2b || zone === 0x2d) {
    if (i + 6 !== v.length || v.charCodeAt(i + 3) !== 0x3a) return false;
    const offsetHours = twoDigits(v, i + 1);
    const offsetMinutes = twoDigits(v, i + 4);
    if (offsetHours < 0 || offsetMinutes < 0 || offsetHours > 23 || offsetMinutes > 59) return false;
  } else {
    return false;
  }
  const year = century * 100 + yy;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (day > days) return false;
  // Second 60 is a legal leap second in RFC 3339.
  return hour <= 23 && minute <= 59 && second <= 60;
}

/**
 * The list's own copy of `value`, when the list has it (else undefined): a
 * record then keeps no per-Event copy of a word every Event repeats
 * ("permission", "warning"), each one more object for the collector to move.
 */
export function ownWord<T extends string>(list: readonly T[], value: unknown): T | undefined {
  const i = (list as readonly unknown[]).indexOf(value);
  return i >= 0 ? list[i] : undefined;
}

/**
 * Rank on `debug < info < notice < warning < error < critical`. Absent or
 * unrecognised values rank as the protocol default, `info`.
 */
export function severityRank(s: unknown): number {
  const i = SEVERITIES.indexOf(s as Severity);
  return i >= 0 ? i : SEVERITIES.indexOf('info');
}

/**
 * Rank on `none < metadata < redacted < full`. Absent or unrecognised values
 * rank as the protocol default, `metadata`, which is also the conservative
 * reading (content is treated as placeholder, free text is gated).
 */
export function captureRank(c: unknown): number {
  const i = CAPTURE_LEVELS.indexOf(c as Capture);
  return i >= 0 ? i : CAPTURE_LEVELS.indexOf('metadata');
}
