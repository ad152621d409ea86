// Form field lists equal to the last one read clean are shared
// (field-lists.ts): a reading must stay what it would have been.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRequestPayload } from '../../src/protocol/payload.js';
import type { AepEvent } from '../../src/protocol/types.js';

const form = (fields: unknown): AepEvent =>
  ({ type: 'attention.requested', data: { kind: 'form', prompt: 'p', fields } }) as unknown as AepEvent;

const FIELDS = [
  { id: 'name', label: 'Service name', type: 'string', required: true },
  { id: 'replicas', label: 'Replicas', type: 'number', min: 1, max: 10 },
  {
    id: 'region',
    label: 'Region',
    type: 'select',
    choices: [
      { id: 'eu', label: 'eu-west-1' },
      { id: 'us', label: 'us-east-1' },
    ],
  },
];

test('a form with the same fields as the last one reads as the same list, frozen, and as it would afresh', () => {
  const first = readRequestPayload(form(structuredClone(FIELDS)));
  const second = readRequestPayload(form(structuredClone(FIELDS)));
  assert.equal(second.payload.fields, first.payload.fields);
  assert.ok(Object.isFrozen(second.payload.fields[0]) && Object.isFrozen(second.payload.fields[2].choices));
  assert.deepEqual(second.issues, []);
  const other = structuredClone(FIELDS);
  other[1].max = 11;
  const third = readRequestPayload(form(other));
  assert.notEqual(third.payload.fields, first.payload.fields);
  assert.equal(third.payload.fields[1].max, 11);
});

test('the JSON a list was read from may change afterwards: the next reading follows what it says now', () => {
  const raw = structuredClone(FIELDS);
  readRequestPayload(form(raw));
  raw[0].label = 'Changed';
  const again = readRequestPayload(form(raw));
  assert.equal(again.payload.fields[0].label, 'Changed');
});

test('a form read with issues is never shared, and reads with its issues every time', () => {
  const duplicated = [FIELDS[0], FIELDS[0]];
  const malformed = [{ id: 'n', label: 'N', type: 'number', min: 'one' }];
  for (const fields of [duplicated, malformed]) {
    const first = readRequestPayload(form(structuredClone(fields)));
    const second = readRequestPayload(form(structuredClone(fields)));
    assert.ok(first.issues.length > 0);
    assert.deepEqual(second.issues, first.issues);
    assert.notEqual(second.payload.fields, first.payload.fields);
  }
});

test('fields the console read off the wire with problems are not taken for equal JSON read clean', () => {
  const malformed = readRequestPayload(form([{ id: 'n', label: 'N', type: 'number', min: 'one' }]));
  assert.ok(malformed.issues.length > 0);
  // The normalised field (its bad bound dropped) as JSON reads clean...
  const clean = readRequestPayload(form(structuredClone(malformed.payload.fields)));
  assert.deepEqual(clean.issues, []);
  // ...but the normalised field itself still carries its wire problems.
  const reread = readRequestPayload(form(malformed.payload.fields));
  assert.ok(reread.issues.length > 0);
});

test('a form is shared only when its JSON matches member for member, in order', () => {
  type Fields = typeof FIELDS;
  const cases: { name: string; change: (fields: Fields) => unknown; shared: boolean }[] = [
    { name: 'the same JSON', change: (fields) => fields, shared: true },
    {
      name: 'the same members in another order',
      change: (fields) => [{ label: 'Service name', id: 'name', type: 'string', required: true }, ...fields.slice(1)],
      shared: false,
    },
    {
      name: 'one member more',
      change: (fields) => [{ ...fields[0], multi: false }, ...fields.slice(1)],
      shared: false,
    },
    {
      name: 'one member less',
      change: (fields) => [{ id: 'name', label: 'Service name', type: 'string' }, ...fields.slice(1)],
      shared: false,
    },
    {
      name: 'a member renamed',
      change: (fields) => [{ id: 'name', label: 'Service name', type: 'string', requird: true }, ...fields.slice(1)],
      shared: false,
    },
    {
      name: 'a nested choice changed',
      change: (fields) => [...fields.slice(0, 2), { ...fields[2], choices: [{ id: 'eu', label: 'eu-west-2' }] }],
      shared: false,
    },
    { name: 'an array where an object was', change: (fields) => [[], ...fields.slice(1)], shared: false },
  ];
  for (const { name, change, shared } of cases) {
    const first = readRequestPayload(form(structuredClone(FIELDS)));
    const raw = change(structuredClone(FIELDS));
    const next = readRequestPayload(form(raw));
    assert.equal(next.payload.fields === first.payload.fields, shared, name);
    // Shared or not, the reading is the one a fresh read gives.
    assert.deepEqual(next, readRequestPayload(form(structuredClone(raw))), name);
  }
});
