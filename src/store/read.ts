import { ownWord } from '../protocol/guards.js';
import {
  CAPTURE_LEVELS,
  SEVERITIES,
  type AepEvent,
  type Answer,
  type Capture,
  type PayloadIssue,
  type Severity,
} from '../protocol/types.js';

// Defensive readers for payload members: the envelope is validated, the
// payload is whatever the producer sent.

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function readSeverity(value: unknown): Severity {
  return ownWord(SEVERITIES, value) ?? 'info';
}

export function readCapture(value: unknown): Capture {
  return ownWord(CAPTURE_LEVELS, value) ?? 'metadata';
}

/**
 * The envelope values readSeverity and readCapture had to replace: the parser
 * refuses them, so only an event applied unchecked carries one, and then the
 * detail says so rather than showing the default as if it had been sent.
 */
export function envelopeIssues(event: AepEvent): PayloadIssue[] {
  const issues: PayloadIssue[] = [];
  if (event.severity !== undefined && readSeverity(event.severity) !== event.severity)
    issues.push({ path: 'severity', reason: 'unknown severity, shown as info' });
  if (event.capture !== undefined && readCapture(event.capture) !== event.capture)
    issues.push({ path: 'capture', reason: 'unknown capture level, read as metadata' });
  return issues;
}

export function readAnswer(value: unknown): Answer {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  const answer: Answer = {};
  if (typeof raw.option === 'string') answer.option = raw.option;
  if (typeof raw.text === 'string') answer.text = raw.text;
  if (raw.values && typeof raw.values === 'object' && !Array.isArray(raw.values)) {
    answer.values = flatValues(raw.values as Record<string, unknown>);
  }
  return answer;
}

/** Stands in for a value AEP-0006 does not allow (forms are flat). */
export const UNSUPPORTED_VALUE = '(unsupported value)';

/**
 * Form values are flat (AEP-0006): strings, numbers, booleans, or lists of
 * strings. Anything deeper is replaced, so no renderer ever walks a hostile
 * structure (a 10 KB array nested 5,000 deep overflows a recursive printer).
 */
function flatValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values).slice(0, 500)) {
    const scalar =
      typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    const list = Array.isArray(value) && value.length <= 1000 && value.every((v) => typeof v === 'string');
    Object.defineProperty(out, key, {
      value: scalar || list ? value : UNSUPPORTED_VALUE,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The payload's issues, after the envelope's when it has any (rarely: no copy otherwise). */
export function withEnvelopeIssues(event: AepEvent, issues: PayloadIssue[]): PayloadIssue[] {
  // The parser refuses both, so an event that came through it has none: no array built per request.
  if (
    (event.severity === undefined || readSeverity(event.severity) === event.severity) &&
    (event.capture === undefined || readCapture(event.capture) === event.capture)
  )
    return issues;
  const envelope = envelopeIssues(event);
  return envelope.length ? [...envelope, ...issues] : issues;
}
