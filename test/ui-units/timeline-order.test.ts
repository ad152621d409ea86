// The timeline's order: each emitter's Events by
// (epoch, seq), children under the Event their cause names, a lifecycle
// Event under (and naming) its request; hostile shapes end in one pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import { MAX_DEPTH, orderTimeline, positionalOrder } from '../../src/ui/inbox/timeline-order.js';
import { aboutText } from '../../src/ui/inbox/timeline-view.js';
import { ASCII_GLYPHS, UTF8_GLYPHS } from '../../src/ui/glyphs.js';

const AGENT = 'aep://h/agent/codex/session/s1';
const CONSOLE = 'aep://h/agent/aep-console';

/** An Event: `id`, then what the row cares about. */
function ev(id: string, rest: Partial<AepEvent> = {}): AepEvent {
  return {
    aep: '0.1',
    id,
    type: 'message.agent',
    time: '2026-07-03T10:00:00Z',
    source: AGENT,
    agent: 'codex',
    session: 's1',
    ...rest,
  };
}

/** The display order as `id@depth`. */
function shape(events: AepEvent[]): string[] {
  return orderTimeline(events).map((row) => `${events[row.index].id}@${row.depth}${row.loop ? '!' : ''}`);
}

const ordering: [string, AepEvent[], string[]][] = [
  [
    'arrival order kept when (epoch, seq) agrees',
    [ev('a', { seq: 1 }), ev('b', { seq: 2 }), ev('c', { seq: 3 })],
    ['a', 'b', 'c'],
  ],
  [
    'one emitter out of order: sorted by seq',
    [ev('c', { seq: 3 }), ev('a', { seq: 1 }), ev('b', { seq: 2 })],
    ['a', 'b', 'c'],
  ],
  [
    'epochs reset: epoch 1 seq 0 after epoch 0 seq 9, whatever the arrival',
    [
      ev('new0', { epoch: 1, seq: 0 }),
      ev('old9', { epoch: 0, seq: 9 }),
      ev('new1', { epoch: 1, seq: 1 }),
      ev('old3', { seq: 3 }),
    ],
    ['old3', 'old9', 'new0', 'new1'],
  ],
  [
    'two emitters stay interleaved as they came, each sorted in its own places',
    [
      ev('a2', { seq: 2 }),
      ev('x', { source: CONSOLE }),
      ev('a1', { seq: 1 }),
      ev('b1', { source: 'aep://h/agent/b', seq: 1 }),
    ],
    ['a1', 'x', 'a2', 'b1'],
  ],
  [
    'no seq (a command): its arrival place',
    [ev('a2', { seq: 2 }), ev('cmd', { source: CONSOLE }), ev('a1', { seq: 1 })],
    ['a1', 'cmd', 'a2'],
  ],
  ['a duplicate (source, id) shown once', [ev('a', { seq: 1 }), ev('a', { seq: 1 }), ev('b', { seq: 2 })], ['a', 'b']],
  ['the same id from two emitters is two Events', [ev('a', { seq: 1 }), ev('a', { source: CONSOLE })], ['a', 'a']],
  [
    'a NaN or string seq counts as none',
    [
      ev('b', { seq: 2 }),
      ev('n', { seq: Number.NaN }),
      ev('a', { seq: 1 }),
      ev('s', { seq: '0' as unknown as number }),
    ],
    ['a', 'n', 'b', 's'],
  ],
];

for (const [name, events, want] of ordering) {
  test(`positional order: ${name}`, () => {
    assert.deepEqual(
      positionalOrder(events).map((i) => events[i].id),
      want,
    );
  });
}

