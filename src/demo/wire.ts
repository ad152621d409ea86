// Small shared helpers for the embedded demo relay and agents (AEP-0001 §5,
// AEP-0003 §2). Deliberately independent of src/protocol's parser: the demo
// plays the *other* side of the wire and must not share the console's bugs.

import type { AepEvent, Capture, Severity } from '../protocol/types.js';

export const AEP_VERSION = '0.1';
/** Every version this side speaks, newest first (the `versions` of a 426 or a version-unsupported error). */
export const SUPPORTED_VERSIONS: readonly string[] = [AEP_VERSION];

/** The hello roles of AEP-0003 §4 rule 2, and no others. */
export const ROLES = ['emitter', 'consumer', 'both'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(r: unknown): r is Role {
  return typeof r === 'string' && (ROLES as readonly string[]).includes(r);
}

export const SEVERITY_ORDER: readonly Severity[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical'];
export const CAPTURE_ORDER: readonly Capture[] = ['none', 'metadata', 'redacted', 'full'];

/** Rank of a severity; absent means the default `info` (AEP-0001 §5). */
export function severityRank(s: unknown): number {
  const i = SEVERITY_ORDER.indexOf((s ?? 'info') as Severity);
  return i < 0 ? -1 : i;
}

/** Rank of a capture level; absent means the default `metadata` (AEP-0001 §8). */
export function captureRank(c: unknown): number {
  const i = CAPTURE_ORDER.indexOf((c ?? 'metadata') as Capture);
  return i < 0 ? -1 : i;
}

export function isCaptureLevel(c: unknown): c is Capture {
  return typeof c === 'string' && (CAPTURE_ORDER as readonly string[]).includes(c);
}

/** An object whose `type` contains a dot is an Event, otherwise a frame (AEP-0003 §2). */
export function isEventObject(o: unknown): boolean {
  return isPlainObject(o) && typeof o.type === 'string' && o.type.includes('.');
}

export function isPlainObject(o: unknown): o is Record<string, unknown> {
  return typeof o === 'object' && o !== null && !Array.isArray(o);
}

/**
 * Commands (AEP-0004): `control.*` except the two acks, plus vendor
 * `x.{vendor}.control.*`. Acks are ordinary emitter events with a `seq`.
 */
export function isCommandType(type: string): boolean {
  if (type === 'control.accepted' || type === 'control.rejected') return false;
  return type.startsWith('control.') || /^x\.[a-z0-9_-]+\.control\./.test(type);
}

/** Minimal envelope check the relay applies before buffering/fan-out. */
export function envelopeProblem(o: unknown): string | undefined {
  if (!isPlainObject(o)) return 'event must be a JSON object';
  for (const k of ['id', 'type', 'source', 'agent'] as const) {
    if (typeof o[k] !== 'string' || (o[k] as string).length === 0) return `${k} must be a non-empty string`;
  }
  if (o.session !== undefined && (typeof o.session !== 'string' || o.session.length === 0)) {
    return 'session must be a non-empty string';
  }
  for (const k of ['seq', 'epoch'] as const) {
    const v = o[k];
    if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) {
      return `${k} must be a non-negative integer`;
    }
  }
  if (o.data !== undefined && !isPlainObject(o.data)) return 'data must be an object';
  return undefined;
}

/** `(epoch, seq)` position of a session event, or undefined for seq-less events. */
export interface Position {
  epoch: number;
  seq: number;
}

export function positionOf(e: AepEvent): Position | undefined {
  if (typeof e.seq !== 'number') return undefined;
  return { epoch: typeof e.epoch === 'number' ? e.epoch : 0, seq: e.seq };
}

export function comparePosition(a: Position, b: Position): number {
  return a.epoch !== b.epoch ? a.epoch - b.epoch : a.seq - b.seq;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** `http://h:p` → `ws://h:p/socket`, `https` → `wss`; ws(s) URLs pass with `/socket` appended. */
export function socketUrl(relayUrl: string): string {
  const u = new URL(relayUrl);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  const base = u.pathname.replace(/\/+$/, '');
  u.pathname = base.endsWith('/socket') ? base : base + '/socket';
  return u.toString();
}

/** Deterministic PRNG (mulberry32) for seeded demo scripts. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
