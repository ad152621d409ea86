import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRespond, answerCapture, parseEvent, type FieldSpec } from '../../src/protocol/index.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const request = { id: '01JX9YB4RQ000000000000GOLD', session: 's_8f2c' };
const now = new Date('2026-07-03T10:15:09.000Z');

test('builds a valid control.attention.respond without seq', () => {
  const e = buildRespond({ request, answer: { option: 'deny' }, name: 'aep-console', host: 'host-z', now });
  assert.equal(e.aep, '0.1');
  assert.equal(e.type, 'control.attention.respond');
  assert.match(e.id, ULID);
  assert.equal(e.time, '2026-07-03T10:15:09.000Z');
  assert.equal(e.source, 'aep://host-z/agent/aep-console');
  assert.equal(e.agent, 'aep-console');
  assert.equal(e.session, 's_8f2c');
  assert.equal(e.subject, request.id);
  assert.equal(e.cause, request.id);
  assert.equal('seq' in e, false);
  assert.equal(e.capture, 'metadata');
  assert.deepEqual(e.data, { answer: { option: 'deny' } });
  const parsed = parseEvent(JSON.stringify(e));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
  assert.deepEqual(parsed.issues, []);
});

test('ids: fresh ULIDs, time-prefixed by now, or reused for a retry', () => {
  const a = buildRespond({ request, answer: { option: 'allow' }, name: 'c', host: 'h', now });
  const b = buildRespond({ request, answer: { option: 'allow' }, name: 'c', host: 'h', now });
  assert.notEqual(a.id, b.id);
  assert.equal(a.id.slice(0, 10), b.id.slice(0, 10));
  assert.equal(buildRespond({ request, answer: { option: 'allow' }, name: 'c', host: 'h', id: a.id }).id, a.id);
  // An invalid clock falls back to the real one instead of throwing.
  assert.match(buildRespond({ request, answer: {}, name: 'c', host: 'h', now: new Date(Number.NaN) }).id, ULID);
});

test('an odd hostname is encoded so our own command stays envelope-valid', () => {
  const e = buildRespond({ request, answer: { option: 'allow' }, name: 'aep console', host: 'my host\u202e', now });
  assert.equal(e.source, 'aep://my%20host%E2%80%AE/agent/aep%20console');
  assert.ok(parseEvent(e).ok);
});

const formFields: FieldSpec[] = [
  { id: 'name', type: 'string', label: 'Name' },
  { id: 'replicas', type: 'number', label: 'Replicas' },
  { id: 'staged', type: 'boolean', label: 'Staged' },
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
  { id: 'db', type: 'select', label: 'DB', other: true, choices: [{ id: '1', label: 'PostgreSQL' }] },
];

test('capture: metadata for options and structural values, redacted for any text', () => {
  const cap = (answer: Parameters<typeof answerCapture>[0], fields?: FieldSpec[]) =>
    buildRespond({ request, answer, name: 'c', host: 'h', now, fields }).capture;
  assert.equal(cap({ option: 'allow' }), 'metadata');
  assert.equal(cap({ text: 'deny' }), 'redacted');
  assert.equal(cap({ option: 'deny', text: 'use staging' }), 'redacted');
  assert.equal(cap({ values: { replicas: 3, staged: true, regions: ['1', '2'], db: '1' } }, formFields), 'metadata');
  assert.equal(cap({ values: { name: 'billing' } }, formFields), 'redacted');
  assert.equal(cap({ values: { db: 'MariaDB' } }, formFields), 'redacted');
  assert.equal(cap({ values: { regions: ['1', 'mars'] } }, formFields), 'redacted');
  assert.equal(cap({ values: { surprise: 'x' } }, formFields), 'redacted');
  // Without the spec nothing is known to be a choice id.
  assert.equal(cap({ values: { db: '1' } }), 'redacted');
  assert.equal(cap({ values: { replicas: 3, staged: false } }), 'metadata');
  assert.equal(cap({ option: 'allow', extra: 'x' } as never), 'redacted');
});
