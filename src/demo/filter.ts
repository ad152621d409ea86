// attr-match filters (AEP-0003 §6): an object of predicates on envelope
// attributes, ANDed. Validation fails closed: anything not understood is an
// `invalid-filter` refusal, never a silently broader subscription.

import type { AepEvent } from '../protocol/types.js';
import { CAPTURE_ORDER, SEVERITY_ORDER, isPlainObject, severityRank } from './wire.js';

/** Core envelope attributes a filter may name (AEP-0003 §6.2). */
export const FILTERABLE_KEYS = [
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
] as const;

/** Core attributes that exist but are NOT filterable. */
export const UNFILTERABLE_KEYS = ['time', 'seq', 'aep', 'data', 'traceparent'] as const;

const EXTENSION_NAME = /^[a-z0-9]{1,20}$/;

export type AttrFilter = Record<string, unknown>;

/** Returns a human-readable problem, or undefined when the filter is valid. */
export function filterProblem(filter: unknown): string | undefined {
  if (!isPlainObject(filter)) return 'filter must be a JSON object';
  for (const [key, value] of Object.entries(filter)) {
    const p = keyProblem(key, value);
    if (p) return p;
  }
  return undefined;
}

function keyProblem(key: string, value: unknown): string | undefined {
  if ((UNFILTERABLE_KEYS as readonly string[]).includes(key)) return `"${key}" is not filterable`;
  const core = (FILTERABLE_KEYS as readonly string[]).includes(key);
  if (!core && !EXTENSION_NAME.test(key)) return `"${key}" is neither a filterable attribute nor an extension name`;

  if (key === 'severity' && isPlainObject(value)) return severityBoundProblem(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return `"${key}": empty inclusion array`;
    for (const v of value) {
      const p = scalarProblem(key, v);
      if (p) return p;
    }
    return undefined;
  }
  return scalarProblem(key, value);
}

function severityBoundProblem(bound: Record<string, unknown>): string | undefined {
  const ops = Object.keys(bound);
  if (ops.length === 0) return '"severity": empty bound';
  for (const op of ops) {
    if (op !== 'gte' && op !== 'lte') return `"severity": "${op}" is not a severity operator (gte, lte)`;
    if (!(SEVERITY_ORDER as readonly unknown[]).includes(bound[op]))
      return `"severity": unknown level ${JSON.stringify(bound[op])}`;
  }
  return undefined;
}

function scalarProblem(key: string, v: unknown): string | undefined {
  if (key === 'severity') {
    return (SEVERITY_ORDER as readonly unknown[]).includes(v)
      ? undefined
      : `"severity": unknown level ${JSON.stringify(v)}`;
  }
  if (key === 'capture') {
    return (CAPTURE_ORDER as readonly unknown[]).includes(v)
      ? undefined
      : `"capture": unknown level ${JSON.stringify(v)}`;
  }
  if (key === 'epoch') {
    return typeof v === 'number' && Number.isInteger(v) && v >= 0
      ? undefined
      : '"epoch": must be a non-negative integer';
  }
  if (key === 'type') {
    if (typeof v !== 'string' || v.length === 0) return '"type": must be a non-empty string';
    if (v.includes('*') && !/^[^*]+\.\*$/.test(v)) return `"type": "${v}" is not a pattern (only "prefix.*")`;
    return undefined;
  }
  const core = (FILTERABLE_KEYS as readonly string[]).includes(key);
  if (core) {
    if (typeof v !== 'string' || v.length === 0) return `"${key}": must be a non-empty string`;
  } else if (!(typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v)))) {
    return `"${key}": extension values are scalar (string, integer, boolean)`;
  }
  if (typeof v === 'string' && v.includes('*')) return `"${key}": patterns are only allowed on "type"`;
  return undefined;
}

/** Event attribute value with the envelope defaults applied (AEP-0001 §5). */
function attr(event: AepEvent, key: string): unknown {
  const v = event[key];
  if (v !== undefined) return v;
  if (key === 'severity') return 'info';
  if (key === 'epoch') return 0;
  if (key === 'capture') return 'metadata';
  return undefined;
}

function matchOne(key: string, pattern: unknown, value: unknown): boolean {
  if (value === undefined) return false;
  if (key === 'type' && typeof pattern === 'string' && pattern.endsWith('.*')) {
    return typeof value === 'string' && value.startsWith(pattern.slice(0, -1));
  }
  return pattern === value;
}

/** Does `event` satisfy `filter`? Assumes `filterProblem(filter)` was undefined. */
export function matchesFilter(filter: AttrFilter, event: AepEvent): boolean {
  // for…in, not Object.entries: runs for every Event of a replay, and a filter is a JSON object (nothing inherited).
  for (const key in filter) {
    const pattern = filter[key];
    const value = attr(event, key);
    if (key === 'severity' && isPlainObject(pattern)) {
      const r = severityRank(value);
      if (r < 0) return false;
      if (typeof pattern.gte === 'string' && r < severityRank(pattern.gte)) return false;
      if (typeof pattern.lte === 'string' && r > severityRank(pattern.lte)) return false;
      continue;
    }
    const ok = Array.isArray(pattern) ? pattern.some((p) => matchOne(key, p, value)) : matchOne(key, pattern, value);
    if (!ok) return false;
  }
  return true;
}
