import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRfc3339 } from '../../src/protocol/guards.js';
import { mulberry32, mutate } from '../support/prng.js';

// The reading before it became a scan of character codes: the model it must agree with.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
function model(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 64) return false;
  const m = RFC3339.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 60) return false;
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return false;
  return true;
}

test('isRfc3339 agrees with the regular expression it replaced, on chosen and mutated date-times', () => {
  const chosen = [
    '2026-11-29T09:00:00Z',
    '2026-11-29t09:00:00z',
    '2026-11-29T09:00:00.123456Z',
    '2026-11-29T09:00:00+05:30',
    '2026-11-29T09:00:00-23:59',
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-12-31T23:59:60Z',
    '2026-13-01T00:00:00Z',
    '2026-00-01T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:60:00Z',
    '2026-01-01T00:00:61Z',
    '2026-01-01T00:00:00',
    '2026-01-01T00:00:00.Z',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00+05:60',
    '2026-01-01T00:00:00+0530',
    '2026-01-01T00:00:00ZZ',
    '２０２６-01-01T00:00:00Z',
    '2026-1-01T00:00:00Z',
    '',
    'Z',
    `2026-01-01T00:00:00.${'1'.repeat(50)}Z`,
    20260101,
    null,
    undefined,
  ];
  for (const v of chosen) assert.equal(isRfc3339(v), model(v), String(v));
  const random = mulberry32(7);
  const alphabet = '0123456789-:.TtZz+ x';
  for (let n = 0; n < 20_000; n++) {
    const v = mutate(chosen[n % 11] as string, random, alphabet, 2);
    assert.equal(isRfc3339(v), model(v), v);
  }
});
