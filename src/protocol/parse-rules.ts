// The rules an Event is judged by (named in every refusal, strings as in
// fixtures/invalid-cases.json), the envelope's size limits, and how a
// failure quotes what it refuses (parse.ts, event-type.ts).

/** Largest accepted event, in bytes of JSON (UTF-16 code units for string input). */
export const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * Longest envelope string attribute. The console keeps ids, sources and
 * sessions per event long after the event (dedupe, resume positions, held
 * events): without a limit, tens of thousands of them at up to a megabyte each.
 */
export const MAX_ATTRIBUTE_CHARS = 1024;

export const RULE_FRAME = 'AEP-0003 §2 (one JSON object per frame)';
export const RULE_SIZE = 'AEP-0001 §12 (untrusted input: size limit)';
export const RULE_TYPE = 'AEP-0001 §6';
export const RULE_CLOSED_SET = 'AEP-0002 §3 (closed set)';
export const RULE_SCOPE = 'AEP-0001 §5.2';
export const RULE_COMMAND = 'AEP-0004 §2.2';
export const RULE_EXTENSION = 'AEP-0001 §5.4';
export const RULE_SEVERITY = 'AEP-0001 §8.1';
export const RULE_CAPTURE = 'AEP-0001 §8.2';
export const RULE_DATA = 'AEP-0001 §5 (data is an object)';

export type Fail = { rule: string; reason: string };
export const fail = (rule: string, reason: string): Fail => ({ rule, reason });

export function quote(v: unknown): string {
  // A list or object is named, not printed: stringifying a deeply nested one
  // overflows the stack (and a huge one costs its whole size for 40 characters).
  if (typeof v === 'object' && v !== null) return Array.isArray(v) ? 'a list' : 'an object';
  const s = typeof v === 'string' ? v : String(v);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}
