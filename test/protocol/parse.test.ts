import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseEvent,
  readRequestPayload,
  hostFromSource,
  isCommandType,
  isAgentScoped,
  severityRank,
  captureRank,
  type AepEvent,
} from '../../src/protocol/index.js';
import { fixtureJson, goldenLines } from './fixtures.js';

interface InvalidCase {
  name: string;
  rule: string;
  event?: Record<string, unknown>;
  events?: Record<string, unknown>[];
}

const base = {
  aep: '0.1',
  id: 'E1',
  type: 'progress.status',
  time: '2026-07-03T10:00:00Z',
  source: 'aep://h/agent/a',
  agent: 'a',
  session: 's1',
  seq: 0,
};

function rejectedRule(raw: unknown): string {
  const r = parseEvent(raw);
  assert.equal(r.ok, false, `expected rejection of ${JSON.stringify(raw)?.slice(0, 200)}`);
  return r.ok ? '' : r.rule;
}

test('every golden line parses, keeps every attribute, and requests carry no issues', () => {
  const lines = goldenLines();
  assert.equal(lines.length, 64);
  for (const line of lines) {
    const r = parseEvent(line);
    assert.ok(r.ok, `golden line rejected: ${r.ok ? '' : `${r.rule}: ${r.reason}`}\n${line}`);
    assert.deepEqual(r.event, JSON.parse(line));
    if (r.event.type === 'attention.requested') assert.deepEqual(r.issues, [], line);
  }
});

test('golden lines also parse from a Buffer and as already-parsed objects', () => {
  for (const line of goldenLines()) {
    assert.ok(parseEvent(Buffer.from(line, 'utf8')).ok);
    assert.ok(parseEvent(JSON.parse(line)).ok);
  }
});

// Envelope rules are the parser's job. Payload-schema cases are tolerated
// (kept and, for attention.requested, flagged). Stream cases ("events") are
// cross-event rules (dedupe collisions, terminal exclusivity, seq/epoch
// regression, ack uniqueness, values-vs-spec) that the store covers: the
// parser only has to take each event without throwing.
const ENVELOPE_RULE = /^(AEP-0001 §5\.|AEP-0001 §6|AEP-0001 §8\.1|AEP-0002 §3|AEP-0004 §2\.2)/;

for (const c of fixtureJson<{ cases: InvalidCase[] }>('invalid-cases.json').cases) {
  test(`invalid case: ${c.name}`, () => {
    if (c.events) {
      for (const e of c.events) assert.doesNotThrow(() => parseEvent(e));
      return;
    }
    assert.ok(c.event);
    const r = parseEvent(c.event);
    if (ENVELOPE_RULE.test(c.rule)) {
      assert.equal(r.ok, false, 'must be rejected');
      if (!r.ok) assert.ok(c.rule === r.rule || c.rule.startsWith(`${r.rule} `), `rule ${r.rule} vs ${c.rule}`);
      return;
    }
    assert.ok(r.ok, 'payload-schema cases keep the envelope');
    if (c.event.type === 'attention.requested') {
      assert.ok(
        r.issues.some((i) => /choices/.test(i.reason)),
        JSON.stringify(r.issues),
      );
    }
  });
}

test('frames, invalid JSON, arrays and scalars are rejected as frame errors', () => {
  for (const raw of [
    'not json',
    '[]',
    '[1,2]',
    '42',
    'null',
    '"x"',
    '',
    Buffer.from([0xff, 0xfe]),
    null,
    undefined,
    42,
    [base],
    () => 1,
  ]) {
    assert.match(rejectedRule(raw), /^AEP-0003 §2/);
  }
  // A frame (no dot in type) is not an event.
  assert.equal(rejectedRule({ type: 'hello', versions: ['0.1'] }), 'AEP-0001 §5.1 #1');
});

test('oversized input is rejected without parsing it', () => {
  const big = JSON.stringify({ ...base, data: { blob: 'x'.repeat(1024 * 1024) } });
  assert.match(rejectedRule(big), /size/);
  assert.match(rejectedRule(Buffer.from(big)), /size/);
  assert.match(rejectedRule(JSON.parse(big)), /size/);
});

test('hostile already-parsed values never throw', () => {
  const cyclic: Record<string, unknown> = { ...base };
  cyclic.data = { self: cyclic };
  const throwing = {
    ...base,
    get data(): unknown {
      throw new Error('boom');
    },
  };
  const proxy = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('boom');
      },
    },
  );
  let deep: unknown = {};
  for (let i = 0; i < 100000; i++) deep = { a: deep };
  for (const raw of [cyclic, throwing, proxy, { ...base, data: deep }, { ...base, big: 10n }]) {
    assert.doesNotThrow(() => parseEvent(raw));
  }
  assert.equal(parseEvent(cyclic).ok, false);
});

