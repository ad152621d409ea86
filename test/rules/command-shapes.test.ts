// Rules read a command in any shape or not at all: a `command` argument that
// is a string is read as it is, an argv array of strings as its words joined
// by spaces, and any other shape (a nested array, an object, a number, null,
// `args` not an object) as an unread cause: a deny or ask that needs it gives
// `ask`, and no allow that needs the cause answers. A cause that carries no
// `command` at all (a tool without one) is "no command", as before. One table
// per kind of rule: allow, deny (beside an allow that does not need the
// cause), ask (likewise).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleStore } from '../../src/store/store.js';
import { causeFacts, judge, type RuleVerdict } from '../../src/store/rule-match.js';
import type { CauseState } from '../../src/store/cause.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import type { RequestRecord } from '../../src/store/types.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function request(): RequestRecord {
  const store = new ConsoleStore({ now: () => 1_000 });
  store.applyEvent(RELAY, requestEvent({ cause: CAUSE_ID }));
  const [one] = store.allRequests();
  assert.ok(one);
  return one;
}

/** The request's own cause Event (Bash), its `args` as given (`undefined`: no args at all). */
function causeWith(of: RequestRecord, args: unknown): CauseState {
  const data: Record<string, unknown> = { tool: { name: 'Bash' } };
  if (args !== undefined) data.args = args;
  const event: AepEvent = {
    aep: '0.1',
    id: of.cause!,
    type: 'tool.requested',
    time: of.time,
    source: of.source,
    agent: of.agent,
    session: of.session,
    data,
  };
  return { state: 'event', event };
}

function rules(...list: unknown[]): Rule[] {
  const parsed = parseRules(JSON.stringify({ rules: list }));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.rules;
}

/** The shapes of `args` (and of `args.command` in it). */
const SHAPES: Array<[string, unknown]> = [
  ['a string', { command: 'rm -rf /' }],
  ['an argv array', { command: ['rm', '-rf', '/'] }],
  ['a nested array', { command: [['rm', '-rf'], '/'] }],
  ['an array holding a number', { command: ['rm', 1] }],
  ['an object', { command: { argv: ['rm', '-rf', '/'] } }],
  ['a number', { command: 42 }],
  ['null', { command: null }],
  ['args not an object', 'rm -rf /'],
  ['missing (args without a command)', { path: '/tmp' }],
];

const ANSWER_ALLOW: RuleVerdict = { kind: 'answer', rule: 'allow rm', option: 'allow', deny: false };
const ANSWER_PLAIN: RuleVerdict = { kind: 'answer', rule: 'claude ok', option: 'allow', deny: false };
const NONE: RuleVerdict = { kind: 'none' };
const unread = (rule: string): RuleVerdict => ({ kind: 'ask', rule, cause: 'command-shape' });

const allowRm = { name: 'allow rm', match: { agent: 'claude-*', command_prefix: 'rm' }, decide: { option: 'allow' } };
const claudeOk = { name: 'claude ok', match: { agent: 'claude-*' }, decide: { option: 'allow' } };
const denyRm = { name: 'no rm', match: { agent: 'claude-*', command_prefix: 'rm' }, decide: 'deny' };
const askRm = { name: 'ask rm', match: { command_prefix: 'rm' }, decide: 'ask' };

