// What the hardening work found, pinned: hostile shapes that cost an
// exception or unbounded memory, or whose malformed parts vanished.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_ATTRIBUTE_CHARS, RULE_SEVERITY, RULE_SIZE, parseEvent } from '../../src/protocol/parse.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { fieldSpecProblem, validateFormValues } from '../../src/protocol/form.js';
import { readRequestPayload } from '../../src/protocol/payload.js';
import { ConsoleStore } from '../../src/store/store.js';
import { slimForHold } from '../../src/store/positions.js';

const R = 'http://relay.test';
const base = {
  aep: '0.1',
  time: '2026-07-03T10:00:00Z',
  source: 'aep://h/agent/a/session/S',
  agent: 'a',
  session: 'S',
};
const request = (id: string, seq: number, data: Record<string, unknown> = {}) =>
  ({ ...base, id, seq, type: 'attention.requested', data: { kind: 'input', prompt: 'q', ...data } }) as AepEvent;
const deepJson = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);

test('a deeply nested attribute is rejected for what it is, not by the parser catching a stack overflow', () => {
  const text = JSON.stringify({ ...base, id: 'x', seq: 0, type: 'progress.status', severity: 'DEEP' }).replace(
    '"DEEP"',
    deepJson(20_000),
  );
  const parsed = parseEvent(text);
  assert.equal(parsed.ok, false);
  assert.deepEqual(parsed.ok ? undefined : [parsed.rule, parsed.reason], [RULE_SEVERITY, 'unknown severity a list']);
});

test(`core envelope strings longer than ${MAX_ATTRIBUTE_CHARS} characters are refused (they would be kept per event); a long extension is dropped, not the Event`, () => {
  for (const name of ['id', 'session', 'subject', 'agent', 'cause']) {
    const parsed = parseEvent({
      ...base,
      id: 'x',
      seq: 0,
      type: 'progress.status',
      [name]: 'a'.repeat(MAX_ATTRIBUTE_CHARS + 1),
    });
    assert.equal(parsed.ok ? 'accepted' : parsed.rule, RULE_SIZE, name);
  }
  assert.equal(parseEvent({ ...base, id: 'a'.repeat(MAX_ATTRIBUTE_CHARS), seq: 0, type: 'progress.status' }).ok, true);
  const extended = parseEvent({
    ...base,
    id: 'x',
    seq: 0,
    type: 'progress.status',
    acmeregion: 'a'.repeat(MAX_ATTRIBUTE_CHARS + 1),
    acmezone: 'eu',
  });
  assert.equal(extended.ok, true);
  assert.equal(extended.ok && 'acmeregion' in extended.event, false, 'the long extension is not kept');
  assert.equal(extended.ok && extended.event.acmezone, 'eu', 'short extensions are');
});

test('past the open-request cap new requests are refused, said on the relay, and accepted once there is room', () => {
  const store = new ConsoleStore({ openCap: 2 });
  store.applyEvent(R, request('q1', 1));
  store.applyEvent(R, request('q2', 2));
  assert.equal(store.applyEvent(R, request('q3', 3)), 'ignored');
  assert.equal(store.sizes().open, 2);
  assert.deepEqual(store.getRelay(R)?.warnings, ['more than 2 open requests: newer ones are not shown']);
  store.applyEvent(R, { ...base, id: 't1', seq: 4, type: 'attention.timeout', subject: 'q1', data: {} } as AepEvent);
  // Not remembered as seen: the relay's redelivery brings it in.
  assert.equal(store.applyEvent(R, request('q3', 3)), 'applied');
  assert.deepEqual(
    store.allRequests().map((r) => [r.id, r.state]),
    [
      ['q1', 'timeout'],
      ['q2', 'pending'],
      ['q3', 'pending'],
    ],
  );
});

