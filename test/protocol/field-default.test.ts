// A form field's `default` (read for `list --json`, so a script can answer
// with it): kept whole when it has a value's shape, else not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRequestPayload } from '../../src/protocol/payload.js';
import type { AepEvent } from '../../src/protocol/types.js';

function defaultRead(value: unknown): unknown {
  const event = {
    aep: '0.1',
    id: 'r',
    type: 'attention.requested',
    time: '2026-12-01T00:00:00Z',
    source: 'aep://h/a',
    agent: 'a',
    session: 's',
    seq: 0,
    data: { kind: 'form', prompt: 'p', fields: [{ id: 'f', type: 'string', label: 'F', default: value }] },
  } as AepEvent;
  const field = readRequestPayload(event).payload.fields[0]!;
  return 'default' in field ? field.default : 'absent';
}

const CASES: [string, unknown, unknown][] = [
  ['text, as it came (marked characters included)', 'api\u202e\u001b', 'api\u202e\u001b'],
  ['empty text', '', ''],
  ['a number', 3, 3],
  ['false', false, false],
  ['a list of texts', ['a', 'b\u200b'], ['a', 'b\u200b']],
  ['an empty list', [], []],
  ['absent', undefined, 'absent'],
  ['null', null, 'absent'],
  ['an object', { a: 1 }, 'absent'],
  ['a list holding a number', ['a', 1], 'absent'],
  ['text longer than an id may be (never cut)', 'x'.repeat(1025), 'absent'],
  ['a list with an entry longer than an id may be', ['x'.repeat(1025)], 'absent'],
];

for (const [name, value, expected] of CASES) {
  test(`field default: ${name}`, () => assert.deepEqual(defaultRead(value), expected));
}

test("field default: a list kept is a copy, not the wire's array", () => {
  const wire = ['a'];
  const kept = defaultRead(wire) as string[];
  wire.push('b');
  assert.deepEqual(kept, ['a']);
});
