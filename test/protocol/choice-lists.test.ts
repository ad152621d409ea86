// Option lists equal to one read lately are shared (choice-lists.ts): the
// reading must stay what it was, issues included, whatever was read before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRequestPayload } from '../../src/protocol/payload.js';
import type { AepEvent } from '../../src/protocol/types.js';

const request = (options: unknown): AepEvent =>
  ({ type: 'attention.requested', data: { kind: 'permission', prompt: 'p', options } }) as unknown as AepEvent;

test('an option list equal to one read lately is the same list, frozen; one that differs in any way is read afresh', () => {
  const options = [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ];
  const first = readRequestPayload(request(structuredClone(options)));
  const second = readRequestPayload(request(structuredClone(options)));
  assert.equal(second.payload.options, first.payload.options);
  assert.ok(Object.isFrozen(second.payload.options) && Object.isFrozen(second.payload.options[0]));
  assert.deepEqual(second.issues, []);
  const relabelled = readRequestPayload(request([options[0], { id: 'deny', label: 'Refuse' }]));
  assert.notEqual(relabelled.payload.options, first.payload.options);
  assert.deepEqual(relabelled.payload.options[1], { id: 'deny', label: 'Refuse' });
});

test('a list read with issues is never shared, and reads with its issues every time', () => {
  const duplicated = [
    { id: 'a', label: 'A' },
    { id: 'a', label: 'A' },
  ];
  const unlabelled = [{ id: 'a' }, { id: 'b', label: 'B' }];
  for (const list of [duplicated, unlabelled]) {
    const first = readRequestPayload(request(structuredClone(list)));
    const second = readRequestPayload(request(structuredClone(list)));
    assert.ok(first.issues.length > 0);
    assert.deepEqual(second.issues, first.issues);
    assert.notEqual(second.payload.options, first.payload.options);
    assert.deepEqual(second.payload.options, first.payload.options);
  }
});
