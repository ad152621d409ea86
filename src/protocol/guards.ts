// Small shared predicates. Everything here accepts `unknown` because the
// values come straight off the wire.
import { CAPTURE_LEVELS, SEVERITIES, type Capture, type Severity } from './types.js';

export type Obj = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** RFC 3339 date-time (the JSON Schema "date-time" format), with calendar checks. */
export function isRfc3339(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 64) return false;
  const m = RFC3339.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (day > days) return false;
  // Second 60 is a legal leap second in RFC 3339.
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 60) return false;
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return false;
  return true;
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
