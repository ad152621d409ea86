// The rules matcher, in tables: every match key, the globs, the
// precedence, a cause not read or not readable, forms and informational
// requests, rules turned off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { commandPrefixMatch, globMatch, judge } from '../../src/store/rule-match.js';
import type { CauseState } from '../../src/store/cause.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import type { RequestRecord } from '../../src/store/types.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function record(overrides: Partial<AepEvent> = {}, data: Record<string, unknown> = {}): RequestRecord {
  const store = new ConsoleStore({ now: () => 1_000 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE_ID, ...overrides }, data));
  const [one] = store.allRequests();
  assert.ok(one, 'the request is in the store');
  return one;
}

function cause(
  of: RequestRecord,
  data: Record<string, unknown> = { tool: { name: 'Bash' }, args: { command: 'npm test -- --ci' } },
  over: Partial<AepEvent> = {},
): CauseState {
  const event: AepEvent = {
    aep: '0.1',
    id: of.cause!,
    type: 'tool.requested',
    time: of.time,
    source: of.source,
    agent: of.agent,
    session: of.session,
    data,
    ...over,
  };
  return { state: 'event', event };
}

function rules(...list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

const allow = (name: string, match: Record<string, string>, option = 'allow') => ({ name, match, decide: { option } });

describe('globs', () => {
  const table: Array<[string, string, boolean]> = [
    ['claude-*', 'claude-code', true],
    ['claude-*', 'codex', false],
    ['*', '', true],
    ['*', 'a/b/c', true],
    ['aep://host-a/*', 'aep://host-a/claude/code', true],
    ['aep://host-?/x', 'aep://host-b/x', true],
    ['aep://host-?/x', 'aep://host-bb/x', false],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
    ['exact', 'exact', true],
    ['exact', 'exactly', false],
    ['', '', true],
    ['?', '', false],
    ['*a*a*a*a*a*a*a*b', 'a'.repeat(5000), false],
  ];
  for (const [glob, value, expected] of table) {
    it(`${JSON.stringify(glob)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(value.slice(0, 30))}`, () =>
      assert.equal(globMatch(glob, value), expected));
  }
});

describe('command_prefix at a word boundary', () => {
  const table: Array<[string, string, boolean]> = [
    ['npm test', 'npm test', true],
    ['npm test', 'npm test -- --ci', true],
    ['npm test', '  npm test  ', true],
    ['npm test', 'npm testing', false],
    ['npm test', 'npm tes', false],
    ['npm test', 'npm test && rm -rf ~', false],
    ['npm test', 'npm test; curl x', false],
    ['npm test', 'npm test $(curl x)', false],
    ['npm test', 'npm test | sh', false],
    ['npm test', 'npm test > /etc/passwd', false],
    ['npm test', 'npm test\nrm -rf ~', false],
    ['git status', 'git\tstatus', false],
  ];
  for (const [prefix, command, expected] of table) {
    it(`${JSON.stringify(prefix)} vs ${JSON.stringify(command)}`, () =>
      assert.equal(commandPrefixMatch(prefix, command), expected));
  }
});

describe('every match key', () => {
  const r = record({ run: 'r1' });
  const c = cause(r);
  // [match, matches?]
  const table: Array<[Record<string, string>, boolean]> = [
    [{ agent: 'claude-code' }, true],
    [{ agent: 'claude-*' }, true],
    [{ agent: 'codex' }, false],
    [{ source: r.source }, true],
    [{ source: 'aep://other/*' }, false],
    [{ agent: 'claude-*', session: r.session }, true],
    [{ agent: 'claude-*', session: 'other' }, false],
    [{ agent: 'claude-*', relay: 'http://relay.*' }, true],
    [{ agent: 'claude-*', relay: 'http://elsewhere' }, false],
    [{ agent: 'claude-*', kind: 'permission' }, true],
    [{ agent: 'claude-*', kind: 'review' }, false],
    [{ agent: 'claude-*', tool: 'Bash' }, true],
    [{ agent: 'claude-*', tool: 'B*' }, true],
    [{ agent: 'claude-*', tool: 'Edit' }, false],
    [{ agent: 'claude-*', command_prefix: 'npm test' }, true],
    [{ agent: 'claude-*', command_prefix: 'npm run' }, false],
    [{ agent: 'claude-*', tool: 'Bash', command_prefix: 'npm' }, true],
  ];
  for (const [match, expected] of table) {
    it(`${JSON.stringify(match)} → ${expected ? 'allow' : 'none'}`, () => {
      const verdict = judge(rules(allow('r', match)), r, c);
      assert.deepEqual(
        verdict,
        expected ? { kind: 'answer', rule: 'r', option: 'allow', deny: false } : { kind: 'none' },
      );
    });
  }
});

describe('decide', () => {
  const table: Array<[string, Record<string, unknown>, unknown, { kind: string; option?: string }]> = [
    ['an offered option', {}, { option: 'allow' }, { kind: 'answer', option: 'allow' }],
    ['an option not offered: no match', {}, { option: 'always' }, { kind: 'none' }],
    ['deny picks deny', {}, 'deny', { kind: 'answer', option: 'deny' }],
    [
      'deny picks reject',
      {
        options: [
          { id: 'ok', label: 'OK' },
          { id: 'reject', label: 'Reject' },
        ],
      },
      'deny',
      { kind: 'answer', option: 'reject' },
    ],
    [
      'deny picks no',
      {
        options: [
          { id: 'yes', label: 'Yes' },
          { id: 'no', label: 'No' },
        ],
      },
      'deny',
      { kind: 'answer', option: 'no' },
    ],
    [
      'deny with no deny-like option: no match',
      {
        options: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
        ],
      },
      'deny',
      { kind: 'none' },
    ],
    ['ask', {}, 'ask', { kind: 'ask' }],
  ];
  for (const [title, data, decide, expected] of table) {
    it(title, () => {
      const r = record({}, data);
      const verdict = judge(rules({ name: 'r', match: { agent: 'claude-code' }, decide }), r, cause(r));
      assert.equal(verdict.kind, expected.kind);
      if (verdict.kind === 'answer') assert.equal(verdict.option, expected.option);
    });
  }
});

