// Hostile input V, "cleanup touches only the console's own leftovers": at
// start the console removes, beside the rules file, only files marked
// `aep-console` that are the user's, a lock only when it names a process
// (pid and start time) that no longer runs; names of earlier versions only
// inside its state directory. Another program's lock and temporary files
// (shaped like the console's old names) are never touched.
import assert from 'node:assert/strict';
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cleanAtStart } from '../../src/cli/console.js';
import type { ConsoleOptions } from '../../src/cli/options.js';
import { lockPath, withLock } from '../../src/files/lock.js';
import { processStart } from '../../src/files/process-start.js';
import { tempPath } from '../../src/files/write.js';

const root = mkdtempSync(join(tmpdir(), 'aep-leftovers-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Above any pid_max: no process has it. */
const GONE = 9_999_999;
const LONG_AGO = new Date(Date.now() - 3_600_000);

function fresh(name: string): { rules: string; state: string; env: NodeJS.ProcessEnv } {
  const dir = join(root, name);
  const stateHome = join(dir, 'state-home');
  mkdirSync(join(stateHome, 'aep-console'), { recursive: true, mode: 0o700 });
  const rules = join(dir, 'D');
  mkdirSync(rules, { mode: 0o700 });
  writeFileSync(join(rules, 'rules.json'), '{"rules": []}\n', { mode: 0o600 });
  return { rules, state: join(stateHome, 'aep-console'), env: { XDG_STATE_HOME: stateHome, HOME: dir } };
}

function put(dir: string, name: string, text: string, old = false): void {
  writeFileSync(join(dir, name), text, { mode: 0o600 });
  if (old) utimesSync(join(dir, name), LONG_AGO, LONG_AGO);
}

const start = (rules: string, env: NodeJS.ProcessEnv) =>
  cleanAtStart({ command: 'console', rulesPath: join(rules, 'rules.json') } as ConsoleOptions, env);

test("another program's lock and temporary files beside the rules file are untouched at start", () => {
  const { rules, env } = fresh('others');
  put(rules, '.myeditor.lock', `${GONE}\n`, true);
  put(rules, 'report.0123456789ab.tmp', 'a report', true);
  put(rules, '.notes.txt.4242.aaaaaaaaaaaa.tmp', 'notes', true);
  put(rules, `.notes.txt.${GONE}.aaaaaaaaaaaa.tmp`, 'notes', true);
  put(rules, '.rules.json.lock', `${GONE}\n`, true);
  put(rules, `.rules.json.${GONE}.0123456789ab.tmp`, '{', true);
  const before = readdirSync(rules).sort();
  start(rules, env);
  assert.deepEqual(readdirSync(rules).sort(), before);
});

test("the console's own leftovers beside the rules file are removed; a marked name holding something else is not", () => {
  const { rules, env } = fresh('own');
  put(rules, `.rules.json.aep-console.${GONE}.0123456789ab.tmp`, '{"rules": [');
  put(rules, '.rules.json.aep-console.lock', `aep-console ${GONE} 12345\n`);
  // Marked names that are not the console's leftovers: a lock without the marker inside, a live temporary file.
  put(rules, '.other.json.aep-console.lock', `${GONE}\n`);
  put(rules, `.other.json.aep-console.${process.ppid}.0123456789ab.tmp`, 'live');
  start(rules, env);
  assert.deepEqual(readdirSync(rules).sort(), [
    `.other.json.aep-console.${process.ppid}.0123456789ab.tmp`,
    '.other.json.aep-console.lock',
    'rules.json',
  ]);
});

test('a lock is removed only when no process with its pid and start time runs', () => {
  const { rules, env } = fresh('locks');
  const parent = process.ppid;
  const started = processStart(parent);
  put(rules, '.a.aep-console.lock', `aep-console ${parent} ${started ?? '-'}\n`);
  if (started !== undefined) put(rules, '.b.aep-console.lock', `aep-console ${parent} ${Number(started) + 1}\n`);
  start(rules, env);
  const left = readdirSync(rules);
  assert.ok(left.includes('.a.aep-console.lock'), "a running console's lock stays");
  assert.ok(!left.includes('.b.aep-console.lock'), 'a lock whose pid now names another process goes');
});

test("a marked file that is not the user's own regular file is left alone", () => {
  const { rules, env } = fresh('foreign');
  put(rules, `.x.aep-console.${GONE}.0123456789ab.tmp`, 'theirs');
  if (process.getuid?.() === 0) chownSync(join(rules, `.x.aep-console.${GONE}.0123456789ab.tmp`), 4321, 4321);
  else rmSync(join(rules, `.x.aep-console.${GONE}.0123456789ab.tmp`));
  put(rules, 'target', 'kept');
  symlinkSync(join(rules, 'target'), join(rules, `.y.aep-console.${GONE}.0123456789ab.tmp`));
  start(rules, env);
  const left = readdirSync(rules);
  assert.ok(left.includes(`.y.aep-console.${GONE}.0123456789ab.tmp`), 'a link is not removed');
  if (process.getuid?.() === 0)
    assert.ok(left.includes(`.x.aep-console.${GONE}.0123456789ab.tmp`), "another user's file");
});

test('names of earlier versions are removed inside the state directory only', () => {
  const { rules, state, env } = fresh('state');
  for (const dir of [state, rules]) {
    put(dir, `.history.jsonl.${GONE}.0123456789ab.tmp`, '{', true);
    put(dir, 'outbox-1.jsonl.0123456789ab.tmp', '{', true);
    put(dir, '.history.jsonl.lock', `${GONE}\n`, true);
  }
  put(state, 'keep.txt', 'not a leftover');
  start(rules, env);
  assert.deepEqual(readdirSync(state), ['keep.txt']);
  assert.equal(readdirSync(rules).length, 4, 'the same names beside the rules file stay');
});

test('the names the console now makes carry the marker', () => {
  const { rules } = fresh('names');
  const target = join(rules, 'rules.json');
  assert.match(tempPath(target), /\/\.rules\.json\.aep-console\.\d+\.[0-9a-f]{12}\.tmp$/);
  assert.match(lockPath(target), /\/\.rules\.json\.aep-console\.lock$/);
  const held = withLock(target, () => readdirSync(rules).find((n) => n.endsWith('.lock')));
  assert.deepEqual(held, { ok: true, value: '.rules.json.aep-console.lock' });
});
