// `a`, "Always answer like this?", pure parts: the scopes made
// from a request, and the rule added to the file keeping the operator's text.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import { addRuleToFile, withRuleAdded } from '../../src/files/rules-file-write.js';
import { commandPrefixOf, ruleScopes } from '../../src/store/rule-scopes.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { CauseState } from '../../src/store/cause.js';
import { requestEvent } from '../relay/helpers.js';

const RELAY = 'http://relay.test';
const CAUSE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

function requests(n: number, run = 'r1') {
  const store = new ConsoleStore({ now: () => 0 });
  for (let i = 0; i < n; i++) store.applyEvent(RELAY, requestEvent({ cause: CAUSE, run, session: 's1' }));
  return store.allRequests();
}
const causeOf = (
  record: { cause?: string; source: string; agent: string; session: string; time: string },
  command = 'npm test -- --ci',
): CauseState => ({
  state: 'event',
  event: {
    aep: '0.1',
    id: record.cause!,
    type: 'tool.requested',
    time: record.time,
    source: record.source,
    agent: record.agent,
    session: record.session,
    data: { tool: { name: 'Bash' }, args: { command } },
  },
});

describe('the scopes', () => {
  it('four rules, narrowest first, each counted against the open requests', () => {
    const [a, b] = requests(2);
    const open = [a!, b!].map((record) => ({ record, cause: causeOf(record) }));
    const scopes = ruleScopes(a!, 'allow', causeOf(a!), open, new Set());
    assert.deepEqual(
      scopes.map((s) => s.kind),
      ['run', 'session', 'agent-tool', 'agent-tool-prefix'],
    );
    assert.deepEqual(
      scopes.map((s) => s.matches),
      [2, 2, 2, 2],
    );
    assert.deepEqual(scopes[2]!.rule?.match, { agent: 'claude-code', tool: 'Bash' });
    assert.deepEqual(scopes[3]!.rule?.match, { agent: 'claude-code', tool: 'Bash', command_prefix: 'npm test' });
    assert.equal(scopes[0]!.rule?.run, 'r1');
    assert.deepEqual(scopes[1]!.rule?.match, { source: a!.source, session: 's1', kind: 'permission', tool: 'Bash' });
    for (const s of scopes) assert.deepEqual(s.rule?.decide, { option: 'allow' });
  });
  it('the run scope matches that run only', () => {
    const [a] = requests(1, 'r1');
    const [other] = requests(1, 'r2');
    const scopes = ruleScopes(
      a!,
      'allow',
      causeOf(a!),
      [a!, other!].map((record) => ({ record, cause: causeOf(record) })),
      new Set(),
    );
    assert.equal(scopes[0]!.matches, 1);
  });
  it('no readable cause: no tool scopes, and why', () => {
    const [a] = requests(1);
    const scopes = ruleScopes(a!, 'allow', { state: 'unreadable', reason: 'refused' }, [], new Set());
    assert.equal(scopes[2]!.rule, undefined);
    assert.match(scopes[2]!.why ?? '', /no tool/);
    assert.equal(scopes[3]!.rule, undefined);
  });
  it('a chained command gives no prefix scope', () => {
    const [a] = requests(1);
    assert.equal(ruleScopes(a!, 'allow', causeOf(a!, 'npm test && rm -rf ~'), [], new Set())[3]!.rule, undefined);
  });
  it('names are unique', () => {
    const [a] = requests(1);
    const first = ruleScopes(a!, 'allow', causeOf(a!), [], new Set())[2]!.rule!.name;
    assert.notEqual(ruleScopes(a!, 'allow', causeOf(a!), [], new Set([first]))[2]!.rule!.name, first);
  });
  const prefixes: Array<[string, string | undefined]> = [
    ['npm test -- --ci', 'npm test'],
    ['ls -la', 'ls'],
    ['git status', 'git status'],
    ['npm test; rm x', undefined],
    ['   ', undefined],
  ];
  for (const [command, expected] of prefixes)
    it(`prefix of ${JSON.stringify(command)}`, () => assert.equal(commandPrefixOf(command), expected));
});

const rule: Rule = {
  name: 'allow claude-code Bash npm test',
  match: { agent: 'claude-code', tool: 'Bash', command_prefix: 'npm test' },
  decide: { option: 'allow' },
  run: 'never-written',
};

describe('adding to the rules file', () => {
  it("keeps the operator's text byte for byte and appends the rule", () => {
    const text = '{\n  "rules": [\n    { "name": "x",   "match": {"agent": "a"}, "decide": "ask" }\n  ]\n}\n';
    const next = withRuleAdded(text, rule);
    assert.ok(next.ok);
    assert.ok(
      next.text.startsWith(
        '{\n  "rules": [\n    { "name": "x",   "match": {"agent": "a"}, "decide": "ask" },\n    {"name":"allow claude-code Bash npm test"',
      ),
      next.text,
    );
    const parsed = parseRules(next.text);
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.rules.map((r) => r.name),
      ['x', rule.name],
    );
    assert.equal(parsed.rules[1]!.run, undefined, 'a run is never written');
  });
  it('an empty array and no file at all', () => {
    const empty = withRuleAdded('{"rules": []}', rule);
    assert.ok(empty.ok && parseRules(empty.text).ok);
    const none = withRuleAdded(undefined, rule);
    assert.ok(none.ok);
    const parsed = parseRules(none.text);
    assert.ok(parsed.ok && parsed.rules.length === 1);
  });
  it('a file that is not a valid rules file is left alone', () => {
    assert.equal(withRuleAdded('{"rules": [', rule).ok, false);
  });
  it('written atomically, 0600 or the narrower mode it had (a new one 0600, its directory made)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-always-'));
    const path = join(dir, 'config', 'aep-console', 'rules.json');
    assert.deepEqual(addRuleToFile(path, rule), { ok: true });
    assert.equal(statSync(path).mode & 0o777, 0o600);
    const kept = join(dir, 'kept.json');
    writeFileSync(kept, '{"rules": []}', { mode: 0o640 });
    assert.deepEqual(addRuleToFile(kept, rule), { ok: true });
    assert.equal(statSync(kept).mode & 0o777, 0o600, '0640: narrowed to 0600');
    const parsed = parseRules(readFileSync(kept, 'utf8'));
    assert.ok(parsed.ok && parsed.rules[0]!.name === rule.name);
    assert.equal(addRuleToFile(dir, rule).ok, false, 'a directory is no rules file');
  });
});
