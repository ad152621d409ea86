// Wire types for AEP 0.1 as the console uses them (AEP-0001 §5, AEP-0002 §5.3,
// AEP-0004, AEP-0006). Everything here describes untrusted input: the parser
// guarantees the envelope shape, payloads are only "as far as checked".
import type { FieldType } from './fields/index.js';

// The field types come from the field registry (fields/index.ts): a new kind is added there.
export { FIELD_TYPES, type FieldType } from './fields/index.js';

export const SEVERITIES = ['debug', 'info', 'notice', 'warning', 'error', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CAPTURE_LEVELS = ['none', 'metadata', 'redacted', 'full'] as const;
export type Capture = (typeof CAPTURE_LEVELS)[number];

export const ATTENTION_KINDS = ['permission', 'input', 'auth', 'review', 'form', 'other'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const NACK_REASONS = ['unsupported', 'unauthorized', 'busy', 'refused', 'invalid'] as const;
export type NackReason = (typeof NACK_REASONS)[number];

/** Relay refusal codes for a command (AEP-0003 §4.2 / AEP-0004 §4). */
export const RELAY_REFUSAL_CODES = ['unauthorized', 'unsupported', 'ambiguous', 'no-route'] as const;
export type RelayRefusalCode = (typeof RELAY_REFUSAL_CODES)[number];

/** A validated envelope. Unknown attributes are kept in `extensions`. */
export interface AepEvent {
  aep: string;
  id: string;
  type: string;
  time: string;
  source: string;
  agent: string;
  subject?: string;
  session?: string;
  run?: string;
  step?: string;
  seq?: number;
  epoch?: number;
  cause?: string;
  traceparent?: string;
  severity?: Severity;
  capture?: Capture;
  data?: Record<string, unknown>;
  /** Extension attributes (AEP-0001 §5.4), scalar values only. */
  [extension: string]: unknown;
}

export interface Choice {
  id: string;
  label: string;
}

export interface FieldSpec {
  id: string;
  type: FieldType;
  label: string;
  required?: boolean;
  multi?: boolean;
  other?: boolean;
  choices?: Choice[];
  min?: number;
  max?: number;
  /**
   * The value the emitter suggests (a member the contract reads beside
   * AEP-0006's): kept only whole and value-shaped, never checked against the
   * field (the emitter stays the authority on what it accepts).
   */
  default?: FormValue;
}

export type FormValue = string | number | boolean | string[];
export type FormValues = Record<string, FormValue>;

export interface Answer {
  option?: string;
  text?: string;
  values?: Record<string, unknown>;
}

/** What the UI may safely render of an attention.requested payload. */
export interface AttentionRequestPayload {
  /** The raw kind string (unknown kinds are kept and rendered as prompt + reply). */
  kind: string;
  prompt: string;
  options: Choice[];
  fields: FieldSpec[];
  expiresAt?: string;
  respondVia?: string[];
  context?: unknown;
}

/**
 * A payload problem that does not invalidate the envelope. The UI shows
 * "malformed request" with these reasons instead of crashing.
 */
export interface PayloadIssue {
  path: string;
  reason: string;
}

export interface ParsedOk {
  ok: true;
  event: AepEvent;
  /** Payload shape problems (kept, flagged, never fatal). */
  issues: PayloadIssue[];
}

export interface ParsedRejected {
  ok: false;
  /** The spec rule broken, e.g. "AEP-0001 §5.2". */
  rule: string;
  reason: string;
}

export type ParseResult = ParsedOk | ParsedRejected;

/** Frames (objects whose `type` has no dot), AEP-0003. */
export interface HelloFrame {
  type: 'hello';
  versions: string[];
  role?: string;
  identity?: { agent?: string; instance?: string };
  capabilities?: Record<string, unknown>;
}

export interface ResumePosition {
  session: string;
  epoch: number;
  seq: number;
}

export interface SubscribeFrame {
  type: 'subscribe';
  id: string;
  filter: Record<string, unknown>;
  from?: 'all' | ResumePosition[];
  capture?: Capture;
}

export interface RosterEntry {
  session: string;
  agent?: string;
  instance?: string;
  control?: { accepts?: string[]; ack_window_ms?: number };
  emits?: unknown;
}
