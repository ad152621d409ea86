import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldSpec } from '../../src/protocol/types.js';
import type { KeyPress } from '../../src/ui/keys.js';
import {
  applyRejection,
  buildValues,
  editsText,
  initialFormDraft,
  numberProblem,
  parseNumber,
  reduceFormKey,
  type FormDraft,
  type FormStep,
} from '../../src/ui/form/form-state.js';

const k = (name: KeyPress['name'], text = ''): KeyPress => ({ name, text });
const type = (text: string): KeyPress => ({ name: 'char', text });
const ENTER = k('enter');
const TAB = k('tab');
const DOWN = k('down');
const UP = k('up');
const SPACE = k('space', ' ');

const golden: FieldSpec[] = [
  { id: 'name', type: 'string', label: 'Service name', required: true },
  { id: 'staged', type: 'boolean', label: 'Deploy to staging first?' },
  {
    id: 'regions',
    type: 'select',
    label: 'Regions',
    multi: true,
    choices: [
      { id: '1', label: 'us-east' },
      { id: '2', label: 'eu-west' },
      { id: '3', label: 'ap-south' },
    ],
  },
  {
    id: 'db',
    type: 'select',
    label: 'Database',
    other: true,
    choices: [
      { id: '1', label: 'PostgreSQL' },
      { id: '2', label: 'SQLite' },
    ],
  },
];

function run(fields: FieldSpec[], keys: KeyPress[], start: FormDraft = initialFormDraft()): FormStep {
  let step: FormStep = { draft: start };
  for (const key of keys) {
    step = reduceFormKey(fields, step.draft, key);
    if (step.submit) return step;
  }
  return step;
}

test('the golden s_form answered through keys gives exactly the corpus values', () => {
  const step = run(golden, [
    type('billing-api'),
    ENTER,
    SPACE,
    ENTER,
    SPACE,
    DOWN,
    DOWN,
    SPACE,
    ENTER,
    DOWN,
    DOWN,
    type('MariaDB'),
    ENTER,
    ENTER,
  ]);
  assert.deepEqual(step.submit, { name: 'billing-api', staged: true, regions: ['1', '3'], db: 'MariaDB' });
});

test('multi-select values come out in choice order, not toggle order', () => {
  const step = run(golden, [type('x'), TAB, TAB, DOWN, DOWN, SPACE, UP, UP, SPACE, TAB, TAB, ENTER]);
  assert.deepEqual(step.submit, { name: 'x', regions: ['1', '3'] });
});

test('an unset optional boolean is omitted, not sent as false; y/n set it; Backspace unsets', () => {
  assert.deepEqual(run(golden, [type('x'), TAB, TAB, TAB, TAB, ENTER]).submit, { name: 'x' });
  assert.deepEqual(run(golden, [type('x'), TAB, type('n'), TAB, TAB, TAB, ENTER]).submit, { name: 'x', staged: false });
  assert.deepEqual(run(golden, [type('x'), TAB, type('y'), TAB, TAB, TAB, ENTER]).submit, { name: 'x', staged: true });
  assert.deepEqual(run(golden, [type('x'), TAB, type('y'), k('backspace'), TAB, TAB, TAB, ENTER]).submit, {
    name: 'x',
  });
});

test('single select: Space or Enter picks the highlighted choice; Other text is sent as typed', () => {
  const single: FieldSpec[] = [golden[3]];
  assert.deepEqual(run(single, [DOWN, SPACE, TAB, ENTER]).submit, { db: '2' });
  assert.deepEqual(run(single, [DOWN, ENTER, ENTER]).submit, { db: '2' });
  assert.deepEqual(
    run(single, [DOWN, DOWN, type('  postgresql '), ENTER, ENTER]).submit,
    { db: '  postgresql ' },
    'no console-side mapping onto choices',
  );
});

test('Tab / Shift-Tab cycle the fields and Submit is the last stop', () => {
  let draft = initialFormDraft();
  const stops: number[] = [];
  for (let i = 0; i < 5; i++) {
    draft = reduceFormKey(golden, draft, TAB).draft;
    stops.push(draft.active);
  }
  assert.deepEqual(stops, [1, 2, 3, 4, 0]);
  assert.equal(reduceFormKey(golden, initialFormDraft(), k('backTab')).draft.active, 4);
});

