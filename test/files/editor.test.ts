// `a` writes like a careful editor (files/editor.ts): a symlinked rules
// file is updated at its target and stays a link, the mode is 0600 or
// narrower, a read-only target is left alone and the rule given as JSON,
// two processes saving at once lose no rule, and no temporary file or lock
// is left behind (a crash's leftovers are cleaned at the next look).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
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
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { addRuleToFile } from '../../src/files/rules-file-write.js';
import { lockPath, withLock } from '../../src/files/lock.js';
import { cleanLeftovers } from '../../src/files/write.js';
import { parseRules, type Rule } from '../../src/protocol/rules.js';
import { tsChild } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

const run = promisify(execFile);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const rule: Rule = {
  name: 'codex npm test',
  match: { agent: 'codex', tool: 'Bash', command_prefix: 'npm test' },
  decide: { option: 'allow' },
};
const START = '{\n  "rules": [\n    {"name": "old", "match": {"agent": "a"}, "decide": "ask"}\n  ]\n}\n';

const fresh = () => mkdtempSync(join(tmpdir(), 'aep-console-editor-'));
const names = (path: string) => {
  const parsed = parseRules(readFileSync(path, 'utf8'));
  assert.ok(parsed.ok, 'still a valid rules file');
  return parsed.rules.map((r) => r.name);
};
/** Temporary files and locks in `dir` (none may be left). */
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock'));

describe('a saves the rule like an editor', () => {
  it('a symlinked rules file (dotfiles): the target gets the rule, the link stays a link, 0600', () => {
    const dir = fresh();
    const target = join(dir, 'dotfiles', 'rules.json');
    const link = join(dir, 'rules.json');
    mkdirSync(join(dir, 'dotfiles'));
    writeFileSync(target, START, { mode: 0o644 });
    symlinkSync(target, link);
    assert.deepEqual(addRuleToFile(link, rule), { ok: true });
    assert.ok(lstatSync(link).isSymbolicLink(), 'still a link');
    assert.equal(readlinkSync(link), target);
    assert.deepEqual(names(target), ['old', rule.name]);
    assert.equal(statSync(target).mode & 0o777, 0o600, '0644 narrowed to 0600');
    assert.deepEqual(leftovers(dir), []);
    assert.deepEqual(leftovers(join(dir, 'dotfiles')), []);
  });

  it('a read-only target is left alone, and the rule is given as JSON to add by hand', () => {
    const dir = fresh();
    const path = join(dir, 'rules.json');
    writeFileSync(path, START);
    chmodSync(path, 0o444);
    const saved = addRuleToFile(path, rule);
    assert.equal(saved.ok, false);
    const reason = saved.ok ? '' : saved.reason;
    assert.match(reason, /is read-only \(mode 0444\); add it by hand/);
    assert.ok(reason.includes(JSON.stringify({ name: rule.name, match: rule.match, decide: rule.decide })), reason);
    assert.equal(readFileSync(path, 'utf8'), START, 'not replaced');
    assert.equal(statSync(path).mode & 0o777, 0o444);
    assert.deepEqual(leftovers(dir), []);
  });

  it(
    'a root-owned read-only target behind a link (home-manager) is left alone too',
    { skip: !isRoot && 'needs root to chown' },
    () => {
      const dir = fresh();
      const target = join(dir, 'store-rules.json');
      writeFileSync(target, START);
      chmodSync(target, 0o444);
      chownSync(target, 0, 0);
      symlinkSync(target, join(dir, 'rules.json'));
      const saved = addRuleToFile(join(dir, 'rules.json'), rule);
      assert.equal(saved.ok, false);
      assert.match(saved.ok ? '' : saved.reason, /add it by hand: \{"name":"codex npm test"/);
      assert.equal(readFileSync(target, 'utf8'), START);
    },
  );

  it('an untrusted rules file (0666) is not written', () => {
    const dir = fresh();
    const path = join(dir, 'rules.json');
    writeFileSync(path, START);
    chmodSync(path, 0o666);
    const saved = addRuleToFile(path, rule);
    assert.match(saved.ok ? '' : saved.reason, /writable by group and others/);
    assert.equal(readFileSync(path, 'utf8'), START);
  });

  it('two processes saving rules at once lose none (50 each)', async () => {
    const dir = fresh();
    const path = join(dir, 'rules.json');
    writeFileSync(path, START, { mode: 0o600 });
    const child = join(import.meta.dirname, 'save-rules-child.ts');
    const [one, two] = await Promise.all(
      ['one', 'two'].map((prefix) =>
        run(process.execPath, [...tsChild(child), path, prefix, '50'], { timeout: patient(60_000) }),
      ),
    );
    assert.equal(one!.stdout.trim(), '50', one!.stderr);
    assert.equal(two!.stdout.trim(), '50', two!.stderr);
    const saved = names(path);
    assert.equal(saved.length, 101, 'every rule said saved is in the file');
    for (const prefix of ['one', 'two'])
      for (let i = 0; i < 50; i++) assert.ok(saved.includes(`${prefix}-${i}`), `${prefix}-${i}`);
    assert.deepEqual(leftovers(dir), []);
  });

  it('a crash mid-write: its temporary file and lock are cleaned at the next look, and the next save goes through', () => {
    const dir = fresh();
    const path = join(dir, 'rules.json');
    writeFileSync(path, START, { mode: 0o600 });
    const gone = 999_999_999;
    writeFileSync(join(dir, `.rules.json.aep-console.${gone}.0123456789ab.tmp`), '{"rules": [');
    writeFileSync(lockPath(path), `aep-console ${gone} 12345\n`);
    const alive = (pid: number) => pid !== gone;
    // A lock whose owner is gone is taken over (the save does not wait it out).
    assert.deepEqual(
      withLock(path, () => 'held', { alive, waitMs: 0 }),
      { ok: true, value: 'held' },
    );
    writeFileSync(lockPath(path), `aep-console ${gone} 12345\n`);
    assert.equal(cleanLeftovers(dir, alive), 2);
    assert.deepEqual(leftovers(dir), []);
    assert.deepEqual(addRuleToFile(path, rule), { ok: true });
    assert.deepEqual(names(path), ['old', rule.name]);
  });

  it('a live lock is waited for, then given up with words (never a silent save)', () => {
    const dir = fresh();
    const path = join(dir, 'rules.json');
    writeFileSync(lockPath(path), `aep-console ${process.pid} -\n`);
    const locked = withLock(path, () => 'never', { waitMs: 20 });
    assert.deepEqual(locked, { ok: false, why: 'is locked by another console' });
    assert.ok(readdirSync(dir).includes('.rules.json.aep-console.lock'), "another console's lock is not removed");
  });
});
