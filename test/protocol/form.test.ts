import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  validateFormValues,
  checkFormSpec,
  fieldSpecProblem,
  gateFormValues,
  isFreeTextValue,
  parseEvent,
  readRequestPayload,
  type Capture,
  type FieldSpec,
} from '../../src/protocol/index.js';
import { fixtureJson, goldenLines } from './fixtures.js';

const fields: FieldSpec[] = [
  { id: 'name', type: 'string', label: 'Service name', required: true },
  { id: 'note', type: 'string', label: 'Note' },
  { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 5 },
  { id: 'staged', type: 'boolean', label: 'Staged?', required: true },
  {
    id: 'regions',
    type: 'select',
    label: 'Regions',
    multi: true,
    choices: [
      { id: '1', label: 'us' },
      { id: '2', label: 'eu' },
    ],
  },
  { id: 'tags', type: 'select', label: 'Tags', multi: true, other: true, choices: [{ id: 'a', label: 'A' }] },
  { id: 'db', type: 'select', label: 'Database', other: true, choices: [{ id: '1', label: 'PostgreSQL' }] },
  { id: 'tier', type: 'select', label: 'Tier', choices: [{ id: 'gold', label: 'Gold' }] },
];
const good = { name: 'billing', staged: false };

function errorsFor(values: Record<string, unknown>, spec: FieldSpec[] = fields): Record<string, string> {
  const r = validateFormValues(spec, values);
  assert.equal(r.ok, Object.keys(r.errors).length === 0);
  return r.errors;
}

test('the minimal valid answer passes', () => {
  assert.deepEqual(errorsFor(good), {});
  assert.deepEqual(
    errorsFor({
      ...good,
      note: '',
      replicas: 5,
      regions: ['2', '1'],
      tags: ['a', 'custom'],
      db: 'MariaDB',
      tier: 'gold',
    }),
    {},
  );
});

test('required fields', () => {
  assert.deepEqual(errorsFor({ staged: true }), { name: 'required' });
  assert.deepEqual(errorsFor({ name: '   ', staged: true }), { name: 'required' });
  assert.deepEqual(errorsFor({ name: 'x', staged: undefined }), { staged: 'required' });
  const req: FieldSpec[] = [
    { id: 'r', type: 'select', label: 'R', multi: true, required: true, choices: [{ id: '1', label: 'x' }] },
  ];
  assert.deepEqual(errorsFor({ r: [] }, req), { r: 'required' });
  assert.deepEqual(errorsFor({ r: ['1'] }, req), {});
});

test('string, number and boolean types', () => {
  assert.deepEqual(errorsFor({ ...good, note: 5 }), { note: 'must be text' });
  for (const bad of ['3', Number.NaN, Infinity, -Infinity, null, [3]]) {
    assert.deepEqual(errorsFor({ ...good, replicas: bad }), { replicas: 'must be a number' }, String(bad));
  }
  assert.deepEqual(errorsFor({ ...good, replicas: 0 }), { replicas: 'must be at least 1' });
  assert.deepEqual(errorsFor({ ...good, replicas: 5.5 }), { replicas: 'must be at most 5' });
  assert.deepEqual(errorsFor({ ...good, replicas: 1 }), {});
  assert.deepEqual(errorsFor({ ...good, replicas: 2.5 }), {});
  assert.deepEqual(errorsFor({ name: 'x', staged: 'true' }), { staged: 'must be true or false' });
});

test('single select: choice id, or non-empty text only with other', () => {
  assert.deepEqual(errorsFor({ ...good, tier: 'platinum' }), { tier: 'not one of the choices' });
  assert.deepEqual(errorsFor({ ...good, tier: ['gold'] }), { tier: 'must be one of the choices' });
  assert.deepEqual(errorsFor({ ...good, db: '1' }), {});
  assert.deepEqual(errorsFor({ ...good, db: 'MariaDB' }), {});
  assert.deepEqual(errorsFor({ ...good, db: ' ' }), { db: 'must be a choice or non-empty text' });
});

test('multi select: distinct choice ids, free text only with other', () => {
  assert.deepEqual(errorsFor({ ...good, regions: '1' }), { regions: 'must be a list of choices' });
  assert.deepEqual(errorsFor({ ...good, regions: ['1', 1] }), { regions: 'must be a list of choices' });
  assert.deepEqual(errorsFor({ ...good, regions: ['1', '1'] }), { regions: 'duplicate entry' });
  assert.deepEqual(errorsFor({ ...good, regions: ['1', 'mars'] }), { regions: 'not one of the choices' });
  assert.deepEqual(errorsFor({ ...good, regions: [] }), {});
  assert.deepEqual(errorsFor({ ...good, tags: ['a', 'x', 'y'] }), {});
  assert.deepEqual(errorsFor({ ...good, tags: [''] }), { tags: 'empty free-text entry' });
});

