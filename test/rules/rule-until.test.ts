// Rules with an end: `"until"` (RFC 3339 UTC) in the file; an unreadable
// one refuses the file, naming the rule; a rule at or past its end matches
// nothing. The time comes in as a parameter (a fake clock here): a one-hour
// rule made with `a` answers for its hour and not after, at the judging and
// again at the wire (the recheck). Without a time, a rule with an end is
// never shown in force: an allow does not answer, a deny or ask asks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { judge, type RuleVerdict } from '../../src/store/rule-match.js';
import { ruleStillAnswers } from '../../src/store/rule-recheck.js';
import { HOUR_MS, nextLocalMidnight, ruleEndText, withRuleEnd } from '../../src/store/rule-ends.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import { formatUntil, parseUntil } from '../../src/protocol/rule-until.js';
import type { RequestRecord } from '../../src/store/types.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';

function request(): RequestRecord {
  const store = new ConsoleStore({ now: () => 1_000 });
  store.applyEvent(RELAY, requestEvent({}));
  const [one] = store.allRequests();
  assert.ok(one);
  return one;
}

function parsed(...list: unknown[]): Rule[] {
  const result = parseRules(JSON.stringify({ rules: list }));
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.rules;
}

describe('"until" as the file says it', () => {
  const good: Array<[string, number]> = [
    ['2026-12-08T01:00:00Z', Date.UTC(2026, 11, 8, 1, 0, 0)],
    ['2026-12-08T01:00:00.5Z', Date.UTC(2026, 11, 8, 1, 0, 0) + 500],
    ['2024-02-29T23:59:59Z', Date.UTC(2024, 1, 29, 23, 59, 59)],
  ];
  for (const [text, ms] of good) it(`${text} reads`, () => assert.equal(parseUntil(text), ms));
  const bad: unknown[] = [
    '2026-12-08T01:00:00+01:00',
    '2026-12-08T01:00:00',
    '2026-12-08 01:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-12-08T24:00:00Z',
    '2026-12-08T23:59:60Z',
    'tomorrow',
    '',
    1765155600000,
    null,
  ];
  for (const text of bad) it(`${JSON.stringify(text)} does not`, () => assert.equal(parseUntil(text), undefined));
  it('is written as whole seconds in UTC', () =>
    assert.equal(formatUntil(Date.UTC(2026, 11, 8, 1, 0, 0) + 999), '2026-12-08T01:00:00Z'));
  it('an unreadable "until" refuses the file, naming the rule', () => {
    const result = parseRules(
      JSON.stringify({
        rules: [
          { name: 'ok', match: { agent: 'a' }, decide: 'ask' },
          { name: 'soon', match: { agent: 'a' }, decide: 'ask', until: '2026-12-08T01:00:00+01:00' },
        ],
      }),
    );
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.error, /^rule 2 "soon": "until" must be an RFC 3339 time in UTC/);
  });
  it('a good "until" is kept', () => {
    const [rule] = parsed({ name: 'x', match: { agent: 'a' }, decide: 'ask', until: '2026-12-08T01:00:00Z' });
    assert.equal(rule!.until, Date.UTC(2026, 11, 8, 1));
  });
});

describe('a one-hour rule on a fake clock', () => {
  const start = Date.UTC(2026, 11, 8, 0, 30, 0);
  const base: Rule = { name: 'claude ok', match: { agent: 'claude-*' }, decide: { option: 'allow' } };
  const made = withRuleEnd(base, 'hour', request(), start);
  assert.ok(made.ok);
  const rule = made.rule;
  const answer: RuleVerdict = { kind: 'answer', rule: 'claude ok', option: 'allow', deny: false };
  const table: Array<[string, number, RuleVerdict]> = [
    ['when made', start, answer],
    ['59 minutes on', start + 59 * 60_000, answer],
    ['one second before its hour', start + HOUR_MS - 1_000, answer],
    ['at its hour', start + HOUR_MS, { kind: 'none' }],
    ['a day on', start + 24 * HOUR_MS, { kind: 'none' }],
  ];
  for (const [when, now, verdict] of table)
    it(when, () => assert.deepEqual(judge([rule], request(), { state: 'none' }, undefined, now), verdict));
  it('is written to the file with its end', () => {
    assert.equal(made.keep, 'file');
    assert.equal(formatUntil(rule.until!), '2026-12-08T01:30:00Z');
  });
  it('an answer it gave is not written after its hour (the recheck at the wire)', () => {
    const record = request();
    const basis = {
      rules: [rule],
      off: new Set<string>(),
      cause: { state: 'none' } as const,
      rule: rule.name,
      option: 'allow',
    };
    assert.equal(ruleStillAnswers(record, basis, start + 10 * 60_000), undefined);
    assert.equal(
      ruleStillAnswers(record, basis, start + HOUR_MS),
      'rule claude ok judged again before sending: it ended at 2026-12-08T01:30:00Z',
    );
    assert.match(ruleStillAnswers(record, basis) ?? '', /judged again before sending/, 'no time: not sent');
  });
  it('the screen says its end', () => {
    assert.equal(ruleEndText(rule, start), 'until 2026-12-08T01:30:00Z');
    assert.equal(ruleEndText(rule, start + HOUR_MS), 'ended 2026-12-08T01:30:00Z');
    assert.equal(ruleEndText(base, start), 'no end');
  });
});

