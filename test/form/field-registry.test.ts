// Every kind in the field registry, end to end: read off the wire, checked,
// edited through keys into an answer value, validated, gated and described.
// The cases are keyed by kind name and must cover the registry exactly, so a
// kind added without a case here (or an editor in the UI) fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIELD_KINDS, FIELD_TYPES, fieldKindOf } from '../../src/protocol/fields/index.js';
import { fieldSpecProblem, gateFormValues, isFreeTextValue, validateFormValues } from '../../src/protocol/form.js';
import { readRequestPayload } from '../../src/protocol/payload.js';
import type { AepEvent, FieldSpec, FormValue } from '../../src/protocol/types.js';
import { FIELD_EDITORS } from '../../src/ui/form/fields/index.js';
import { constraintText } from '../../src/ui/form/form-view.js';
import { initialFormDraft, reduceFormKey, type FormStep } from '../../src/ui/form/form-state.js';
import type { KeyPress } from '../../src/ui/keys.js';
import { describeValues } from '../../src/ui/words/outcome.js';
import { validateFormValues as targetValidate } from '../../src/demo/target-validation.js';

const k = (name: KeyPress['name'], text = ''): KeyPress => ({ name, text });
const type = (text: string): KeyPress => ({ name: 'char', text });
const ENTER = k('enter');
const DOWN = k('down');
const SPACE = k('space', ' ');

interface KindCase {
  /** The field_spec as an emitter sends it (id 'f'). */
  wire: Record<string, unknown>;
  /** Keys that fill the field in, from its first row (Submit follows). */
  keys: KeyPress[];
  /** The value those keys encode into. */
  value: FormValue;
  /** Whether that value is the operator's text (dropped below capture `redacted`). */
  freeText: boolean;
  /** A present value the field refuses, and the reason. */
  bad: [unknown, string];
  /** The constraint shown beside the label. */
  constraint: string;
  /** The outcome line of the value. */
  described: string;
}

const choices = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
];

const CASES: Record<string, KindCase> = {
  string: {
    wire: { id: 'f', type: 'string', label: 'Name', required: true },
    keys: [type('billing'), ENTER],
    value: 'billing',
    freeText: true,
    bad: ['  ', 'required'],
    constraint: 'text',
    described: 'Name: "billing"',
  },
  number: {
    wire: { id: 'f', type: 'number', label: 'Replicas', min: 1, max: 5 },
    keys: [type('3'), ENTER],
    value: 3,
    freeText: false,
    bad: [9, 'must be at most 5'],
    constraint: '1–5',
    described: 'Replicas: 3',
  },
  boolean: {
    wire: { id: 'f', type: 'boolean', label: 'Staged?' },
    keys: [SPACE, ENTER],
    value: true,
    freeText: false,
    bad: ['yes', 'must be true or false'],
    constraint: 'yes / no / unset',
    described: 'Staged?: yes',
  },
  select: {
    wire: { id: 'f', type: 'select', label: 'Tier', other: true, choices },
    keys: [DOWN, ENTER],
    value: 'b',
    freeText: false,
    bad: ['', 'must be a choice or non-empty text'],
    constraint: 'pick one, or type your own',
    described: 'Tier: Beta',
  },
  'multi-select': {
    wire: { id: 'f', type: 'select', label: 'Regions', multi: true, other: true, choices },
    keys: [SPACE, DOWN, DOWN, type('mars'), ENTER],
    value: ['a', 'mars'],
    freeText: true,
    bad: [['a', 'a'], 'duplicate entry'],
    constraint: 'pick any, or type your own',
    described: 'Regions: Alpha, "mars" (other)',
  },
};

function submitted(fields: FieldSpec[], keys: KeyPress[]): FormStep {
  let step: FormStep = { draft: initialFormDraft() };
  for (const key of [...keys, ENTER]) {
    step = reduceFormKey(fields, step.draft, key);
    if (step.submit) return step;
  }
  return step;
}

test('the cases cover the registry exactly, and every kind has an editor', () => {
  assert.deepEqual(Object.keys(CASES).sort(), FIELD_KINDS.map((kind) => kind.name).sort());
  assert.deepEqual(Object.keys(FIELD_EDITORS).sort(), FIELD_KINDS.map((kind) => kind.name).sort());
  assert.deepEqual([...FIELD_TYPES], ['string', 'number', 'boolean', 'select']);
});

for (const kind of FIELD_KINDS) {
  test(`field kind ${kind.name}: parsed, validated, encoded, gated and described`, () => {
    const c = CASES[kind.name];
    assert.ok(c, `no case for field kind ${kind.name}`);
    const event = {
      type: 'attention.requested',
      data: { kind: 'form', prompt: 'p', fields: [c.wire] },
    } as unknown as AepEvent;
    const { payload, issues } = readRequestPayload(event);
    assert.deepEqual(issues, []);
    const field = payload.fields[0];
    assert.deepEqual(field, c.wire, 'a well-formed field is read as sent');
    assert.equal(fieldSpecProblem(field), null);
    assert.equal(fieldKindOf(field as unknown as Record<string, unknown>), kind);

    const step = submitted(payload.fields, c.keys);
    assert.deepEqual(step.submit, { f: c.value }, 'the keys encode the value');
    assert.deepEqual(validateFormValues(payload.fields, { f: c.value }), { ok: true, errors: {} });
    assert.deepEqual(validateFormValues(payload.fields, { f: c.bad[0] }), { ok: false, errors: { f: c.bad[1] } });
    // The demo target (dispatched by the same registry, in its own words) takes and refuses the same values.
    assert.deepEqual(targetValidate(payload.fields, { f: c.value }), { ok: true });
    assert.equal(targetValidate(payload.fields, { f: c.bad[0] }).ok, false);

    assert.equal(isFreeTextValue(field, c.value), c.freeText);
    assert.deepEqual(gateFormValues(payload.fields, { f: c.value }, 'metadata'), c.freeText ? {} : { f: c.value });
    assert.deepEqual(gateFormValues(payload.fields, { f: c.value }, 'redacted'), { f: c.value });

    assert.equal(constraintText(field), c.constraint);
    assert.deepEqual(describeValues(payload.fields, { f: c.value }), [c.described]);
  });
}

test('a type no kind claims is a malformed field, refused and gated away', () => {
  const field = { id: 'f', type: 'date', label: 'When' } as unknown as FieldSpec;
  assert.equal(fieldKindOf(field as unknown as Record<string, unknown>), undefined);
  assert.equal(fieldSpecProblem(field), 'unknown field type');
  assert.equal(validateFormValues([field], { f: 'today' }).ok, false);
  assert.equal(isFreeTextValue(field, 'today'), true);
});
