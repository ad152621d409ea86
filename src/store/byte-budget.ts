// A bound on the bytes the store holds. Counting requests was not
// enough: 120 requests can cost gigabytes when each carries megabytes. Each
// request record and each group of held events is charged an estimate of its
// heap cost when it is stored and released when it is dropped; the store
// evicts history (oldest terminal request first) to make room, and refuses a
// new open request, visibly, when history alone cannot. Pure bookkeeping.

import type { AepEvent } from '../protocol/types.js';
import type { RequestRecord } from './types.js';

/** Estimated bytes the store may hold by default: a few thousand full-size requests. */
export const DEFAULT_BYTE_BUDGET = 64 * 1024 * 1024;

/** Per object or array: header, hidden class, a few slots (a rough V8 figure). */
const OBJECT_BYTES = 64;

/** Two bytes per UTF-16 unit (V8 may store one, the estimate stays on the safe side) plus a header. */
function textBytes(value: unknown): number {
  return typeof value === 'string' ? 16 + value.length * 2 : 0;
}

/**
 * What one request record costs: envelope strings, payload, issues. Commands
 * and routing notes are capped by count. It reads only what a record keeps
 * from its first Event, so every later version of a record costs the same
 * (the store works it out once, and keeps it as the record's `bytes`).
 */
export function requestBytes(record: RequestRecord): number {
  let bytes = OBJECT_BYTES * 4 + record.key.length * 2;
  // Named one by one: an array of them would be built per request.
  bytes += textBytes(record.relay) + textBytes(record.session) + textBytes(record.id) + textBytes(record.source);
  bytes += textBytes(record.agent) + textBytes(record.host) + textBytes(record.time);
  const payload = record.payload;
  bytes += textBytes(payload.kind) + textBytes(payload.prompt) + textBytes(payload.expiresAt);
  // Indexed loops: run twice per request (held, dropped), and an iterator is an object each
  // (the shared empty lists are frozen, which takes for…of off its fast path).
  bytes += choicesBytes(payload.options);
  const fields = payload.fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    bytes += OBJECT_BYTES * 2 + textBytes(field.id) + textBytes(field.label) + textBytes(field.type);
    if (field.choices) bytes += choicesBytes(field.choices);
    const suggested = field.default;
    if (typeof suggested === 'string') bytes += textBytes(suggested);
    else if (Array.isArray(suggested)) for (let j = 0; j < suggested.length; j++) bytes += textBytes(suggested[j]);
  }
  const channels = payload.respondVia;
  if (channels) for (let i = 0; i < channels.length; i++) bytes += textBytes(channels[i]);
  const issues = record.issues;
  for (let i = 0; i < issues.length; i++)
    bytes += OBJECT_BYTES + textBytes(issues[i].path) + textBytes(issues[i].reason);
  return bytes;
}

function choicesBytes(choices: readonly { id: string; label: string }[]): number {
  let bytes = 0;
  for (let i = 0; i < choices.length; i++)
    bytes += OBJECT_BYTES + textBytes(choices[i].id) + textBytes(choices[i].label);
  return bytes;
}

/** What one held (slimmed) event costs: its string attributes and the few payload values kept. */
export function heldEventBytes(event: AepEvent): number {
  let bytes = OBJECT_BYTES * 3;
  for (const value of Object.values(event)) bytes += textBytes(value) + 8;
  for (const value of Object.values(event.data ?? {}))
    bytes +=
      typeof value === 'object' && value !== null
        ? JSON.stringify(value).length * 2 + OBJECT_BYTES
        : textBytes(value) + 8;
  return bytes;
}

export class ByteBudget {
  private readonly charges = new Map<string, number>();
  private totalBytes = 0;

  constructor(readonly limit: number = DEFAULT_BYTE_BUDGET) {}

  get total(): number {
    return this.totalBytes;
  }

  /** Whether `bytes` more would still be within the limit. */
  fits(bytes: number): boolean {
    return this.totalBytes + bytes <= this.limit;
  }

  /**
   * Holds `bytes` with no key: for a request record, whose estimate is
   * worked out again from the record when it is dropped (what it reads never
   * changes), so no map entry is made and removed per request.
   */
  hold(bytes: number): void {
    this.totalBytes += bytes;
  }

  /** Gives back what `hold` took. */
  free(bytes: number): void {
    this.totalBytes -= bytes;
  }

  /** Sets what `key` costs (replacing an earlier charge). */
  charge(key: string, bytes: number): void {
    this.release(key);
    this.charges.set(key, bytes);
    this.totalBytes += bytes;
  }

  /** Adds to what `key` costs. */
  add(key: string, bytes: number): void {
    this.charge(key, (this.charges.get(key) ?? 0) + bytes);
  }

  release(key: string): void {
    const bytes = this.charges.get(key);
    if (bytes === undefined) return;
    this.charges.delete(key);
    this.totalBytes -= bytes;
  }
}
