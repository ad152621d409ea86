import { CAPTURE_LEVELS, SEVERITIES, type Answer, type Capture, type Severity } from '../protocol/types.js';

// Defensive readers for payload members: the envelope is validated, the
// payload is whatever the producer sent.

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function readSeverity(value: unknown): Severity {
  return (SEVERITIES as readonly string[]).includes(value as string) ? (value as Severity) : 'info';
}

export function readCapture(value: unknown): Capture {
  return (CAPTURE_LEVELS as readonly string[]).includes(value as string) ? (value as Capture) : 'metadata';
}

export function readAnswer(value: unknown): Answer {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const raw = value as Record<string, unknown>;
  const answer: Answer = {};
  if (typeof raw.option === 'string') answer.option = raw.option;
  if (typeof raw.text === 'string') answer.text = raw.text;
  if (raw.values && typeof raw.values === 'object' && !Array.isArray(raw.values)) {
    answer.values = raw.values as Record<string, unknown>;
  }
  return answer;
}
