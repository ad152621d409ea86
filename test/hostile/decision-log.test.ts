// The decision history file with real files: appended, never
// rewritten; a torn last line (a crash mid-write) skipped and reported, and
// the next line starts on its own; rotation at the size limit with one
// previous file kept; and the outbox's ownership rules: a history reached
// through a symlink, in a directory writable by everyone, writable by
// others, a FIFO, or owned by another user is neither read nor written.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DecisionLog } from '../../src/files/decision-log.js';
import type { DecisionLine, OutcomeLine } from '../../src/store/decisions.js';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const fresh = () => join(mkdtempSync(join(tmpdir(), 'aep-console-hist-')), 'aep-console');

function decision(id: string, prompt = 'Run npm test?'): DecisionLine {
  return {
    t: 'decision',
    time: '2026-12-01T10:00:00.000Z',
    relay: 'http://127.0.0.1:8787',
    source: 'aep://h/agent/codex',
    agent: 'codex',
    session: 's1',
    request: `req-${id}`,
    kind: 'permission',
    prompt,
    action: 'answer',
    sent: { option: 'allow' },
    by: 'you',
    command_id: id,
    capture: 'redacted',
  };
}
const applied = (id: string): OutcomeLine => ({
  t: 'outcome',
  command_id: id,
  time: '2026-12-01T10:00:01.000Z',
  state: 'applied',
  option: 'allow',
  latency_ms: 1000,
});

