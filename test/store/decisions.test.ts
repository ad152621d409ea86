// The decision history's pure parts: the lines built from the
// store's commands, the fold back into decisions, the contract's JSON, the
// filters and durations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { answeredLine, decisionLine, outcomeLine } from '../../src/store/decisions.js';
import { foldDecisions } from '../../src/store/decision-fold.js';
import {
  decisionJson,
  outcomeSummary,
  parseDuration,
  selectDecisions,
  sentSummary,
} from '../../src/store/decision-query.js';
import { buildRespond } from '../../src/protocol/respond.js';
import { buildControl } from '../../src/protocol/control.js';
import type { CommandOutcome } from '../../src/store/types.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';

function withRequest(capture?: 'metadata' | 'redacted') {
  let now = 1_000;
  const store = new ConsoleStore({ now: () => now });
  const event = requestEvent({ run: 'r1', ...(capture ? { capture } : {}) });
  store.applyEvent(RELAY, event);
  const record = store.allRequests()[0];
  const clock = (t: number) => (now = t);
  return { store, record, clock };
}

describe('decision and outcome lines', () => {
  it('an answer: provenance from the request, what was sent, by you', () => {
    const { store, record } = withRequest();
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer: { option: 'allow' },
      name: 'c',
      host: 'h',
      fields: [],
    });
    const command = store.commandCreated(RELAY, record.key, event, { option: 'allow' }, 5_000);
    const line = decisionLine(command, record, { cause: 'tool.requested Bash', batch: 3 });
    assert.deepEqual(
      { ...line, time: undefined },
      {
        t: 'decision',
        time: undefined,
        relay: RELAY,
        source: record.source,
        agent: record.agent,
        session: record.session,
        request: record.id,
        run: 'r1',
        kind: record.payload.kind,
        prompt: record.payload.prompt,
        cause: 'tool.requested Bash',
        action: 'answer',
        sent: { option: 'allow' },
        by: 'you',
        command_id: event.id,
        batch: 3,
        capture: record.capture,
      },
    );
    assert.equal(line.time, new Date(1_000).toISOString());
  });

  it('cancel / pause / resume: the action from the command type, its data as sent', () => {
    const { store, record } = withRequest();
    for (const [verb, sent] of [
      ['cancel', { scope: 'run', reason: 'stop' }],
      ['pause', {}],
      ['resume', {}],
    ] as const) {
      const event = buildControl({
        verb,
        scope: 'run',
        reason: 'stop',
        session: record.session,
        run: 'r1',
        cause: record.id,
        name: 'c',
        host: 'h',
      });
      const line = decisionLine(store.commandCreated(RELAY, record.key, event, {}, 5_000), record);
      assert.equal(line.action, verb);
      assert.deepEqual(line.sent, sent);
    }
  });

  const outcomes: [string, CommandOutcome, Record<string, unknown>][] = [
    ['accepted', { state: 'accepted' }, { state: 'applied', option: 'allow' }],
    [
      'rejected',
      { state: 'rejected', reason: 'invalid', detail: 'env is required' },
      { state: 'rejected', reason: 'invalid: env is required' },
    ],
    ['timeout', { state: 'timeout' }, { state: 'timeout', reason: 'no acknowledgement from the agent' }],
    [
      'stopped waiting',
      { state: 'stopped-waiting' },
      {
        state: 'stopped-waiting',
        reason: 'the console stopped waiting before the agent acknowledged it; kept in the outbox for the next console',
      },
    ],
    [
      'refused',
      { state: 'refused-by-relay', code: 'no-route', detail: 'nobody' },
      { state: 'refused', reason: 'no-route: nobody' },
    ],
    [
      'not sent',
      { state: 'not-sent', reason: 'not sent: the request closed while you were offline (answered by bob)' },
      { state: 'closed-elsewhere', reason: 'not sent: the request closed while you were offline (answered by bob)' },
    ],
  ];
  for (const [name, outcome, expected] of outcomes) {
    it(`outcome ${name}: ${expected.state}, with the latency`, () => {
      const { store, record, clock } = withRequest();
      const event = buildRespond({
        request: { id: record.id, session: record.session },
        answer: { option: 'allow' },
        name: 'c',
        host: 'h',
        fields: [],
      });
      store.commandCreated(RELAY, record.key, event, { option: 'allow' }, 5_000);
      assert.equal(outcomeLine(store.command(event.id)!, record), undefined, 'none while in flight');
      clock(3_500);
      store.commandSettled(event.id, outcome);
      const line = outcomeLine(store.command(event.id)!, record)!;
      assert.deepEqual(
        { ...line, time: undefined },
        { t: 'outcome', command_id: event.id, time: undefined, latency_ms: 2_500, ...expected },
      );
    });
  }

  it("the emitter's record: the option it applied and who it says answered; text withheld below redacted", () => {
    const { store, record } = withRequest('metadata');
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer: { text: 'secret words' },
      name: 'c',
      host: 'h',
      fields: [],
    });
    const command = store.commandCreated(RELAY, record.key, event, { text: 'secret words' }, 5_000);
    assert.deepEqual(decisionLine(command, record).sent, { text: '[withheld: capture metadata]' });
    assert.equal(
      answeredLine(
        command,
        { ...record, answered: { answer: { option: 'deny' }, cause: 'someone else', time: 'x' } },
        2_000,
      ),
      undefined,
      "another command's answer is not ours",
    );
    const line = answeredLine(
      command,
      {
        ...record,
        answered: { answer: { option: 'deny', text: 'secret words' }, by: 'c', cause: event.id, time: 'x' },
      },
      2_000,
    )!;
    assert.equal(line.option, 'deny');
    assert.equal(line.text, '[withheld: capture metadata]');
    assert.equal(line.by, 'c');
    assert.equal(line.latency_ms, 1_000);
  });
});