test('at the open-request cap, a request already held is re-delivered, not refused (even once the dedupe memory forgot it)', () => {
  const store = new ConsoleStore({ openCap: 2, dedupeCap: 1 });
  store.applyEvent(R, request('q1', 1));
  store.applyEvent(R, request('q2', 2));
  // q2's id pushed q1 out of a one-id dedupe memory: q1 looks new to it.
  assert.equal(store.applyEvent(R, request('q1', 1)), 'duplicate');
  assert.deepEqual(store.getRelay(R)?.warnings ?? [], [], 'no false "more than 2 open requests"');
});

test('a request keeps no context, and a held event no nested payload values', () => {
  const store = new ConsoleStore();
  let nested: unknown = 1;
  for (let i = 0; i < 1000; i++) nested = { a: nested };
  store.applyEvent(R, request('q1', 1, { context: nested }));
  assert.equal(store.allRequests()[0].payload.context, undefined);
  const held = slimForHold({
    ...base,
    id: 'r',
    type: 'attention.resolved',
    seq: 2,
    subject: 'q9',
    data: { resolution: nested, by: ['x'], latency_ms: 5, via: 'control' },
  } as AepEvent);
  assert.deepEqual(held.data, { latency_ms: 5, via: 'control' });
});

test('a field normalised on reading stays malformed: its label, flag or bound is not silently dropped', () => {
  const { payload } = readRequestPayload(
    request('f', 1, {
      kind: 'form',
      fields: [
        {
          id: 'c',
          type: 'select',
          label: 'C',
          choices: [
            { id: 'a', label: 'A' },
            { id: 'b', label: 7 },
          ],
        },
        { id: 'r', type: 'string', label: 'R', required: 'yes' },
        { id: 'n', type: 'number', label: 'N', max: '9' },
        { id: 'ok', type: 'boolean', label: 'fine' },
      ],
    }),
  );
  assert.deepEqual(
    payload.fields.map((f) => fieldSpecProblem(f)),
    ['malformed choice', 'required is not a boolean', 'max is not a number', null],
  );
  assert.equal(validateFormValues(payload.fields, { c: 'a', r: 'x', n: 1, ok: true }).ok, false);
});

test('the parser remembers only names short enough to be kept (the types it has checked): long types and sources cost nothing once refused', (t) => {
  // A hostile emitter sends Events whose type or source is as long as an Event may be, each different:
  // were they remembered (the parser keeps up to a thousand checked types), the console would hold a gigabyte of them.
  const dir = mkdtempSync(join(tmpdir(), 'aep-names-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const parse = pathToFileURL(join(process.cwd(), 'src', 'protocol', 'parse.ts')).href;
  writeFileSync(
    join(dir, 'child.mts'),
    `import { parseEvent } from ${JSON.stringify(parse)};
const gc = (globalThis as unknown as { gc: () => void }).gc;
const long = (n: number) => String(n).padStart(200_000, 'a');
const base = { aep: '0.1', id: 'x', time: '2026-07-03T10:00:00Z', source: 'aep://h/a', agent: 'a', session: 'S', seq: 0 };
gc();
const before = process.memoryUsage().heapUsed;
const refused = [];
for (let n = 0; n < 100; n++) {
  refused.push(parseEvent(JSON.stringify({ ...base, type: 'progress.' + long(n) })).ok);
  refused.push(parseEvent(JSON.stringify({ ...base, type: 'progress.status', source: 'aep://h/' + long(n) })).ok);
}
gc();
process.stdout.write(JSON.stringify({ held: (process.memoryUsage().heapUsed - before) / 1048576, refused: refused.every((ok) => !ok) }));
`,
  );
  const { held, refused } = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, 'child.mts')], { encoding: 'utf8' }),
  ) as { held: number; refused: boolean };
  assert.equal(refused, true, 'every one is refused (longer than an attribute may be)');
  // 200 names of 200,000 characters: 40 MB if they were remembered (20 MB for the types alone).
  assert.ok(held < 6, `the parser holds ${held.toFixed(1)} MB after 200 long names`);
});
