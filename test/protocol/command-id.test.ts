// Command ids: ULIDs made here (protocol/command-id.ts), read back by the
// ulid package's own decoder: the time is the time given, the alphabet is
// Crockford's, ids sort by time, and the random part differs id to id.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeTime } from 'ulid';
import { commandId } from '../../src/protocol/command-id.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

test('a command id is a ULID whose time is the time given', () => {
  for (const time of [0, 1, 31, 32, 1_700_000_000_000, Date.parse('2026-12-07T23:59:59.999Z'), 2 ** 48 - 1]) {
    const id = commandId(time);
    assert.match(id, ULID, id);
    assert.equal(decodeTime(id), time, id);
  }
});

test('ids sort by their time, and their random parts differ', () => {
  const ids = Array.from({ length: 2_000 }, (_, i) => commandId(1_700_000_000_000 + Math.floor(i / 10)));
  assert.deepEqual(
    [...ids].sort().map((id) => decodeTime(id)),
    ids.map((id) => decodeTime(id)),
  );
  assert.equal(new Set(ids.map((id) => id.slice(10))).size, ids.length);
  // Every character of the alphabet turns up in the random parts (the low five bits of a byte).
  assert.equal(new Set(ids.join('').slice(0)).size, 32);
});

test('a time a ULID cannot hold is refused', () => {
  for (const time of [-1, 2 ** 48, 1.5, Number.NaN, Infinity]) assert.throws(() => commandId(time), RangeError);
});