test('unknown keys and non-object values', () => {
  assert.deepEqual(errorsFor({ ...good, surprise: 1 }), { surprise: 'not a field of this form' });
  const proto = JSON.parse('{"name":"x","staged":true,"__proto__":1}') as Record<string, unknown>;
  assert.deepEqual(Object.keys(errorsFor(proto)), ['__proto__']);
  assert.equal(validateFormValues(fields, null as unknown as Record<string, unknown>).ok, false);
  assert.equal(validateFormValues(null as unknown as FieldSpec[], {}).ok, false);
});

test('malformed specs are reported and make validation fail', () => {
  const spec = [
    { id: 'a', type: 'select', label: 'A' },
    { id: 'b', type: 'select', label: 'B', choices: [] },
    { id: 'c', type: 'date', label: 'C' },
    { id: 'd', type: 'number', label: 'D', min: 5, max: 1 },
    { id: 'd', type: 'string', label: 'D again' },
    { type: 'string', label: 'no id' },
    'nonsense',
    {
      id: 'e',
      type: 'select',
      label: 'E',
      choices: [
        { id: '1', label: 'x' },
        { id: '1', label: 'y' },
      ],
    },
  ] as unknown as FieldSpec[];
  assert.deepEqual(checkFormSpec(spec), {
    a: 'select without choices',
    b: 'select with no choices',
    c: 'unknown field type',
    d: 'min is greater than max; duplicate field id',
    '#5': 'missing id',
    '#6': 'field is not an object',
    e: 'duplicate choice id',
  });
  const r = validateFormValues(spec, {});
  assert.equal(r.ok, false);
  assert.equal(r.errors.a, 'select without choices');
  assert.deepEqual(checkFormSpec(fields), {});
  assert.equal(fieldSpecProblem(fields[0]), null);
  assert.equal(fieldSpecProblem({ id: 'x', type: 'select', label: 'x' }), 'select without choices');
});

test('golden s_form: the answer values validate against the request fields', () => {
  const events = goldenLines()
    .map((l) => parseEvent(l))
    .map((r) => (assert.ok(r.ok), r.event));
  const request = events.find((e) => e.session === 's_form' && e.type === 'attention.requested');
  const answered = events.find((e) => e.session === 's_form' && e.type === 'attention.answered');
  assert.ok(request && answered);
  const { payload, issues } = readRequestPayload(request);
  assert.deepEqual(issues, []);
  const values = (answered.data?.answer as { values: Record<string, unknown> }).values;
  assert.deepEqual(validateFormValues(payload.fields, values), { ok: true, errors: {} });
  // and the invalid-cases stream counterpart fails
  assert.deepEqual(
    validateFormValues(
      [
        {
          id: '1',
          type: 'select',
          label: 'Database',
          choices: [
            { id: '1', label: 'PostgreSQL' },
            { id: '2', label: 'SQLite' },
          ],
        },
      ],
      { 1: 'MariaDB' },
    ),
    { ok: false, errors: { 1: 'not one of the choices' } },
  );
});

interface GatingCase {
  name: string;
  fields: FieldSpec[];
  values: Record<string, unknown>;
  ceiling: Capture;
  expect: Record<string, unknown>;
}
for (const c of fixtureJson<{ cases: GatingCase[] }>('capture-gating-cases.json').cases) {
  test(`capture gating: ${c.name}`, () => {
    assert.deepEqual(gateFormValues(c.fields, c.values, c.ceiling), c.expect);
  });
}

test('gating is conservative on odd input', () => {
  const f: FieldSpec[] = [
    { id: 'n', type: 'number', label: 'N' },
    { id: 's', type: 'select', label: 'S', multi: true, choices: [{ id: '1', label: 'x' }] },
  ];
  assert.deepEqual(gateFormValues(f, { n: 'three', s: ['1', 'free'] }, 'metadata'), {});
  assert.deepEqual(gateFormValues(f, { n: 3, s: ['1'] }, 'full'), { n: 3, s: ['1'] });
  assert.deepEqual(gateFormValues(f, null as unknown as Record<string, unknown>, 'full'), {});
  assert.deepEqual(gateFormValues(f, { n: 'x' }, 'bogus' as Capture), {});
});

test('isFreeTextValue', () => {
  const sel: FieldSpec = { id: 's', type: 'select', label: 'S', other: true, choices: [{ id: '1', label: 'x' }] };
  assert.equal(isFreeTextValue(sel, '1'), false);
  assert.equal(isFreeTextValue(sel, 'other words'), true);
  assert.equal(isFreeTextValue(sel, ['1']), false);
  assert.equal(isFreeTextValue(sel, ['1', 'x']), true);
  assert.equal(isFreeTextValue({ id: 't', type: 'string', label: 'T' }, 'hi'), true);
  assert.equal(isFreeTextValue({ id: 'n', type: 'number', label: 'N' }, 4), false);
  assert.equal(isFreeTextValue({ id: 'b', type: 'boolean', label: 'B' }, false), false);
  assert.equal(isFreeTextValue(undefined, 'x'), true);
  assert.equal(isFreeTextValue(undefined, true), false);
  assert.equal(isFreeTextValue({ id: 'n', type: 'number', label: 'N' }, { a: 1 }), true);
});