describe('the history file', () => {
  it('is made 0600 in a 0700 directory, appended to, and read back folded', async () => {
    const dir = fresh();
    const log = new DecisionLog(dir);
    assert.deepEqual(await log.append([decision('c1')]), { ok: true });
    assert.deepEqual(await log.append([applied('c1'), decision('c2')]), { ok: true });
    assert.equal(statSync(log.file).mode & 0o777, 0o600);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(readFileSync(log.file, 'utf8').split('\n').length, 4, 'three lines, each ending in a newline');
    const read = log.read();
    assert.deepEqual(
      read.decisions.map((d) => [d.command_id, d.outcomes.length]),
      [
        ['c1', 1],
        ['c2', 0],
      ],
    );
    assert.equal(read.torn, false);
    assert.deepEqual(read.problems, []);
  });

  it('a torn last line (a crash mid-write) is skipped and reported; the next decision starts on a line of its own', async () => {
    const log = new DecisionLog(fresh());
    await log.append([decision('c1')]);
    appendFileSync(log.file, JSON.stringify(applied('c1')).slice(0, 40));
    const torn = log.read();
    assert.equal(torn.torn, true);
    assert.equal(torn.decisions[0].outcomes.length, 0, 'the torn outcome is not read');
    // A new console appends: the torn fragment is closed off, not glued to the new line.
    const next = new DecisionLog(log.dir);
    await next.append([decision('c2')]);
    const read = next.read();
    assert.equal(read.torn, false);
    assert.equal(read.skipped, 1, 'the fragment is now a whole bad line: skipped and counted');
    assert.deepEqual(
      read.decisions.map((d) => d.command_id),
      ['c1', 'c2'],
    );
  });

  it('lines that are not history (not JSON, wrong shape, an outcome of no decision) are skipped and counted', async () => {
    const log = new DecisionLog(fresh());
    await log.append([decision('c1')]);
    appendFileSync(log.file, 'not json\n{"t":"decision"}\n[1]\n' + JSON.stringify(applied('nobody')) + '\n');
    const read = log.read();
    assert.equal(read.skipped, 4);
    assert.equal(read.decisions.length, 1);
  });

  it('rotates at the size limit: the current file becomes the previous one (one kept), both read, oldest first', async () => {
    const line = Buffer.byteLength(JSON.stringify(decision('c00')) + '\n');
    const log = new DecisionLog(fresh(), { maxBytes: line * 3 });
    for (let i = 0; i < 10; i++)
      assert.deepEqual(await log.append([decision(`c${String(i).padStart(2, '0')}`)]), { ok: true });
    assert.ok(statSync(log.file).size <= line * 3);
    assert.ok(existsSync(log.previous));
    assert.equal(statSync(log.previous).mode & 0o777, 0o600);
    assert.ok(!existsSync(`${log.previous}.1`), 'only one previous file');
    // 10 lines, 3 a file: c09 alone in the current file, c06-c08 in the previous one; c00-c05 are gone.
    assert.deepEqual(
      log.read().decisions.map((d) => d.command_id),
      ['c06', 'c07', 'c08', 'c09'],
    );
  });

  it('the default limit is 10 MB', async () => {
    const log = new DecisionLog(fresh());
    await log.append([decision('c1')]);
    writeFileSync(log.file, `${JSON.stringify(decision('big', 'x'.repeat(10 * 1024 * 1024 - 350)))}\n`);
    await log.append([decision('c2')]);
    assert.ok(existsSync(log.previous), 'rotated past 10 MB');
    assert.deepEqual(
      new DecisionLog(log.dir).read().decisions.map((d) => d.command_id),
      ['big', 'c2'],
    );
  });

  const refuses = (name: string, prepare: (dir: string, file: string) => void, why: RegExp) =>
    it(`refuses ${name}: not read, not written, and says why`, async () => {
      const dir = fresh();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const log = new DecisionLog(dir);
      prepare(dir, log.file);
      // Read only a regular file: reading the FIFO would block this test (the log itself never does).
      const before = existsSync(log.file) && lstatSync(log.file).isFile() ? readFileSync(log.file, 'utf8') : undefined;
      const appended = await log.append([decision('c1')]);
      assert.equal(appended.ok, false);
      assert.match(appended.ok ? '' : appended.why, why);
      const read = log.read();
      assert.deepEqual(read.decisions, []);
      assert.equal(read.problems.length, 1);
      assert.match(read.problems[0], why);
      if (before !== undefined) assert.equal(readFileSync(log.file, 'utf8'), before, 'left as it was');
    });

  const planted = `${JSON.stringify(decision('planted', 'planted by someone else'))}\n`;
  refuses(
    'a history file that is a symlink',
    (dir, file) => {
      const elsewhere = join(dir, '..', 'elsewhere.jsonl');
      writeFileSync(elsewhere, planted, { mode: 0o600 });
      symlinkSync(elsewhere, file);
    },
    /symlink/,
  );
  refuses(
    'a state directory that is a symlink',
    (dir) => {
      const real = `${dir}-real`;
      mkdirSync(real, { mode: 0o700 });
      writeFileSync(join(real, 'history.jsonl'), planted, { mode: 0o600 });
      spawnSync('rm', ['-rf', dir]);
      symlinkSync(real, dir);
    },
    /symlink/,
  );
  refuses(
    'a state directory writable by everyone (0777)',
    (dir, file) => {
      writeFileSync(file, planted, { mode: 0o600 });
      chmodSync(dir, 0o777);
    },
    /writable by group and others \(mode 0777\)/,
  );
  refuses(
    'a history file writable by others (0666)',
    (_dir, file) => {
      writeFileSync(file, planted);
      chmodSync(file, 0o666);
    },
    /writable by group and others \(mode 0666\)/,
  );
  refuses(
    'a FIFO in its place (without blocking)',
    (_dir, file) => {
      assert.equal(spawnSync('mkfifo', [file]).status, 0);
    },
    /FIFO/,
  );
  it('refuses a history file owned by another user (as root)', { skip: !isRoot && 'needs root to chown' }, async () => {
    const dir = fresh();
    const log = new DecisionLog(dir);
    await log.append([decision('c1')]);
    chownSync(log.file, 12345, 12345);
    const appended = await log.append([decision('c2')]);
    assert.equal(appended.ok, false);
    assert.match(appended.ok ? '' : appended.why, /owned by uid 12345, not by you/);
    assert.match(log.read().problems[0], /owned by uid 12345/);
  });
  it(
    'refuses a state directory owned by another user (/, owned by root, when not root)',
    { skip: isRoot && 'root owns /' },
    async () => {
      const log = new DecisionLog('/');
      const appended = await log.append([decision('c1')]);
      assert.equal(appended.ok, false);
      assert.match(appended.ok ? '' : appended.why, /^\/ is owned by uid 0, not by you/);
      assert.match(log.read().problems[0], /owned by uid 0/);
    },
  );
  it(
    'refuses a state directory owned by another user (as root)',
    { skip: !isRoot && 'needs root to chown' },
    async () => {
      const dir = fresh();
      const log = new DecisionLog(dir);
      await log.append([decision('c1')]);
      chownSync(dir, 12345, 12345);
      assert.equal((await log.append([decision('c2')])).ok, false);
      assert.match(log.read().problems[0], /owned by uid 12345/);
    },
  );
});
