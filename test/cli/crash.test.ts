// The crash guard in isolation (fake process, streams and exit): what it does
// on an exception, a rejection and each stop signal, and what its report
// holds. The same paths in a real terminal: crash-pty.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installCrashGuard, RESTORE_SEQUENCE } from '../../src/cli/crash.js';
import { redactArgv, reportDirs, scrub } from '../../src/cli/crash-report.js';
import { settleWrites, track } from '../../src/files/pending.js';

const TOKEN = 'tok-crash-3e2d1c';
const FILE_TOKEN = 'tok-from-file-9a8b';

function harness(options: { argv?: string[]; env?: NodeJS.ProcessEnv } = {}) {
  const state = mkdtempSync(join(tmpdir(), 'aep-console-crash-'));
  const target = new EventEmitter();
  const out: string[] = [];
  const err: string[] = [];
  const exits: number[] = [];
  const rawModes: boolean[] = [];
  const stdin = { isTTY: true, isRaw: true, setRawMode: (mode: boolean) => rawModes.push(mode) };
  const guard = installCrashGuard({
    version: '9.9.9',
    argv: options.argv ?? ['--relay', 'http://127.0.0.1:1', '--token', TOKEN],
    env: { XDG_STATE_HOME: state, TERM: 'xterm', AEP_TOKEN: 'env-token-5f4e', ...options.env },
    stdin,
    stdout: { isTTY: true, write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    exit: (code) => exits.push(code),
    target,
  });
  const reports = () => readdirSync(join(state, 'aep-console')).map((name) => join(state, 'aep-console', name));
  return { guard, target, out, err, exits, rawModes, reports, state };
}

test('an uncaught exception: UI taken down, terminal restored, one line naming a 0600 report without the token, exit 1', () => {
  const h = harness();
  h.guard.addSecret(FILE_TOKEN);
  let closed = 0;
  h.guard.attachUi(() => closed++);
  h.target.emit(
    'uncaughtException',
    new Error(`boom with ${TOKEN}, ${FILE_TOKEN} and env-token-5f4e`, { cause: new Error(`inner ${TOKEN}`) }),
  );
  assert.equal(closed, 1);
  assert.deepEqual(h.rawModes, [false]);
  assert.deepEqual(h.out, [RESTORE_SEQUENCE]);
  assert.equal(
    RESTORE_SEQUENCE,
    '\u001b[?2026l\u001b[0m\u001b[?25h\u001b[?2004l\u001b[?1006l\u001b[?1000l',
    'sync ended, attributes reset, cursor shown, pastes no longer marked, no mouse reports',
  );
  assert.deepEqual(h.exits, [1]);
  assert.equal(h.err.length, 1);
  const [file] = h.reports();
  assert.equal(h.err[0], `aep-console: internal error (uncaught exception); crash report: ${file}\n`);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(join(h.state, 'aep-console')).mode & 0o777, 0o700);
  const report = readFileSync(file, 'utf8');
  for (const secret of [TOKEN, FILE_TOKEN, 'env-token-5f4e']) assert.ok(!report.includes(secret), secret);
  assert.match(report, /^aep-console crash report\nversion: 9\.9\.9\ntime: \d{4}-\d\d-\d\dT[\d:.]+Z\n/);
  assert.match(report, /what: uncaught exception/);
  assert.match(report, /argv: "--relay" "http:\/\/127\.0\.0\.1:1" "--token" "\[redacted\]"/);
  assert.match(report, /env: TERM=xterm AEP_TOKEN=\(set\)\n/);
  assert.match(report, /Error: boom with \[token\], \[token\] and \[token\]\n\s+at /);
  assert.match(report, /caused by: Error: inner \[token\]/);
});