describe('an ended deny no longer beats an allow; without a time, a rule with an end is never in force', () => {
  const allow = { name: 'claude ok', match: { agent: 'claude-*' }, decide: { option: 'allow' } };
  const deny = { name: 'no claude', match: { agent: 'claude-*' }, decide: 'deny', until: '2026-12-08T01:00:00Z' };
  const endedAllow = {
    name: 'claude for now',
    match: { agent: 'claude-*' },
    decide: { option: 'allow' },
    until: '2026-12-08T01:00:00Z',
  };
  const before = Date.UTC(2026, 11, 8, 0, 59, 59);
  const after = Date.UTC(2026, 11, 8, 1, 0, 0);
  const table: Array<[string, unknown[], number | undefined, RuleVerdict]> = [
    ['deny before its end', [allow, deny], before, { kind: 'answer', rule: 'no claude', option: 'deny', deny: true }],
    ['deny at its end', [allow, deny], after, { kind: 'answer', rule: 'claude ok', option: 'allow', deny: false }],
    ['deny, no time given', [allow, deny], undefined, { kind: 'ask', rule: 'no claude', cause: 'no-clock' }],
    ['allow with an end, no time given', [endedAllow], undefined, { kind: 'none' }],
    [
      'allow with an end, before it',
      [endedAllow],
      before,
      { kind: 'answer', rule: 'claude for now', option: 'allow', deny: false },
    ],
    [
      'a rule without an end, no time given',
      [allow],
      undefined,
      { kind: 'answer', rule: 'claude ok', option: 'allow', deny: false },
    ],
  ];
  for (const [title, list, now, verdict] of table)
    it(title, () => assert.deepEqual(judge(parsed(...list), request(), { state: 'none' }, undefined, now), verdict));
});

describe('the ends `a` offers after scopes 3 and 4', () => {
  const base: Rule = {
    name: 'allow claude-code Bash',
    match: { agent: 'claude-code', tool: 'Bash' },
    decide: { option: 'allow' },
  };
  it('until this session ends: narrowed to the session, kept in this console only', () => {
    const record = request();
    const made = withRuleEnd(base, 'session', record, 0);
    assert.deepEqual(made, {
      ok: true,
      rule: { ...base, match: { ...base.match, session: record.session } },
      keep: 'memory',
    });
    if (made.ok) assert.equal(ruleEndText(made.rule, 0, true), 'this session');
  });
  it('a session a glob cannot spell cannot bound it', () => {
    const made = withRuleEnd(base, 'session', { ...request(), session: 's*' }, 0);
    assert.equal(made.ok, false);
  });
  it('no end: the rule as it was', () =>
    assert.deepEqual(withRuleEnd(base, 'none', request(), 0), { ok: true, rule: base, keep: 'file' }));
  it('until local midnight: the next local midnight, written as UTC', () => {
    const saved = process.env.TZ;
    try {
      const table: Array<[string, number, string]> = [
        ['UTC', Date.UTC(2026, 11, 8, 13, 5), '2026-12-09T00:00:00Z'],
        ['Asia/Tokyo', Date.UTC(2026, 11, 8, 13, 5), '2026-12-08T15:00:00Z'],
        ['America/New_York', Date.UTC(2026, 11, 8, 3, 0), '2026-12-08T05:00:00Z'],
      ];
      for (const [zone, now, expected] of table) {
        process.env.TZ = zone;
        const made = withRuleEnd(base, 'midnight', request(), now);
        assert.ok(made.ok && made.keep === 'file');
        assert.equal(formatUntil(made.rule.until!), expected, zone);
        assert.equal(nextLocalMidnight(now), made.rule.until);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
