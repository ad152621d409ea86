// The rules file's parser: what it accepts, and one line naming
// the rule and the problem for everything it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRules } from '../../src/protocol/rules.js';

describe('a good rules file', () => {
  it('keeps the rules in order', () => {
    const parsed = parseRules(
      JSON.stringify({
        rules: [
          {
            name: 'tests ok',
            match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
            decide: { option: 'allow' },
          },
          { name: 'rm asks', match: { command_prefix: 'rm' }, decide: 'ask' },
          { name: 'no push', match: { source: 'aep://ci/*', command_prefix: 'git push' }, decide: 'deny' },
        ],
      }),
    );
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.rules.map((r) => r.name),
      ['tests ok', 'rm asks', 'no push'],
    );
    assert.deepEqual(parsed.rules[0]!.decide, { option: 'allow' });
  });
  it('an empty list is fine', () => assert.deepEqual(parseRules('{"rules": []}'), { ok: true, rules: [] }));
});

describe('a bad rules file: one line, the rule and the problem', () => {
  const rule = (over: Record<string, unknown>) =>
    JSON.stringify({
      rules: [
        { name: 'ok', match: { agent: 'a' }, decide: 'deny' },
        { name: 'r2', match: { agent: 'a' }, decide: 'ask', ...over },
      ],
    });
  const table: Array<[string, string, RegExp]> = [
    ['syntax', '{"rules": [', /^not JSON/],
    ['not an object', '[]', /not a JSON object/],
    ['unknown top-level key', '{"rules": [], "rule": []}', /unknown key "rule"/],
    ['rules not an array', '{"rules": {}}', /"rules" must be an array/],
    ['a rule not an object', '{"rules": [1]}', /^rule 1: not an object/],
    ['no name', rule({ name: undefined }), /^rule 2: "name"/],
    ['a name with control characters', rule({ name: 'a\u001b[31m' }), /^rule 2 .*printable/],
    ['unknown rule key', rule({ when: 1 }), /^rule 2 "r2": unknown key "when"/],
    ['unknown match key', rule({ match: { agent: 'a', tol: 'Bash' } }), /^rule 2 "r2": unknown match key "tol"/],
    ['a match value not a string', rule({ match: { agent: 7 } }), /^rule 2 "r2": match "agent" must be a string/],
    ['match not an object', rule({ match: 'a' }), /^rule 2 "r2": "match" must be an object/],
    [
      'content alone (no agent or source)',
      rule({ match: { tool: 'Bash' }, decide: { option: 'allow' } }),
      /^rule 2 "r2": answers on content alone.*AEP-0002 §8/,
    ],
    [
      'content alone (agent "*")',
      rule({ match: { agent: '*', tool: 'Bash' }, decide: 'deny' }),
      /^rule 2 "r2": answers on content alone/,
    ],
    [
      'an option id that is not a string',
      rule({ decide: { option: 1 } }),
      /^rule 2 "r2": "decide.option" must be a string/,
    ],
    ['an unknown decide', rule({ decide: 'allow' }), /^rule 2 "r2": "decide" must be/],
    [
      'an option id with control characters',
      rule({ decide: { option: 'allow\u001b[2J' } }),
      /^rule 2 "r2": "decide.option" must be a non-empty id of printable characters/,
    ],
    [
      'an unknown decide key',
      rule({ decide: { option: 'allow', also: 1 } }),
      /^rule 2 "r2": unknown decide key "also"/,
    ],
    ['a name used twice', rule({ name: 'ok' }), /^rule 2 "ok": the name is used twice/],
    [
      'an empty command_prefix',
      rule({ match: { agent: 'a', command_prefix: ' ' } }),
      /command_prefix" must not be empty/,
    ],
  ];
  for (const [title, text, expected] of table) {
    it(title, () => {
      const parsed = parseRules(text);
      assert.equal(parsed.ok, false);
      if (parsed.ok) return;
      assert.match(parsed.error, expected);
      assert.ok(!parsed.error.includes('\n'), 'one line');
    });
  }
  it('an ask rule may stand on content alone: it never answers', () => {
    assert.equal(
      parseRules(JSON.stringify({ rules: [{ name: 'rm asks', match: { command_prefix: 'rm' }, decide: 'ask' }] })).ok,
      true,
    );
  });
});