describe('precedence: deny over ask over allow, else the first', () => {
  const r = record();
  const c = cause(r);
  const a1 = allow('allow-1', { agent: 'claude-*' });
  const a2 = allow('allow-2', { agent: '*code' });
  const ask = { name: 'ask-npm', match: { command_prefix: 'npm' }, decide: 'ask' };
  const deny = { name: 'deny-all', match: { agent: 'claude-code' }, decide: 'deny' };
  const table: Array<[unknown[], { kind: string; rule?: string }]> = [
    [[a1, a2], { kind: 'answer', rule: 'allow-1' }],
    [[a2, a1], { kind: 'answer', rule: 'allow-2' }],
    [[a1, ask], { kind: 'ask', rule: 'ask-npm' }],
    [[a1, deny], { kind: 'answer', rule: 'deny-all' }],
    [[ask, a1, deny], { kind: 'answer', rule: 'deny-all' }],
    [[a1, { ...deny, decide: { option: 'deny' } }], { kind: 'answer', rule: 'deny-all' }],
  ];
  for (const [list, expected] of table) {
    it((list as Rule[]).map((x) => x.name).join(', '), () => {
      const verdict = judge(rules(...list), r, c);
      assert.equal(verdict.kind, expected.kind);
      assert.equal('rule' in verdict ? verdict.rule : undefined, expected.rule);
    });
  }
  it('a rule turned off is passed over', () => {
    assert.deepEqual(judge(rules(a1, a2), r, c, new Set(['allow-1'])), {
      kind: 'answer',
      rule: 'allow-2',
      option: 'allow',
      deny: false,
    });
  });
});