const nesting: [string, AepEvent[], string[]][] = [
  [
    'children under their cause, not by time',
    [
      ev('run', { seq: 1 }),
      ev('t1', { seq: 2, cause: 'run' }),
      ev('t2', { seq: 3, cause: 'run' }),
      ev('r1', { seq: 4, cause: 't1' }),
      ev('r2', { seq: 5, cause: 't2' }),
    ],
    ['run@0', 't1@1', 'r1@2', 't2@1', 'r2@2'],
  ],
  [
    'a lifecycle Event sits under its own request, not the one before it',
    [
      ev('q1', { seq: 1, type: 'attention.requested' }),
      ev('q2', { seq: 2, type: 'attention.requested' }),
      ev('to1', { seq: 3, type: 'attention.timeout', subject: 'q1' }),
    ],
    ['q1@0', 'to1@1', 'q2@0'],
  ],
  [
    'an answer chain across emitters: request, command, answered, resolved',
    [
      ev('q', { seq: 1, type: 'attention.requested' }),
      ev('q0', { seq: 2, type: 'attention.requested' }),
      ev('cmd', { source: CONSOLE, type: 'control.attention.respond', subject: 'q', cause: 'q' }),
      ev('ans', { seq: 3, type: 'attention.answered', subject: 'q', cause: 'cmd' }),
      ev('res', { seq: 4, type: 'attention.resolved', subject: 'q', cause: 'ans' }),
    ],
    ['q@0', 'cmd@1', 'ans@2', 'res@3', 'q0@0'],
  ],
  [
    'a cause naming the Event itself: a root',
    [ev('a', { seq: 1, cause: 'a' }), ev('b', { seq: 2, cause: 'a' })],
    ['a@0', 'b@1'],
  ],
  [
    'a cause not among the Events read: a root',
    [ev('a', { seq: 1, cause: 'gone' }), ev('b', { seq: 2 })],
    ['a@0', 'b@0'],
  ],
  [
    'a cause cycle: cut at its earliest Event, marked; what hangs off it follows',
    [
      ev('c', { seq: 1, cause: 'a' }),
      ev('a', { seq: 2, cause: 'b' }),
      ev('b', { seq: 3, cause: 'a' }),
      ev('x', { seq: 4 }),
    ],
    ['x@0', 'a@0!', 'c@1', 'b@1'],
  ],
  [
    'a cause from another emitter is taken only when the same emitter has no such id',
    [ev('k', { seq: 1 }), ev('k', { source: CONSOLE }), ev('child', { seq: 2, cause: 'k' })],
    ['k@0', 'child@1', 'k@0'],
  ],
];

for (const [name, events, want] of nesting) {
  test(`nesting: ${name}`, () => {
    assert.deepEqual(shape(events), want);
  });
}

test('a chain deeper than the cap is drawn at the cap, marked deeper, in order', () => {
  const events = Array.from({ length: 12 }, (_, i) => ev(`e${i}`, { seq: i, cause: i ? `e${i - 1}` : undefined }));
  const rows = orderTimeline(events);
  assert.deepEqual(
    rows.map((r) => events[r.index].id),
    events.map((e) => e.id),
  );
  assert.deepEqual(
    rows.map((r) => r.depth),
    [0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6],
  );
  assert.deepEqual(
    rows.map((r) => r.deeper),
    rows.map((_, i) => i > MAX_DEPTH),
  );
});

test('10k children of one Event, and a 10k chain, in one pass and no stack overflow', () => {
  const fan = [
    ev('root', { seq: 0 }),
    ...Array.from({ length: 10_000 }, (_, i) => ev(`c${i}`, { seq: 10_000 - i, cause: 'root' })),
  ];
  const rows = orderTimeline(fan);
  assert.equal(rows.length, 10_001);
  assert.equal(fan[rows[0].index].id, 'root');
  assert.equal(fan[rows[1].index].id, 'c9999', 'children by seq, not arrival');
  assert.ok(rows.slice(1).every((r) => r.depth === 1));
  const chain = Array.from({ length: 10_000 }, (_, i) => ev(`e${i}`, { seq: i, cause: `e${(i + 1) % 10_000}` }));
  const looped = orderTimeline(chain);
  assert.equal(looped.length, 10_000, 'a 10k cycle: every Event once');
  assert.equal(looped.filter((r) => r.loop).length, 1);
});

test('a lifecycle Event names its request: the id end and its prompt, or that it was not read', () => {
  const events = [
    ev('01JX0000000000000000AAAAAA', {
      seq: 1,
      type: 'attention.requested',
      data: { kind: 'permission', prompt: 'git push --force' },
    }),
    ev('t', { seq: 2, type: 'attention.timeout', subject: '01JX0000000000000000AAAAAA', data: { after_ms: 45_000 } }),
    ev('r', { seq: 3, type: 'attention.resolved', subject: 'older-request-id', data: { resolution: 'answered' } }),
  ];
  const rows = orderTimeline(events);
  assert.equal(aboutText(events, rows[1], UTF8_GLYPHS), ' closes …AAAAAA: after 45s "git push --force"');
  assert.equal(aboutText(events, rows[1], ASCII_GLYPHS), ' closes ...AAAAAA: after 45s "git push --force"');
  assert.equal(
    aboutText(events, rows[2], UTF8_GLYPHS),
    ' closes …est-id: answered (request not among the Events read)',
  );
  assert.equal(
    aboutText(events, rows[0], UTF8_GLYPHS),
    ' permission: git push --force',
    'the request itself: its own summary only',
  );
});