test('submit with a missing required field sends nothing and focuses it with the reason', () => {
  const step = run(golden, [TAB, TAB, TAB, TAB, ENTER]);
  assert.equal(step.submit, undefined);
  assert.equal(step.draft.active, 0);
  assert.equal(step.draft.errors.name, 'required');
});

const numbers: FieldSpec[] = [{ id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10, required: true }];

test('number fields accept JSON numbers and send a number, not a string', () => {
  for (const [text, value] of [
    ['3', 3],
    ['-0.5e1', -5],
    ['1.5', 1.5],
    ['1E1', 10],
  ] as const) {
    assert.equal(parseNumber(text), value);
  }
  for (const text of ['', 'abc', '1.', '.5', '01', '1e', 'Infinity', 'NaN', '0x10'])
    assert.equal(parseNumber(text), undefined, text);
  assert.deepEqual(run(numbers, [type('7'), ENTER, ENTER]).submit, { replicas: 7 });
});

test('number fields flag non-numeric and out-of-range text as you type and block submit', () => {
  assert.equal(numberProblem(numbers[0], '12'), 'must be at most 10');
  assert.equal(numberProblem(numbers[0], '0'), 'must be at least 1');
  assert.equal(numberProblem(numbers[0], 'ten'), 'not a number');
  assert.equal(numberProblem(numbers[0], '5'), undefined);
  const tooBig = run(numbers, [type('12'), ENTER, ENTER]);
  assert.equal(tooBig.submit, undefined);
  assert.match(tooBig.draft.errors.replicas, /at most 10/);
  const words = run(numbers, [type('ten'), ENTER, ENTER]);
  assert.equal(words.submit, undefined);
  assert.equal(words.draft.errors.replicas, 'not a number');
});

test('malformed specs block submit with a reason and never crash', () => {
  const malformed: FieldSpec[] = [
    { id: 'a', type: 'select', label: 'No choices', choices: [] },
    { id: 'b', type: 'colour' as FieldSpec['type'], label: 'Unknown type' },
    { id: 'c', type: 'number', label: 'Bad range', min: 5, max: 1 },
    { id: 'c', type: 'string', label: 'Duplicate id' },
  ];
  const step = run(malformed, [type('x'), DOWN, DOWN, DOWN, DOWN, ENTER, TAB, ENTER]);
  assert.equal(step.submit, undefined);
  assert.ok(Object.keys(step.draft.errors).length >= 3, JSON.stringify(step.draft.errors));
});

test('text keys are text only where text is edited', () => {
  const draft = initialFormDraft();
  assert.equal(editsText(golden, draft), true, 'string field');
  assert.equal(editsText(golden, { ...draft, active: 1 }), false, 'boolean field');
  assert.equal(editsText(golden, { ...draft, active: 3 }), false, 'select choice row');
  const onOther = run(golden, [TAB, TAB, TAB, DOWN, DOWN]).draft;
  assert.equal(editsText(golden, onOther), true, 'Other… row');
  assert.equal(editsText(golden, { ...draft, active: 4 }), false, 'Submit');
});

test('an emitter rejection keeps every value and focuses the named field', () => {
  const filled = run(golden, [type('billing-api'), TAB, SPACE, TAB, SPACE, TAB, TAB]).draft;
  const rejected = applyRejection(golden, filled, 'db: required by this agent');
  assert.equal(rejected.active, 3);
  assert.equal(rejected.errors.db, 'required by this agent');
  assert.equal(rejected.rejection, 'db: required by this agent');
  assert.deepEqual(buildValues(golden, rejected).values, buildValues(golden, filled).values);
});

test('a long paste into a string field keeps every character', () => {
  const long = 'x'.repeat(5000);
  const step = run([{ id: 's', type: 'string', label: 'S' }], [type(long), ENTER, ENTER]);
  assert.deepEqual(step.submit, { s: long });
});
