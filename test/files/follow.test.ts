// Rules follow their file (cli/rules-watch.ts): an edit is picked up on the
// next poll, a bad edit keeps the rules in force and says why, and the UI
// keeps the rules made here with `a` across a reload (rule-state.ts).
// Fake timers: no sleeps.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, mock } from 'node:test';
import { followRules, RULES_POLL_MS, type RulesFileUpdate } from '../../src/cli/rules-watch.js';
import { initialRules, rulesStatus, withFileRules } from '../../src/ui/rules/rule-state.js';
import type { Rule } from '../../src/protocol/rules.js';

const rule = (name: string, agent = 'codex'): Rule => ({ name, match: { agent }, decide: 'ask' });
const text = (...rules: Rule[]) => `${JSON.stringify({ rules })}\n`;

describe('rules follow their file', () => {
  it('an edit is picked up within one poll; a bad edit is kept out and said; the fix is picked up', () => {
    mock.timers.enable({ apis: ['setInterval'] });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'aep-console-follow-'));
      const path = join(dir, 'rules.json');
      writeFileSync(path, text(rule('one')), { mode: 0o600 });
      const heard: RulesFileUpdate[] = [];
      const stop = followRules(path, {})((update) => heard.push(update));
      mock.timers.tick(RULES_POLL_MS);
      assert.equal(heard.length, 0, 'nothing changed: nothing told');
      // An editor's save: a new file renamed over the old one.
      writeFileSync(join(dir, 'new.json'), text(rule('one'), rule('two')), { mode: 0o600 });
      renameSync(join(dir, 'new.json'), path);
      mock.timers.tick(RULES_POLL_MS);
      assert.deepEqual(
        heard.map((u) => u.rules?.map((r) => r.name)),
        [['one', 'two']],
      );
      writeFileSync(path, '{"rules": [', { mode: 0o600 });
      mock.timers.tick(RULES_POLL_MS);
      assert.equal(heard[1]!.rules, undefined, 'a bad edit brings no rules');
      assert.match(
        heard[1]!.note ?? '',
        /^rules edit not used, the rules in force stay: rules file .*rules\.json: not JSON/,
      );
      writeFileSync(path, text(rule('three')), { mode: 0o600 });
      chmodSync(path, 0o666);
      mock.timers.tick(RULES_POLL_MS);
      assert.match(heard[2]!.note ?? '', /writable by group and others/, 'a file no longer trusted is kept out too');
      chmodSync(path, 0o600);
      mock.timers.tick(RULES_POLL_MS);
      assert.deepEqual(
        heard[3]!.rules?.map((r) => r.name),
        ['three'],
      );
      stop();
    } finally {
      mock.timers.reset();
    }
  });

  it("the rules in force: the file's replaced, the ones made here kept, a bad edit keeps them and says why", () => {
    const start = initialRules([rule('one'), rule('two')], true)!;
    const made = { ...start, rules: [...start.rules, rule('this run', 'claude')] };
    const edited = withFileRules(made, [rule('two'), rule('three')], undefined)!;
    assert.deepEqual(
      edited.rules.map((r) => r.name),
      ['two', 'three', 'this run'],
    );
    assert.equal(edited.auto, true, 'AUTO stays as the operator set it');
    const bad = withFileRules(edited, undefined, 'rules edit not used, the rules in force stay: not JSON')!;
    assert.deepEqual(
      bad.rules.map((r) => r.name),
      ['two', 'three', 'this run'],
    );
    assert.match(rulesStatus(bad) ?? '', /^AUTO . rules edit not used/);
    const fixed = withFileRules(bad, [rule('two'), rule('three'), rule('this run', 'claude')], undefined)!;
    assert.deepEqual(
      fixed.rules.map((r) => r.name),
      ['two', 'three', 'this run'],
      "a rule saved with a is the file's once it is there: not twice",
    );
    assert.equal(fixed.fileNote, undefined, 'a good edit clears the note');
  });

  it('an untrusted file at start: no rules, and the status line says they are not used', () => {
    const none = initialRules(
      [],
      false,
      'rules not used: rules file /x/rules.json is writable by group and others (mode 0666)',
    )!;
    assert.equal(
      rulesStatus(none),
      'rules not used: rules file /x/rules.json is writable by group and others (mode 0666)',
    );
  });
});
