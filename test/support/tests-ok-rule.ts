// The one rule the rule-state tables and the wire's recheck share: allow
// `npm test` from claude-*, read from its cause (a Bash command).

import { parseRules, type Rule } from '../../src/protocol/rules.js';

export const RELAY = 'http://relay.test';
export const CAUSE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

const parsed = parseRules(
  JSON.stringify({
    rules: [
      { name: 'tests ok', match: { agent: 'claude-*', command_prefix: 'npm test' }, decide: { option: 'allow' } },
    ],
  }),
);
if (!parsed.ok) throw new Error('the tests-ok rule no longer parses');

export const TESTS_OK_RULES: Rule[] = parsed.rules;