test('an unhandled rejection of a non-Error, a --token=VALUE argument: scrubbed all the same', () => {
  const h = harness({ argv: [`--token=${TOKEN}`], env: { AEP_TOKEN: undefined } });
  h.target.emit('unhandledRejection', { reason: `Bearer ${TOKEN}`, header: 'Authorization: Bearer other-secret' });
  assert.deepEqual(h.exits, [1]);
  assert.match(h.err[0], /^aep-console: internal error \(unhandled rejection\); crash report: \S+\n$/);
  const report = readFileSync(h.reports()[0], 'utf8');
  assert.ok(!report.includes(TOKEN) && !report.includes('other-secret'));
  assert.match(report, /argv: "--token=\[redacted\]"/);
  assert.match(report, /thrown value: .*Bearer \[/);
});

test('no UI on screen (list, or before the first frame): no terminal escapes written, still one line and exit 1', () => {
  const h = harness();
  h.target.emit('uncaughtException', new Error('early'));
  assert.deepEqual(h.out, []);
  assert.equal(h.err.length, 1);
  assert.deepEqual(h.exits, [1]);
});

test('a UI that throws while being taken down: the terminal is restored anyway, below the frame', () => {
  const h = harness();
  h.guard.attachUi(() => {
    throw new Error('unmount failed');
  });
  h.target.emit('uncaughtException', new Error('boom'));
  assert.deepEqual(h.out, [`${RESTORE_SEQUENCE}\r\n`]);
  assert.deepEqual(h.rawModes, [false]);
  assert.deepEqual(h.exits, [1]);
});

test('a failure inside the crash path exits 1 without a second report', () => {
  const h = harness();
  h.guard.attachUi(() => h.target.emit('uncaughtException', new Error('again')));
  h.target.emit('uncaughtException', new Error('first'));
  assert.deepEqual(h.exits, [1, 1]);
  assert.equal(h.reports().length, 1);
  assert.equal(h.err.length, 1);
});

test('SIGTERM with the UI up: taken down the orderly way, one line, exit code 143 once the run returns; a second signal exits at once', () => {
  const h = harness();
  let closed = 0;
  const detach = h.guard.attachUi(() => closed++);
  h.target.emit('SIGTERM');
  assert.equal(closed, 1);
  assert.deepEqual(h.out, [RESTORE_SEQUENCE]);
  assert.deepEqual(h.err, ['aep-console: stopped by SIGTERM\n']);
  assert.deepEqual(h.exits, [], 'the run returns by itself (relay connections closed)');
  assert.equal(h.guard.stopCode(), 143);
  assert.throws(() => h.reports(), 'no crash report for a request to stop');
  detach();
  h.target.emit('SIGINT');
  assert.deepEqual(h.exits, [143]);
  assert.equal(h.err.length, 1);
  h.guard.dispose();
});

test('SIGHUP says nothing (the terminal is gone), exits 129; SIGINT and SIGQUIT sent with kill: 130 and 131', () => {
  const hup = harness();
  let drawn = 0;
  hup.guard.attachUi(() => drawn++);
  hup.target.emit('SIGHUP');
  assert.deepEqual(hup.err, []);
  assert.deepEqual(hup.out, [], 'nothing is written to a terminal that is gone');
  assert.equal(drawn, 0, 'the UI is not redrawn (that write would fail with EIO)');
  assert.deepEqual(hup.rawModes, [false]);
  assert.deepEqual(hup.exits, [129]);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGQUIT', 131],
  ] as const) {
    const h = harness();
    h.target.emit(signal);
    assert.deepEqual(h.exits, [code], 'no UI: exits at once');
    assert.deepEqual(h.err, [`aep-console: stopped by ${signal}\n`]);
    assert.deepEqual(h.out, []);
  }
});

test('a closed terminal (EIO on a write) is a hang-up: exit 129, no report, nothing written', () => {
  const h = harness();
  h.guard.attachUi(() => {});
  const eio = Object.assign(new Error('write EIO'), { code: 'EIO', syscall: 'write' });
  h.target.emit('uncaughtException', eio);
  assert.deepEqual(h.exits, [129]);
  assert.deepEqual(h.err, []);
  assert.deepEqual(h.out, []);
  assert.throws(() => h.reports(), 'no report directory was even created');
  const other = harness();
  other.target.emit('uncaughtException', Object.assign(new Error('read EIO'), { code: 'EIO', syscall: 'read' }));
  assert.deepEqual(other.exits, [1], 'an EIO that is not a write to the terminal is still a crash');
});

test('dispose removes every handler', () => {
  const h = harness();
  h.guard.dispose();
  for (const event of ['uncaughtException', 'unhandledRejection', 'SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT']) {
    assert.equal(h.target.listenerCount(event), 0, event);
  }
});

test('scrub, redactArgv and where reports go', () => {
  assert.equal(scrub('a abc abcd', ['abc', 'abcd']), 'a [token] [token]');
  assert.equal(scrub('authorization: Bearer xyz.123', []), 'authorization: Bearer [redacted]');
  assert.deepEqual(redactArgv(['list', '--token', 't', '-token=u', '--token']), [
    'list',
    '--token',
    '[redacted]',
    '-token=[redacted]',
    '--token',
  ]);
  assert.deepEqual(reportDirs({ XDG_STATE_HOME: '/s', HOME: '/h' }).slice(0, 1), ['/s/aep-console']);
  assert.deepEqual(reportDirs({ XDG_STATE_HOME: 'relative', HOME: '/h' }).slice(0, 1), ['/h/.local/state/aep-console']);
  assert.equal(reportDirs({ HOME: '/h' }).at(-1), tmpdir());
});

test('a state directory that is a symlink is not written through: the report goes to the temp directory', () => {
  const base = mkdtempSync(join(tmpdir(), 'aep-console-crash-link-'));
  const elsewhere = join(base, 'elsewhere');
  mkdirSync(elsewhere, { mode: 0o700 });
  symlinkSync(elsewhere, join(base, 'aep-console'));
  const h = harness({ env: { XDG_STATE_HOME: base } });
  h.target.emit('uncaughtException', new Error('boom'));
  assert.deepEqual(readdirSync(elsewhere), [], 'nothing written through the link');
  const file = /crash report: (\S+)\n$/.exec(h.err[0])?.[1];
  assert.ok(file && file.startsWith(tmpdir()) && !file.startsWith(base), h.err[0]);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  rmSync(file);
});

test('SIGHUP right after an answer: the exit waits for the journal write under way, then 129', async () => {
  const h = harness();
  let finish!: () => void;
  track(new Promise<void>((resolve) => (finish = resolve)));
  h.target.emit('SIGHUP');
  assert.deepEqual(h.exits, [], 'not gone while a write is under way');
  finish();
  await settleWrites();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(h.exits, [129]);
  h.guard.dispose();
});
