// Emitter violations, on a projection corpus of our own
// (test/fixtures/projection-corpus.jsonl): two emitters sharing a session
// name, a request left pending at session.ended, an id collision, a
// byte-identical and a re-serialized redelivery, a duplicated position, an
// epoch going backwards, a second session.ended, a command and an
// agent-scoped event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEvent } from '../../src/protocol/parse.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { counts } from '../../src/store/selectors.js';
import { digest, EmitterRules } from '../../src/store/violations.js';
import { RelayBook } from '../../src/store/relay-book.js';
import { SeenEvents } from '../../src/store/seen-events.js';
import { toJson } from '../../src/cli/list.js';

const RELAY = 'http://relay.test';
const A = 'aep://host-a/agent/claude-code/session/s-main';
const B = 'aep://host-b/agent/codex/session/s-main';
const C = 'aep://host-c/agent/gemini-cli/session/s-ord';

export function corpusLines(): string[] {
  return readFileSync(new URL('../fixtures/projection-corpus.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean);
}

function folded(lines = corpusLines()): ConsoleStore {
  const store = new ConsoleStore();
  for (const line of lines) {
    const parsed = parseEvent(line);
    assert.ok(parsed.ok, line);
    if (parsed.ok) store.applyEvent(RELAY, parsed.event);
  }
  return store;
}

const rows: { source: string; id: string; state: string; violations?: string[] }[] = [
  { source: A, id: 'a-1', state: 'resolved', violations: ['id-collision'] },
  { source: B, id: 'b-1', state: 'stale', violations: ['ended-with-pending-attention'] },
  { source: B, id: 'b-2', state: 'timeout' },
  { source: C, id: 'c-1', state: 'resolved', violations: ['epoch-regression'] },
  { source: C, id: 'c-2', state: 'resolved', violations: ['seq-regression'] },
];

test('corpus: each request carries the rules its emitter broke about it', () => {
  const store = folded();
  const got = store
    .allRequests()
    .map((r) => ({ source: r.source, id: r.id, state: r.state, ...(r.violations ? { violations: r.violations } : {}) }))
    .sort((x, y) => x.id.localeCompare(y.id));
  assert.deepEqual(got, rows);
});

test('corpus: the violations in fold order, with the SDK projection rule names and scopes', () => {
  const { total, recent } = folded().violations();
  assert.equal(total, 5);
  assert.deepEqual(
    recent.map(({ relay: _relay, ...v }) => v),
    [
      { rule: 'ended-with-pending-attention', source: B, session: 's-main', pending: 1 },
      { rule: 'id-collision', source: A, session: 's-main', id: 'a-1' },
      { rule: 'seq-regression', source: C, session: 's-ord', id: 'c-2' },
      { rule: 'epoch-regression', source: C, session: 's-ord', id: 'c-3' },
      { rule: 'session-terminal-exclusivity', source: C, session: 's-ord', id: 'c-7' },
    ],
  );
});

test('corpus: the relay status counts them; the list rows name them; a second full pass changes nothing', () => {
  const lines = corpusLines();
  const store = folded([...lines, ...lines]);
  assert.equal(store.getRelay(RELAY)?.violations, 5, 'redelivery of the whole corpus adds no violation');
  const b1 = store.allRequests().find((r) => r.id === 'b-1')!;
  const row = toJson(b1);
  assert.equal(row.source, B);
  assert.equal(row.state, 'stale');
  assert.deepEqual(row.violations, ['ended-with-pending-attention']);
  assert.equal(toJson(store.allRequests().find((r) => r.id === 'b-2')!).violations, undefined, 'no empty list');
  assert.equal(counts(store.allRequests()).pending, 0);
});

test('two emitters sharing a session name: one ending never touches the other', () => {
  const store = new ConsoleStore();
  const base = { aep: '0.1', time: '2026-08-01T09:00:00Z', session: 'shared' };
  const mk = (source: string, id: string, type: string, seq: number, data: Record<string, unknown> = {}) =>
    ({ ...base, source, agent: source.slice(-1), id, type, seq, data }) as AepEvent;
  store.applyEvent(RELAY, mk('aep://x/a', 'r1', 'attention.requested', 1, { kind: 'input', prompt: 'a?' }));
  store.applyEvent(RELAY, mk('aep://x/b', 'r1', 'attention.requested', 1, { kind: 'input', prompt: 'b?' }));
  store.applyEvent(RELAY, mk('aep://x/b', 'end', 'session.ended', 2));
  const bySource = Object.fromEntries(store.allRequests().map((r) => [r.source, r]));
  assert.equal(bySource['aep://x/a'].state, 'pending');
  assert.equal(bySource['aep://x/a'].violations, undefined);
  assert.equal(bySource['aep://x/b'].state, 'stale');
  assert.deepEqual(bySource['aep://x/b'].violations, ['ended-with-pending-attention']);
});

test('a request delivered after its session ended, positioned before the end, is flagged too', () => {
  const store = new ConsoleStore();
  const base = { aep: '0.1', time: '2026-08-01T09:00:00Z', session: 's', source: 'aep://x/a', agent: 'a' };
  store.applyEvent(RELAY, { ...base, id: 'end', type: 'session.ended', seq: 5 } as AepEvent);
  store.applyEvent(RELAY, {
    ...base,
    id: 'late',
    type: 'attention.requested',
    seq: 3,
    data: { kind: 'input', prompt: 'p' },
  } as AepEvent);
  const late = store.allRequests()[0];
  assert.equal(late.state, 'stale');
  assert.deepEqual(late.violations, ['ended-with-pending-attention', 'seq-regression']);
});

test('EmitterRules: table of single checks', () => {
  const base = { aep: '0.1', time: 't', source: 'aep://x', agent: 'a', session: 's' };
  const cases: { name: string; events: Partial<AepEvent>[]; rules: string[] }[] = [
    {
      name: 'advancing seq',
      events: [
        { id: '1', seq: 1 },
        { id: '2', seq: 2 },
      ],
      rules: [],
    },
    {
      name: 'gap is legal',
      events: [
        { id: '1', seq: 1 },
        { id: '2', seq: 9 },
      ],
      rules: [],
    },
    {
      name: 'same seq',
      events: [
        { id: '1', seq: 1 },
        { id: '2', seq: 1 },
      ],
      rules: ['seq-regression'],
    },
    {
      name: 'new epoch resets seq',
      events: [
        { id: '1', seq: 7 },
        { id: '2', seq: 0, epoch: 1 },
      ],
      rules: [],
    },
    {
      name: 'epoch backwards',
      events: [
        { id: '1', seq: 0, epoch: 2 },
        { id: '2', seq: 9, epoch: 1 },
      ],
      rules: ['epoch-regression'],
    },
    {
      name: 'no seq (command)',
      events: [
        { id: '1', seq: 3 },
        { id: '2', type: 'control.cancel' },
      ],
      rules: [],
    },
    {
      name: 'other emitter',
      events: [
        { id: '1', seq: 3 },
        { id: '2', seq: 1, source: 'aep://y' },
      ],
      rules: [],
    },
    {
      name: 'command with a seq',
      events: [
        { id: '1', seq: 3 },
        { id: '2', seq: 1, type: 'control.pause' },
      ],
      rules: [],
    },
  ];
  for (const c of cases) {
    const rules = new EmitterRules(100);
    // The last folded position lives with the resume positions, as in the store.
    const book = new RelayBook();
    const admit = (event: AepEvent) => rules.admit(RELAY, event, book.trackPosition(RELAY, event));
    const found = c.events
      .flatMap((e) => admit({ ...base, type: 'tool.requested', ...e } as AepEvent))
      .map((v) => v.rule);
    assert.deepEqual(found, c.rules, c.name);
  }
});

test('EmitterRules: digests ignore member order and read the identity, the memory is bounded, hostile nesting is survived', () => {
  const e = {
    aep: '0.1',
    id: 'x',
    type: 't.t',
    time: 't',
    source: 's',
    agent: 'a',
    data: { b: 1, a: [1, { d: 2, c: 3 }] },
  } as AepEvent;
  const swapped = {
    data: { b: 1, a: [1, { d: 2, c: 3 }] },
    agent: 'a',
    source: 's',
    time: 't',
    type: 't.t',
    id: 'x',
    aep: '0.1',
  } as AepEvent;
  assert.equal(digest(e), digest(swapped), 'envelope member order does not matter');
  assert.notEqual(digest(e), digest({ ...e, seq: 7 }), 'its place in the stream does');
  assert.notEqual(digest(e), digest({ ...e, subject: 'r2' }), 'what it is about does');
  assert.equal(
    digest(e),
    digest({ ...e, data: { b: 1, a: [1, { d: 2, c: 4 }] } }),
    'a payload is not hashed: a different Event differs in its envelope',
  );
  assert.notEqual(digest(e), digest({ ...e, time: 'u' }));
  let deep: unknown = 1;
  for (let i = 0; i < 5000; i++) deep = [deep];
  assert.equal(typeof digest({ ...e, data: { deep } }), 'number');
  // The first digest lives in the dedupe memory (bounded: past its cap an id is forgotten).
  const rules = new EmitterRules(2);
  const seen = new SeenEvents(2);
  for (const id of ['1', '2', '3']) seen.add(RELAY, e.source, id, digest({ ...e, id }));
  const again = (id: string) => rules.redelivered(RELAY, { ...e, id, time: 'other' }, seen.get(RELAY, e.source, id));
  assert.equal(again('1'), undefined, 'forgotten: taken as a redelivery');
  assert.equal(again('3')?.rule, 'id-collision');
  assert.equal(
    rules.redelivered(RELAY, { ...e, id: '3' }, seen.get(RELAY, e.source, '3')),
    undefined,
    'the same Event again is a redelivery',
  );
});
