import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AepEvent, Capture, FieldSpec } from '../../src/protocol/types.js';
import { decide, type HeldRequest } from '../../src/demo/agent-decide.js';
import { downlevel } from '../../src/demo/downlevel.js';
import { filterProblem, matchesFilter } from '../../src/demo/filter.js';
import { gateFormValues, mapTextAnswer, refusingOption, validateFormValues } from '../../src/demo/target-validation.js';

const DEPLOY: FieldSpec[] = [
  { id: 'name', type: 'string', label: 'Service name', required: true },
  { id: 'replicas', type: 'number', label: 'Replica count' },
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
const FULL = { name: 'billing-api', replicas: 3, staged: true, regions: ['1', '3'], db: 'MariaDB' };

describe('target validation (AEP-0006, AEP-0008)', () => {
  // the public capture-gating corpus (fixtures/capture-gating-cases.json), inlined
  const gating: Array<[string, FieldSpec[], Record<string, unknown>, Capture, Record<string, unknown>]> = [
    ['metadata asymmetry', DEPLOY, FULL, 'metadata', { replicas: 3, staged: true, regions: ['1', '3'] }],
    ['redacted keeps all', DEPLOY, FULL, 'redacted', FULL],
    [
      'closed single select id',
      [
        {
          id: 'db',
          type: 'select',
          label: 'D',
          choices: [
            { id: '1', label: 'P' },
            { id: '2', label: 'S' },
          ],
        },
      ],
      { db: '2' },
      'metadata',
      { db: '2' },
    ],
    ['other free text dropped', [DEPLOY[4]], { db: 'MariaDB' }, 'metadata', {}],
    ['none leaves structural to the caller', [DEPLOY[2]], { staged: false }, 'none', { staged: false }],
    ['unknown keys dropped', [DEPLOY[2]], { staged: true, surprise: 'x' }, 'redacted', { staged: true }],
  ];
  for (const [name, fields, values, ceiling, expect] of gating) {
    test(`gateFormValues: ${name}`, () => assert.deepEqual(gateFormValues(fields, values, ceiling), expect));
  }

  test('validateFormValues: every rule, naming the field', () => {
    assert.deepEqual(validateFormValues(DEPLOY, FULL), { ok: true });
    const bad = (values: unknown) => {
      const r = validateFormValues(DEPLOY, values);
      return r.ok ? 'ok' : r.field;
    };
    assert.equal(bad({ replicas: 1 }), 'name');
    assert.equal(bad({ name: '  ' }), 'name');
    assert.equal(bad({ name: 'a', replicas: Infinity }), 'replicas');
    assert.equal(bad({ name: 'a', staged: 1 }), 'staged');
    assert.equal(bad({ name: 'a', regions: ['9'] }), 'regions');
    assert.equal(bad({ name: 'a', regions: ['1', '1'] }), 'regions');
    assert.equal(bad({ name: 'a', db: '' }), 'db');
    assert.equal(bad({ name: 'a', db: 'Oracle' }), 'ok'); // other: true
    assert.equal(bad([]), '(values)');
    const closed: FieldSpec[] = [{ id: 's', type: 'select', label: 'S', choices: [{ id: 'a', label: 'A' }] }];
    assert.equal(validateFormValues(closed, { s: 'A' }).ok, false); // a label is not a choice id
    const ranged: FieldSpec[] = [{ id: 'n', type: 'number', label: 'N', min: 1, max: 10 }];
    assert.equal(validateFormValues(ranged, { n: 0 }).ok, false);
    assert.equal(validateFormValues(ranged, { n: 10 }).ok, true);
  });

  test('mapTextAnswer: ids, labels, refusing option, never grants', () => {
    const opts = [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ];
    assert.deepEqual(mapTextAnswer('permission', opts, ' ALLOW '), { option: 'allow' });
    assert.deepEqual(mapTextAnswer('permission', opts, 'deny'), { option: 'deny' });
    assert.deepEqual(mapTextAnswer('permission', opts, 'yes please'), { option: 'deny', text: 'yes please' });
    assert.deepEqual(mapTextAnswer('input', opts, 'maybe'), { text: 'maybe' });
    const dupLabels = [
      { id: 'a', label: 'Same' },
      { id: 'b', label: 'same' },
    ];
    assert.deepEqual(mapTextAnswer('input', dupLabels, 'same'), { text: 'same' }); // not exactly one label
    assert.equal(
      refusingOption([
        { id: 'proceed_once', label: 'Once' },
        { id: 'cancel', label: 'No' },
      ])?.id,
      'cancel',
    );
    assert.equal(
      refusingOption([
        { id: 'x', label: 'X' },
        { id: 'y', label: 'Y' },
      ])?.id,
      'y',
    );
  });

  test('decide: form refused in words is applied as text; values on a non-form are invalid', () => {
    const req: HeldRequest = {
      id: 'R',
      kind: 'form',
      options: [],
      fields: DEPLOY,
      capture: 'redacted',
      state: 'pending',
      requestedAt: 0,
    };
    const cmd = (answer: unknown) =>
      ({ type: 'control.attention.respond', subject: 'R', data: { answer } }) as unknown as AepEvent;
    assert.deepEqual(decide(cmd({ text: 'not now' }), req), { ack: 'accepted', applied: { text: 'not now' } });
    const perm: HeldRequest = { ...req, kind: 'permission', fields: [], options: [{ id: 'allow', label: 'A' }] };
    const d = decide(cmd({ values: { a: 1 } }), perm);
    assert.equal(d.ack === 'rejected' && d.reason, 'invalid');
    const e = decide(cmd({ option: 'nope' }), perm);
    assert.equal(e.ack === 'rejected' && e.reason, 'invalid');
  });
});

describe('attr-match filter (AEP-0003 §6)', () => {
  const e = (x: Record<string, unknown>) => x as unknown as AepEvent;
  test('matches like the public corpus', () => {
    assert.equal(matchesFilter({ type: ['attention.*'] }, e({ type: 'attention.requested' })), true);
    assert.equal(matchesFilter({ type: ['attention.*'] }, e({ type: 'tool.completed' })), false);
    assert.equal(matchesFilter({ type: ['x.acme.*'] }, e({ type: 'x.acme.foo.bar' })), true);
    assert.equal(matchesFilter({ severity: { gte: 'notice' } }, e({ type: 't.x' })), false); // default info
    assert.equal(matchesFilter({ severity: { gte: 'debug', lte: 'info' } }, e({ type: 't.x' })), true);
    assert.equal(matchesFilter({ epoch: 0 }, e({ type: 't.x' })), true);
    assert.equal(matchesFilter({ step: 'turn-3' }, e({ type: 't.x' })), false);
    assert.equal(matchesFilter({ acmeregion: 'eu-1' }, e({ type: 't.x', acmeregion: 'eu-1' })), true);
    assert.equal(matchesFilter({}, e({ type: 'agent.heartbeat' })), true);
    assert.equal(matchesFilter({ agent: ['claude-code', 'codex'] }, e({ type: 't.x', agent: 'codex' })), true);
  });
  test('invalid filters fail closed', () => {
    for (const f of [
      { seq: 5 },
      { data: {} },
      { time: 't' },
      { aep: '0.1' },
      { traceparent: 'x' },
      { type: '*' },
      { NotAnAttr: 'y' },
      { severity: { gt: 'info' } },
      { agent: 'claude*' },
      { agent: [] },
      { agent: { eq: 'x' } },
      null,
      [],
    ]) {
      assert.equal(typeof filterProblem(f), 'string', JSON.stringify(f));
    }
    assert.equal(filterProblem({ type: 'attention.*', severity: 'notice', epoch: [0, 1], capture: 'full' }), undefined);
  });
});

describe('downlevel at the hop', () => {
  const base = { aep: '0.1', id: 'X', time: 't', source: 'aep://h/agent/a', agent: 'a', session: 's1', seq: 0 };
  test('redacted ceiling on a full event lands on metadata; lower events pass unchanged', () => {
    const full = {
      ...base,
      type: 'session.started',
      capture: 'full',
      data: { label: 'secret', cwd: '/x', client: { name: 'cli' } },
    } as AepEvent;
    const out = downlevel(full, 'redacted');
    assert.equal(out.capture, 'metadata');
    assert.deepEqual(out.data, { client: { name: 'cli' } });
    const meta = {
      ...base,
      type: 'attention.answered',
      capture: 'metadata',
      data: { answer: { option: '1' } },
    } as AepEvent;
    assert.equal(downlevel(meta, 'redacted'), meta);
  });
  test('without the form specs only numbers and booleans survive; unknown types lose data', () => {
    const ans = {
      ...base,
      type: 'attention.answered',
      capture: 'redacted',
      data: { answer: { option: '2', text: 'S', values: FULL }, via: 'control' },
    } as AepEvent;
    assert.deepEqual(downlevel(ans, 'metadata').data, {
      answer: { option: '2', values: { replicas: 3, staged: true } },
      via: 'control',
    });
    const blob = { ...base, type: 'x.acme.session.blob', capture: 'full', data: { anything: 'S' } } as AepEvent;
    assert.equal(downlevel(blob, 'redacted').data, undefined);
  });
});
