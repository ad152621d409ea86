// Each rule's usage for the rules screen, from the decision history the
// console keeps: how many requests it answered (the relay applied its
// answer), how many it tried (whatever came of it), and when it was last
// used. The history is folded from its JSONL lines as the console reads it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldDecisions } from '../../src/store/decision-fold.js';
import { ruleUsage, type RuleUsage } from '../../src/store/rule-usage.js';
import type { Rule } from '../../src/protocol/rules.js';

const rules: Rule[] = [
  { name: 'tests ok', match: { agent: 'claude-*' }, decide: { option: 'allow' } },
  { name: 'no rm', match: { agent: 'claude-*', command_prefix: 'rm' }, decide: 'deny' },
  { name: 'never used', match: { agent: 'codex' }, decide: 'ask' },
];

let n = 0;
/** One decision line and its outcome lines: [request, by, time, action, outcome states...]. */
function lines(request: string, by: string, time: string, action: string, ...outcomes: string[]): string[] {
  const command_id = `cmd-${++n}`;
  const decision = {
    t: 'decision',
    time,
    relay: 'http://relay.test',
    source: 'aep://host/agent/claude-code',
    agent: 'claude-code',
    session: 's1',
    request,
    kind: 'permission',
    prompt: 'Bash — npm test',
    action,
    sent: { option: 'allow' },
    by,
    command_id,
    capture: 'redacted',
  };
  return [
    JSON.stringify(decision),
    ...outcomes.map((state, i) =>
      JSON.stringify({ t: 'outcome', command_id, time: time.replace(/:00Z$/, `:0${i + 1}Z`), state }),
    ),
  ];
}

const TABLE: Array<[string, string[][], RuleUsage[]]> = [
  [
    'no history',
    [],
    [
      { name: 'tests ok', answered: 0, tried: 0 },
      { name: 'no rm', answered: 0, tried: 0 },
      { name: 'never used', answered: 0, tried: 0 },
    ],
  ],
  [
    "answers applied, rejected, not sent and with no word yet; the operator's own answers do not count",
    [
      lines('r1', 'rule tests ok', '2026-12-08T00:01:00Z', 'answer', 'applied'),
      lines('r2', 'rule tests ok', '2026-12-08T00:05:00Z', 'answer', 'rejected'),
      lines('r3', 'rule tests ok', '2026-12-08T00:03:00Z', 'answer'),
      lines('r4', 'rule no rm', '2026-12-08T00:02:00Z', 'answer', 'not-sent'),
      lines('r5', 'you', '2026-12-08T00:09:00Z', 'answer', 'applied'),
    ],
    [
      { name: 'tests ok', answered: 1, tried: 3, lastUsed: '2026-12-08T00:05:00Z' },
      { name: 'no rm', answered: 0, tried: 1, lastUsed: '2026-12-08T00:02:00Z' },
      { name: 'never used', answered: 0, tried: 0 },
    ],
  ],
  [
    'a timeout then a late ack counts as applied; one request answered twice counts once',
    [
      lines('r1', 'rule tests ok', '2026-12-08T00:01:00Z', 'answer', 'timeout', 'applied'),
      lines('r1', 'rule tests ok', '2026-12-08T00:02:00Z', 'answer', 'applied'),
    ],
    [
      { name: 'tests ok', answered: 1, tried: 1, lastUsed: '2026-12-08T00:02:00Z' },
      { name: 'no rm', answered: 0, tried: 0 },
      { name: 'never used', answered: 0, tried: 0 },
    ],
  ],
  [
    'a rule no longer in the file, a name that only starts like one, and a time that does not parse',
    [
      lines('r1', 'rule deleted one', '2026-12-08T00:01:00Z', 'answer', 'applied'),
      lines('r2', 'rule tests ok (2)', '2026-12-08T00:01:00Z', 'answer', 'applied'),
      lines('r3', 'rule tests ok', 'not a time', 'answer', 'applied'),
    ],
    [
      { name: 'tests ok', answered: 1, tried: 1 },
      { name: 'no rm', answered: 0, tried: 0 },
      { name: 'never used', answered: 0, tried: 0 },
    ],
  ],
];

describe('what each rule did, from the history', () => {
  for (const [title, groups, expected] of TABLE)
    it(title, () => {
      const text = groups
        .flat()
        .map((line) => `${line}\n`)
        .join('');
      const { decisions } = foldDecisions([text]);
      assert.deepEqual(ruleUsage(rules, decisions), expected);
    });
});
