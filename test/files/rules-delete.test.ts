// The rules screen's delete (`rules.delete`): one rule taken out of the
// rules file, written as `a` writes (the editor's save: under the lock, a
// fresh read, atomic replace, a symlink kept, the mode kept), every other
// byte kept: a rule `a` added and then deleted leaves the file as it was.
// A rule edited in the file since it was shown is not removed. `a` writes a
// rule's end as `"until"` in RFC 3339 UTC, and it reads back.
import assert from 'node:assert/strict';
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  addRuleToFile,
  deleteRuleFromFile,
  deleteRuleIn,
  ruleText,
  withRuleAdded,
  withRuleDeleted,
} from '../../src/files/rules-file-write.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';

const made: Rule = {
  name: 'codex npm test',
  match: { agent: 'codex', tool: 'Bash', command_prefix: 'npm test' },
  decide: { option: 'allow' },
};
const hour: Rule = { ...made, name: 'codex npm test (1h)', until: Date.UTC(2026, 11, 8, 1, 30) };

/** Files as people write them: pretty, one line, tabs, CRLF, blank lines, an empty array. */
const LAYOUTS: Record<string, string> = {
  pretty:
    '{\n  "rules": [\n    {"name": "old", "match": {"agent": "a"}, "decide": "ask"},\n    {"name": "two", "match": {"agent": "b"}, "decide": "deny"}\n  ]\n}\n',
  'one line': '{"rules":[{"name":"old","match":{"agent":"a"},"decide":"ask"}]}',
  tabs: '{\n\t"rules": [\n\t\t{\n\t\t\t"name": "old",\n\t\t\t"match": {"agent": "a]"},\n\t\t\t"decide": "ask"\n\t\t}\n\t]\n}\n',
  'an empty array': '{"rules": []}\n',
  'no rules yet, written by a': '',
};

describe('a rule `a` adds, deleted, leaves the file as it was', () => {
  for (const [layout, text] of Object.entries(LAYOUTS))
    for (const rule of [made, hour])
      it(`${layout}, ${rule.until !== undefined ? 'with an end' : 'no end'}`, () => {
        const added = withRuleAdded(text, rule);
        assert.ok(added.ok);
        const read = parseRules(added.text);
        assert.ok(read.ok);
        assert.deepEqual(read.rules.at(-1), rule, 'the rule reads back, its end included');
        const deleted = withRuleDeleted(added.text, rule);
        assert.ok(deleted.ok, deleted.ok ? '' : deleted.reason);
        // A file `a` made from nothing is left as an empty rules file.
        assert.equal(deleted.text, text === '' ? '{\n  "rules": []\n}\n' : text);
      });
});

describe('deleting one rule keeps every other byte', () => {
  const text =
    '{\n  "rules": [\n    {"name": "one", "match": {"agent": "a"}, "decide": "ask"},\n    {"name": "two", "match": {"agent": "b"}, "decide": "deny", "until": "2026-12-08T01:00:00Z"},\n    {"name": "three", "match": {"agent": "c", "path": "docs/**"}, "decide": {"option": "allow"}}\n  ]\n}\n';
  const rules = parseRules(text);
  assert.ok(rules.ok);
  const table: Array<[string, string]> = [
    [
      'one',
      '{\n  "rules": [\n    {"name": "two", "match": {"agent": "b"}, "decide": "deny", "until": "2026-12-08T01:00:00Z"},\n    {"name": "three", "match": {"agent": "c", "path": "docs/**"}, "decide": {"option": "allow"}}\n  ]\n}\n',
    ],
    [
      'two',
      '{\n  "rules": [\n    {"name": "one", "match": {"agent": "a"}, "decide": "ask"},\n    {"name": "three", "match": {"agent": "c", "path": "docs/**"}, "decide": {"option": "allow"}}\n  ]\n}\n',
    ],
    [
      'three',
      '{\n  "rules": [\n    {"name": "one", "match": {"agent": "a"}, "decide": "ask"},\n    {"name": "two", "match": {"agent": "b"}, "decide": "deny", "until": "2026-12-08T01:00:00Z"}\n  ]\n}\n',
    ],
  ];
  for (const [name, expected] of table)
    it(`"${name}"`, () => {
      const deleted = withRuleDeleted(
        text,
        rules.rules.find((r) => r.name === name)!,
      );
      assert.deepEqual(deleted, { ok: true, text: expected });
    });
  it('a rule edited since it was shown is left alone', () => {
    const shown = { ...rules.rules[0]!, decide: 'deny' as const };
    const deleted = withRuleDeleted(text, shown);
    assert.equal(deleted.ok, false);
    if (!deleted.ok) assert.match(deleted.reason, /different rule "one" now/);
  });
  it('a rule no longer in the file: nothing removed, said', () => {
    const deleted = withRuleDeleted(text, { ...made, name: 'gone' });
    assert.equal(deleted.ok, false);
    if (!deleted.ok) assert.match(deleted.reason, /holds no rule "gone"/);
  });
  it('a key given twice: the rules JSON reads (the last) are the ones cut from', () => {
    const twice =
      '{"rules": [{"name": "x", "match": {"agent": "a"}, "decide": "ask"}], "rules": [{"name": "one", "match": {"agent": "a"}, "decide": "ask"}, {"name": "y", "match": {"agent": "a"}, "decide": "ask"}]}';
    const deleted = withRuleDeleted(twice, rules.rules[0]!);
    assert.deepEqual(deleted, {
      ok: true,
      text: '{"rules": [{"name": "x", "match": {"agent": "a"}, "decide": "ask"}], "rules": [{"name": "y", "match": {"agent": "a"}, "decide": "ask"}]}',
    });
  });
});

describe('deleting from the file on disk, as `a` saves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aep-console-rules-delete-'));
  it('a symlinked rules file: the target loses the rule, the link stays, the mode is kept, nothing left beside it', () => {
    const target = join(dir, 'target.json');
    const link = join(dir, 'rules.json');
    writeFileSync(target, LAYOUTS.pretty!, { mode: 0o600 });
    symlinkSync(target, link);
    assert.deepEqual(addRuleToFile(link, hour), { ok: true });
    assert.match(readFileSync(target, 'utf8'), /"until":"2026-12-08T01:30:00Z"/);
    const remove = deleteRuleIn(link)!;
    assert.deepEqual(remove(hour), { ok: true, path: link });
    assert.equal(readFileSync(target, 'utf8'), LAYOUTS.pretty);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), target);
    assert.equal(statSync(target).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(dir).sort(), ['rules.json', 'target.json']);
  });
  it('a file that is gone is not made again', () => {
    const path = join(dir, 'sub', 'rules.json');
    const deleted = deleteRuleFromFile(path, made);
    assert.equal(deleted.ok, false);
    assert.throws(() => lstatSync(join(dir, 'sub')));
  });
  it('no rules file at all: nothing to delete from', () => assert.equal(deleteRuleIn(undefined), undefined));
  it('the rule `a` writes, as JSON', () =>
    assert.equal(
      ruleText(hour),
      '{"name":"codex npm test (1h)","match":{"agent":"codex","tool":"Bash","command_prefix":"npm test"},"decide":{"option":"allow"},"until":"2026-12-08T01:30:00Z"}',
    ));
});