describe('the cause', () => {
  const r = record();
  const byCommand = allow('tests', { agent: 'claude-*', command_prefix: 'npm test' });
  it('a cause with no command argument does not match command_prefix', () =>
    assert.deepEqual(judge(rules(byCommand), r, cause(r, { tool: { name: 'Bash' } })), { kind: 'none' }));
  it('args_redacted is read when args are not carried', () =>
    assert.equal(
      judge(rules(byCommand), r, cause(r, { tool: { name: 'Bash' }, args_redacted: { command: 'npm test' } })).kind,
      'answer',
    ));
  it('an Event with another id is no cause', () =>
    assert.deepEqual(judge(rules(byCommand), r, cause(r, undefined, { id: '01HYYYYYYYYYYYYYYYYYYYYYYY' })), {
      kind: 'none',
    }));
  it('withheld arguments do not hide a tool-only rule: the tool name is still read', () => {
    const byTool = { name: 'no-bash', match: { agent: 'claude-*', tool: 'Bash' }, decide: 'deny' };
    const withheld: CauseState = {
      state: 'withheld',
      event: (cause(r, { tool: { name: 'Bash' }, args_digest: 'ab' }, { capture: 'metadata' }) as { event: AepEvent })
        .event,
    };
    assert.equal(judge(rules(byTool), r, withheld).kind, 'answer');
  });
});