const TABLES: Array<[string, unknown[], Record<string, RuleVerdict>]> = [
  [
    'an allow that needs the command',
    [allowRm],
    {
      'a string': ANSWER_ALLOW,
      'an argv array': ANSWER_ALLOW,
      'a nested array': NONE,
      'an array holding a number': NONE,
      'an object': NONE,
      'a number': NONE,
      null: NONE,
      'args not an object': NONE,
      'missing (args without a command)': NONE,
    },
  ],
  [
    'a deny that needs the command, beside an allow that does not',
    [claudeOk, denyRm],
    {
      'a string': { kind: 'answer', rule: 'no rm', option: 'deny', deny: true },
      'an argv array': { kind: 'answer', rule: 'no rm', option: 'deny', deny: true },
      'a nested array': unread('no rm'),
      'an array holding a number': unread('no rm'),
      'an object': unread('no rm'),
      'a number': unread('no rm'),
      null: unread('no rm'),
      'args not an object': unread('no rm'),
      'missing (args without a command)': ANSWER_PLAIN,
    },
  ],
  [
    'an ask that needs the command, beside an allow that does not',
    [claudeOk, askRm],
    {
      'a string': { kind: 'ask', rule: 'ask rm' },
      'an argv array': { kind: 'ask', rule: 'ask rm' },
      'a nested array': unread('ask rm'),
      'an array holding a number': unread('ask rm'),
      'an object': unread('ask rm'),
      'a number': unread('ask rm'),
      null: unread('ask rm'),
      'args not an object': unread('ask rm'),
      'missing (args without a command)': ANSWER_PLAIN,
    },
  ],
];

for (const [title, list, expected] of TABLES) {
  describe(`command shapes: ${title}`, () => {
    const r = request();
    const ruleList = rules(...list);
    for (const [shape, args] of SHAPES) {
      it(`${shape} → ${JSON.stringify(expected[shape])}`, () =>
        assert.deepEqual(judge(ruleList, r, causeWith(r, args)), expected[shape]));
    }
  });
}

describe('command shapes: what is read', () => {
  const r = request();
  const event = (args: unknown) => (causeWith(r, args) as Extract<CauseState, { state: 'event' }>).event;
  it('an argv array is its words joined by spaces', () =>
    assert.equal(causeFacts(event({ command: ['npm', 'test', '--', '--ci'] })).command, 'npm test -- --ci'));
  it('an argv array is read from args_redacted too', () => {
    const redacted = {
      ...event(undefined),
      data: { tool: { name: 'Bash' }, args_redacted: { command: ['ls', '-la'] } },
    };
    assert.equal(causeFacts(redacted).command, 'ls -la');
  });
  it('an argv array that joins into a chained command is no prefix match', () => {
    const list = rules({
      name: 'tests',
      match: { agent: 'claude-*', command_prefix: 'npm test' },
      decide: { option: 'allow' },
    });
    assert.deepEqual(judge(list, r, causeWith(r, { command: ['npm', 'test', '&&', 'rm', '-rf', '/'] })), NONE);
    assert.deepEqual(judge(list, r, causeWith(r, { command: ['npm', 'test'] })), {
      kind: 'answer',
      rule: 'tests',
      option: 'allow',
      deny: false,
    });
  });
  it('an unreadable command is an unread cause: even an allow on the tool alone does not answer', () => {
    const list = rules({ name: 'bash', match: { agent: 'claude-*', tool: 'Bash' }, decide: { option: 'allow' } });
    assert.deepEqual(judge(list, r, causeWith(r, { command: { sh: 'rm -rf /' } })), NONE);
    assert.deepEqual(judge(list, r, causeWith(r, { command: 'ls' })).kind, 'answer');
  });
  it("the issue's case: allow agx*, deny agx* rm; an argv rm -rf / is denied, never allowed", () => {
    const list = rules(
      { name: 'agx', match: { agent: 'agx*' }, decide: { option: 'allow' } },
      { name: 'agx no rm', match: { agent: 'agx*', command_prefix: 'rm' }, decide: 'deny' },
    );
    const store = new ConsoleStore({ now: () => 1_000 });
    store.applyEvent(RELAY, requestEvent({ cause: CAUSE_ID, agent: 'agx-1' }));
    const agx = store.allRequests()[0]!;
    const verdict = judge(list, agx, causeWith(agx, { command: ['rm', '-rf', '/'] }));
    assert.deepEqual(verdict, { kind: 'answer', rule: 'agx no rm', option: 'deny', deny: true });
  });
});
