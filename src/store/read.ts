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

/**
 * A short word a fleet repeats on every answer or resolution ("control",
 * "answered"), as one copy the store already holds rather than the one each
 * Event's JSON made: every record keeps it, so every answered request would
 * otherwise carry its own. Anything else is returned as it is.
 */
export function word(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length > WORD_CHARS) return value;
  const held = words.get(value);
  if (held !== undefined) return held;
  // Bounded: a producer sending a new word every time only makes the memory start over.
  if (words.size >= WORDS_KEPT) words.clear();
  words.set(value, value);
  return value;
}
const WORD_CHARS = 24;
const WORDS_KEPT = 256;
const words = new Map<string, string>();

/** The last answer that was one option alone: most answers are, and the same few options come back (shared, frozen). */
let lastOptionAnswer: Readonly<Answer> = Object.freeze({ option: '' });

export function readAnswer(value: unknown): Answer {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  if (typeof raw.option === 'string' && typeof raw.text !== 'string' && !isValues(raw.values)) {
    // Read-only like every record member: one object for a run of answers with the same option.
    if (raw.option !== lastOptionAnswer.option) lastOptionAnswer = Object.freeze({ option: word(raw.option) });
    return lastOptionAnswer as Answer;
  }
  const answer: Answer = {};
  if (typeof raw.option === 'string') answer.option = raw.option;
  if (typeof raw.text === 'string') answer.text = raw.text;
  if (isValues(raw.values)) {
    answer.values = flatValues(raw.values);
  }
  return answer;
}

function isValues(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