test('envelope attribute rules', () => {
  assert.ok(parseEvent(base).ok);
  const cases: [Record<string, unknown>, string][] = [
    [{ ...base, aep: undefined }, 'AEP-0001 §5.1 #1'],
    [{ ...base, aep: '1.0' }, 'AEP-0001 §5.1 #1'],
    [{ ...base, id: '' }, 'AEP-0001 §5.1 #2'],
    [{ ...base, id: 7 }, 'AEP-0001 §5.1 #2'],
    [{ ...base, time: '2026-07-03 10:00' }, 'AEP-0001 §5.1 #5'],
    [{ ...base, time: '2026-02-30T10:00:00Z' }, 'AEP-0001 §5.1 #5'],
    [{ ...base, source: 'not a uri' }, 'AEP-0001 §5.1 #6'],
    [{ ...base, agent: '' }, 'AEP-0001 §5.1 #7'],
    [{ ...base, subject: '' }, 'AEP-0001 §5.1 #4'],
    [{ ...base, cause: null }, 'AEP-0001 §5.1 #13'],
    [{ ...base, seq: 1.5 }, 'AEP-0001 §5.1 #11'],
    [{ ...base, seq: '1' }, 'AEP-0001 §5.1 #11'],
    [{ ...base, epoch: -1 }, 'AEP-0001 §5.1 #12'],
    [{ ...base, capture: 'secret' }, 'AEP-0001 §8.2'],
    [{ ...base, data: [1] }, 'AEP-0001 §5 (data is an object)'],
    [{ ...base, data: null }, 'AEP-0001 §5 (data is an object)'],
    [{ ...base, ext: 1.5 }, 'AEP-0001 §5.4'],
    [{ ...base, __proto__x: 'v' }, 'AEP-0001 §5.4'],
    [{ ...base, type: 'x.acme' }, 'AEP-0001 §6'],
    [{ ...base, type: 'tool..x' }, 'AEP-0001 §6'],
    [{ ...base, type: 'control.cancel', seq: undefined, session: undefined }, 'AEP-0004 §2.2'],
    [{ ...base, type: 'x.acme.control.stop' }, 'AEP-0004 §2.2'],
    [{ ...base, type: 'agent.idle', session: undefined, seq: undefined, run: 'r' }, 'AEP-0001 §5.2'],
  ];
  for (const [event, rule] of cases) assert.equal(rejectedRule(event), rule, JSON.stringify(event));
  // "__proto__" as a JSON key is an own attribute, refused by the name rule.
  assert.equal(
    rejectedRule(
      `{"aep":"0.1","id":"a","type":"progress.status","time":"2026-07-03T10:00:00Z","source":"aep://h/a","agent":"a","session":"s","seq":0,"__proto__":{"x":1}}`,
    ),
    'AEP-0001 §5.4',
  );
});

test('scoping accepts commands, routed, acks and vendor/unknown-but-grammatical types', () => {
  const ok: Record<string, unknown>[] = [
    { ...base, type: 'control.attention.respond', seq: undefined, data: { answer: { option: 'deny' } } },
    { ...base, type: 'x.acme.control.stop', seq: undefined },
    { ...base, type: 'attention.routed', seq: undefined },
    { ...base, type: 'control.accepted' },
    { ...base, type: 'control.rejected', data: { reason: 'busy' } },
    { ...base, type: 'tool.something_new.v2', extattr: true, n: 3 },
    { ...base, type: 'agent.presence', session: undefined, seq: undefined, epoch: 0 },
    { ...base, time: '2026-07-03t10:00:00.123456+05:30' },
  ];
  for (const e of ok) {
    const r = parseEvent(e);
    assert.ok(r.ok, r.ok ? '' : `${r.rule} ${r.reason} ${JSON.stringify(e)}`);
    assert.deepEqual(r.issues, []);
  }
});

test('payload issues are flagged, never fatal', () => {
  const issuesOf = (type: string, data: unknown) => {
    const r = parseEvent({ ...base, type, data });
    assert.ok(r.ok);
    return r.issues;
  };
  assert.equal(issuesOf('attention.answered', { answer: 'allow' })[0].path, 'data.answer');
  assert.equal(issuesOf('control.rejected', { reason: 'nope' })[0].path, 'data.reason');
  assert.equal(issuesOf('control.rejected', {})[0].path, 'data.reason');
  assert.deepEqual(issuesOf('attention.answered', { answer: { option: 'allow' } }), []);
});

function req(data: unknown): AepEvent {
  return { ...base, type: 'attention.requested', data } as AepEvent;
}