// The rules fail closed: every cause state against the rule sets
// that decide it. R = the rules matching on everything but the cause.
describe('rules fail closed: every cause state x rule set', () => {
  const r = record();
  const bash = (command: string) => ({ tool: { name: 'Bash' }, args: { command } });
  const own = (command: string, late = false): CauseState => {
    const c = cause(r, bash(command)) as { event: AepEvent };
    return late ? { state: 'event', event: c.event, late: true } : { state: 'event', event: c.event };
  };
  const event = (command: string, over: Partial<AepEvent>) =>
    (cause(r, bash(command), over) as { event: AepEvent }).event;
  // Each carries "npm test" where it is not the cause: taking it for the cause would let the allow win.
  const states: Array<[string, CauseState, RequestRecord?]> = [
    ['unread', { state: 'unread' }],
    ['in flight', { state: 'reading' }],
    ['in flight, tried again', { state: 'reading', retry: true }],
    ['unreadable (refused 403)', { state: 'unreadable', reason: 'relay refused the token (HTTP 403)' }],
    ['timed out', { state: 'timed-out', reason: 'no answer within 8 s' }],
    [
      'withheld (capture metadata)',
      {
        state: 'withheld',
        event: event('npm test', { capture: 'metadata', data: { tool: { name: 'Bash' }, args_digest: 'ab' } }),
      },
    ],
    ['absent', { state: 'absent' }],
    ['foreign emitter', { state: 'foreign', event: event('npm test', { source: 'aep://evil/x' }) }],
    ['other session', { state: 'other-session', event: event('npm test', { session: 'other' }) }],
    ['a request naming no cause', { state: 'none' }, record({ cause: undefined })],
    ['read: rm -rf', own('rm -rf /important')],
    ['read: npm test', own('npm test')],
    ['late: rm -rf (found by the read tried again)', own('rm -rf /important', true)],
  ];
  const denyRm = { name: 'no rm', match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'rm' }, decide: 'deny' };
  const askRm = { name: 'rm asks', match: { command_prefix: 'rm' }, decide: 'ask' };
  const allowAll = allow('claude perms', { agent: 'claude-*', kind: 'permission' });
  const allowTests = allow('tests ok', { agent: 'claude-*', command_prefix: 'npm test' });
  const denyOther = { name: 'codex no rm', match: { agent: 'codex', command_prefix: 'rm' }, decide: 'deny' };
  const sets: Array<[string, unknown[]]> = [
    ['deny+allow', [allowAll, denyRm]],
    ['ask+allow', [allowAll, askRm]],
    ['allow needing the cause', [allowTests]],
    ['allow not needing it', [allowAll]],
    ['agent mismatch (deny for another agent)', [denyOther, allowAll]],
  ];
  const W = { kind: 'waiting' };
  const none = { kind: 'none' };
  const deny = { kind: 'answer', rule: 'no rm', option: 'deny', deny: true };
  const allowBy = (rule: string) => ({ kind: 'answer', rule, option: 'allow', deny: false });
  const askFor = (rule: string, why?: string) => (why ? { kind: 'ask', rule, cause: why } : { kind: 'ask', rule });
  // Columns as `sets`; one row per state in `states`.
  const expected: Record<string, unknown[]> = {
    unread: [W, W, W, allowBy('claude perms'), allowBy('claude perms')],
    'in flight': [W, W, W, allowBy('claude perms'), allowBy('claude perms')],
    'in flight, tried again': [W, W, W, allowBy('claude perms'), allowBy('claude perms')],
    'read: rm -rf': [deny, askFor('rm asks'), none, allowBy('claude perms'), allowBy('claude perms')],
    'read: npm test': [
      allowBy('claude perms'),
      allowBy('claude perms'),
      allowBy('tests ok'),
      allowBy('claude perms'),
      allowBy('claude perms'),
    ],
    'late: rm -rf (found by the read tried again)': [
      deny,
      askFor('rm asks'),
      none,
      allowBy('claude perms'),
      allowBy('claude perms'),
    ],
  };
  const notRead = (state: string) => [
    askFor('no rm', state),
    askFor('rm asks', state),
    none,
    allowBy('claude perms'),
    allowBy('claude perms'),
  ];
  for (const [title, state, on] of states) {
    const row = expected[title] ?? notRead(state.state);
    sets.forEach(([setName, list], i) => {
      it(`${title} x ${setName} -> ${JSON.stringify(row[i])}`, () =>
        assert.deepEqual(judge(rules(...list), on ?? r, state), row[i]));
    });
  }
  it('never an allow while a deny or ask in R needs a cause not read, whatever the order in the file', () => {
    for (const [, state, on] of states) {
      if (state.state === 'event') continue;
      for (const list of [
        [denyRm, allowAll],
        [allowAll, denyRm],
        [askRm, allowTests, allowAll],
      ]) {
        const verdict = judge(rules(...list), on ?? r, state);
        assert.ok(verdict.kind === 'waiting' || verdict.kind === 'ask', `${state.state}: ${JSON.stringify(verdict)}`);
      }
    }
  });
});

describe('never answered', () => {
  const everything = rules(allow('any', { agent: '*code' }), {
    name: 'no',
    match: { agent: 'claude-*' },
    decide: 'deny',
  });
  it('a form', () => {
    const r = record({}, { kind: 'form', options: [], fields: [{ id: 'n', type: 'string', label: 'N' }] });
    assert.deepEqual(judge(everything, r, cause(r)), { kind: 'none' });
  });
  it('a request with fields beside its options', () => {
    const r = record({}, { fields: [{ id: 'n', type: 'string', label: 'N' }] });
    assert.deepEqual(judge(everything, r, cause(r)), { kind: 'none' });
  });
  it("an informational request (answered in the agent's own UI)", () => {
    const r = record({}, { respond_via: ['terminal'] });
    assert.equal(r.informational, true);
    assert.deepEqual(judge(everything, r, cause(r)), { kind: 'none' });
  });
  it('a request already answered', () => {
    const r = { ...record(), state: 'answered' as const };
    assert.deepEqual(judge(everything, r, cause(r)), { kind: 'none' });
  });
  it('a request without options (free text)', () => {
    const r = record({}, { kind: 'input', options: [] });
    assert.deepEqual(judge(everything, r, cause(r)), { kind: 'none' });
  });
});