const D = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    t: 'decision',
    time: '2026-12-01T10:00:00.000Z',
    relay: 'r',
    source: 's',
    agent: 'codex',
    session: 's1',
    request: 'q',
    kind: 'permission',
    prompt: 'p',
    action: 'answer',
    sent: { option: 'allow' },
    by: 'you',
    command_id: id,
    capture: 'full',
    ...extra,
  });
const O = (id: string, state: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ t: 'outcome', command_id: id, time: '2026-12-01T10:00:01.000Z', state, ...extra });

describe('folding the file back into decisions', () => {
  it('outcomes append in file order; the first decision line for an id wins (a resent saved answer is one decision)', () => {
    const text = [
      D('a'),
      O('a', 'timeout'),
      D('a', { prompt: 'again' }),
      O('a', 'applied', { option: 'allow', latency_ms: 9 }),
      '',
    ].join('\n');
    const { decisions, skipped, torn } = foldDecisions([text]);
    assert.equal(decisions.length, 1);
    assert.equal(decisions[0].prompt, 'p');
    assert.deepEqual(
      decisions[0].outcomes.map((o) => o.state),
      ['timeout', 'applied'],
    );
    assert.equal(skipped, 0);
    assert.equal(torn, false);
    const json = decisionJson(decisions[0]);
    assert.deepEqual(json.outcome, { state: 'applied', option: 'allow' });
    assert.equal(json.latency_ms, 9);
  });

  it('only the newest file can be torn; an older one cut at rotation just loses that line', () => {
    assert.equal(foldDecisions([`${D('a')}\n{"t":"dec`]).torn, true);
    const older = foldDecisions([`${D('a')}\n{"t":"dec`, `${D('b')}\n`]);
    assert.equal(older.torn, false);
    assert.equal(older.skipped, 1);
  });

  it('hostile lines: unknown actions, states and capture levels, wrong types, are skipped', () => {
    const bad = [
      D('a', { action: 'delete-everything' }),
      D('b', { capture: 'all' }),
      D('c', { sent: 'x' }),
      D('d', { batch: '3' }),
      O('e', 'applied'),
      D('f'),
      O('f', 'exploded'),
      O('f', 'applied', { latency_ms: '1' }),
    ];
    const { decisions, skipped } = foldDecisions([`${bad.join('\n')}\n`]);
    assert.deepEqual(
      decisions.map((d) => [d.command_id, d.outcomes.length]),
      [['f', 0]],
    );
    assert.equal(skipped, 7);
  });
});

describe('queries and words', () => {
  const { decisions } = foldDecisions([
    [
      D('a', { agent: 'codex', time: '2026-12-01T08:00:00.000Z' }),
      D('b', { agent: 'claude', session: 's2', time: '2026-12-01T09:30:00.000Z' }),
      '',
    ].join('\n'),
  ]);
  it('--since, --agent, --session', () => {
    const now = Date.parse('2026-12-01T10:00:00.000Z');
    assert.deepEqual(
      selectDecisions(decisions, { since: now - parseDuration('1h')! }).map((d) => d.command_id),
      ['b'],
    );
    assert.deepEqual(
      selectDecisions(decisions, { agents: ['codex'] }).map((d) => d.command_id),
      ['a'],
    );
    assert.deepEqual(
      selectDecisions(decisions, { sessions: ['s2', 's9'] }).map((d) => d.command_id),
      ['b'],
    );
    assert.deepEqual(selectDecisions(decisions, {}).length, 2);
  });
  it('durations', () => {
    const table: [string, number | undefined][] = [
      ['90s', 90_000],
      ['15m', 900_000],
      ['2h', 7_200_000],
      ['7d', 604_800_000],
      ['1h30m', 5_400_000],
      ['1w', 604_800_000],
      ['0s', undefined],
      ['2', undefined],
      ['h', undefined],
      ['-2h', undefined],
      ['2 h', undefined],
      ['2y', undefined],
    ];
    for (const [text, ms] of table) assert.equal(parseDuration(text), ms, text);
  });
  it("a row's few words", () => {
    const table: [Record<string, unknown>, string][] = [
      [{ action: 'answer', sent: { option: 'allow' } }, 'allow'],
      [{ action: 'answer', sent: { text: 'use staging' } }, 'text "use staging"'],
      [{ action: 'answer', sent: { values: { a: 1, b: 2 } } }, 'form, 2 values'],
      [{ action: 'cancel', sent: { scope: 'run', reason: 'wrong' } }, 'cancel run "wrong"'],
      [{ action: 'cancel', sent: { scope: 'session' } }, 'cancel session'],
      [{ action: 'pause', sent: {} }, 'pause'],
      [{ action: 'drop', sent: { option: 'allow' } }, 'dropped saved allow'],
    ];
    for (const [decision, words] of table) assert.equal(sentSummary(decision as never), words);
    const [a] = foldDecisions([
      `${D('a')}\n${O('a', 'closed-elsewhere', { reason: 'answered by bob', by: 'bob' })}\n`,
    ]).decisions;
    assert.equal(outcomeSummary(a), 'closed-elsewhere: answered by bob by bob');
    assert.equal(outcomeSummary({ ...a, outcomes: [] }), 'no outcome yet');
  });
});