test('readRequestPayload normalises hostile requests into a renderable shape', () => {
  const { payload, issues } = readRequestPayload(
    req({
      kind: 7,
      prompt: { evil: true },
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 3, label: 'x' },
        'deny',
        { id: 'deny' },
        { id: 'allow', label: 'again' },
      ],
      fields: [
        null,
        { id: 'a', type: 'date', label: 'When' },
        { id: 'b', type: 'select', label: 'Pick' },
        { id: 'c', type: 'select', label: 'Pick', choices: [] },
        {
          id: 'd',
          type: 'select',
          label: 'Pick',
          choices: [{ id: '1', label: 'x' }, { id: '1', label: 'y' }, { nope: 1 }],
        },
        { id: 'e', type: 'number', label: 'N', min: '1', max: 0 },
        { id: 'f', type: 'number', label: 'N', min: 5, max: 1 },
        { id: 'a', type: 'boolean' },
        { type: 'string', label: 'no id', required: 'yes' },
      ],
      expires_at: 'tomorrow',
      respond_via: 'oob',
    }),
  );
  assert.equal(payload.kind, '');
  assert.equal(payload.prompt, '');
  assert.deepEqual(payload.options, [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: '' },
    { id: 'allow', label: 'again' },
  ]);
  assert.equal(payload.fields.length, 9, 'every field stays so the UI can show it as malformed');
  assert.equal(payload.fields[1].type, 'date');
  assert.deepEqual(payload.fields[2].choices, []);
  assert.deepEqual(payload.fields[4].choices, [
    { id: '1', label: 'x' },
    { id: '1', label: 'y' },
  ]);
  assert.equal(payload.fields[5].min, undefined);
  assert.equal(payload.fields[8].required, undefined);
  assert.equal(payload.expiresAt, undefined);
  assert.equal(payload.respondVia, undefined);
  const reasons = issues.map((i) => `${i.path}: ${i.reason}`);
  for (const expected of [
    'data.kind: kind is not text',
    'data.prompt: prompt is not text',
    // One issue per kind of fault in a list, not one per entry.
    'data.options[1]: entry without an id (2 entries, first shown)',
    'data.options[3].label: label is not text',
    'data.options[4].id: duplicate id',
    'data.fields[0]: field is not an object',
    'data.fields[1]: unknown field type',
    'data.fields[2]: select without choices',
    'data.fields[3]: select with no choices',
    'data.fields[4]: malformed choice',
    'data.fields[4]: duplicate choice id',
    'data.fields[5]: min is not a number',
    'data.fields[6]: min is greater than max',
    'data.fields[7]: missing label',
    'data.fields[7].id: duplicate field id',
    'data.fields[8]: missing id',
    'data.fields[8]: required is not a boolean',
    'data.expires_at: not an RFC 3339 time',
    'data.respond_via: respond_via is not a list of channel names',
  ])
    assert.ok(reasons.includes(expected), `missing issue "${expected}" in\n${reasons.join('\n')}`);
});

test('readRequestPayload: missing members, unknown kind, non-list fields', () => {
  const missing = readRequestPayload(req(undefined));
  assert.deepEqual(
    missing.issues.map((i) => i.reason),
    ['missing kind', 'missing prompt'],
  );
  const unknown = readRequestPayload(
    req({
      kind: 'telepathy',
      prompt: 'hi',
      fields: 'x',
      options: {},
      respond_via: ['oob', 'pigeon'],
      expires_at: '2026-07-03T10:00:30Z',
      context: { a: 1 },
    }),
  );
  assert.equal(unknown.payload.kind, 'telepathy');
  assert.deepEqual(unknown.payload.respondVia, ['oob', 'pigeon']);
  assert.equal(unknown.payload.expiresAt, '2026-07-03T10:00:30Z');
  assert.deepEqual(unknown.payload.context, { a: 1 });
  assert.deepEqual(
    unknown.issues.map((i) => i.path),
    ['data.options', 'data.fields'],
  );
});

test('helpers', () => {
  assert.ok(isCommandType('control.attention.respond'));
  assert.ok(isCommandType('control.cancel'));
  assert.ok(isCommandType('x.acme.control.nudge'));
  assert.ok(!isCommandType('control.accepted'));
  assert.ok(!isCommandType('control.rejected'));
  assert.ok(!isCommandType('attention.routed'));
  assert.ok(!isCommandType(undefined));
  assert.ok(isAgentScoped('agent.presence'));
  assert.ok(!isAgentScoped('session.started'));
  assert.equal(hostFromSource('aep://host-a/agent/claude-code/session/s_8f2c'), 'host-a');
  assert.equal(hostFromSource('aep://user@host-b:7000/agent/x'), 'host-b:7000');
  assert.equal(hostFromSource('aep://host-c'), 'host-c');
  assert.equal(hostFromSource('https://host-a/x'), '');
  assert.equal(hostFromSource(42), '');
  assert.equal(hostFromSource(undefined), '');
  assert.ok(severityRank('debug') < severityRank('info'));
  assert.ok(severityRank('error') < severityRank('critical'));
  assert.equal(severityRank(undefined), severityRank('info'));
  assert.ok(captureRank('none') < captureRank('metadata'));
  assert.ok(captureRank('redacted') < captureRank('full'));
  assert.equal(captureRank(undefined), captureRank('metadata'));
  assert.equal(captureRank('bogus'), captureRank('metadata'));
});
