// --filter JSON with --agent and --session folded in: only attributes a relay
// may test (AEP-0003 §6), with predicates it understands.
import { printable, UsageError } from './usage-error.js';

/** Envelope attributes attr-match may test (AEP-0003 §6); others fail closed. */
const FILTERABLE = new Set([
  'id',
  'type',
  'subject',
  'source',
  'agent',
  'session',
  'run',
  'step',
  'epoch',
  'cause',
  'severity',
  'capture',
]);
const NOT_FILTERABLE = new Set(['time', 'seq', 'aep', 'data']);

/** The user's extra attr-match filter: --filter JSON with --agent/--session folded in. */
export function buildFilter(
  raw: string | undefined,
  agents: string[],
  sessions: string[],
): Record<string, unknown> | undefined {
  let filter: Record<string, unknown> = {};
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new UsageError('--filter is not valid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError('--filter must be a JSON object of attribute predicates, e.g. {"agent":"codex"}');
    }
    filter = parsed as Record<string, unknown>;
    for (const [key, value] of Object.entries(filter)) {
      if (NOT_FILTERABLE.has(key) || (!FILTERABLE.has(key) && !/^[a-z0-9]{1,20}$/.test(key))) {
        throw new UsageError(
          `--filter key "${printable(key)}" is not filterable (allowed: ${[...FILTERABLE].join(' ')} and extension names)`,
        );
      }
      if (!isPredicate(value))
        throw new UsageError(
          `--filter value for "${printable(key)}" must be a string, number, boolean, an array of them, or {"gte": ...}`,
        );
    }
  }
  for (const [key, list] of [
    ['agent', agents],
    ['session', sessions],
  ] as const) {
    if (!list.length) continue;
    if (key in filter) throw new UsageError(`--${key} and a "${key}" key in --filter conflict; use one of them`);
    if (list.some((item) => !item.trim())) throw new UsageError(`--${key} is empty`);
    filter[key] = list.length === 1 ? list[0] : [...list];
  }
  return Object.keys(filter).length ? filter : undefined;
}

function isPredicate(value: unknown): boolean {
  const scalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
  if (scalar(value)) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every(scalar);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 1 && keys[0] === 'gte' && scalar((value as Record<string, unknown>).gte);
  }
  return false;
}
