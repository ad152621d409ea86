// Hostile input III, classes "a FIFO freezes the console", "bad
// operator input crashes", "list --file reads only 64 MB". Every file the
// operator names is opened non-blocking and fstat'ed: a FIFO, a device or a
// directory is refused with one line and exit 2, never waited on; a token an
// HTTP header cannot carry is refused up front; `list --file` reads a file
// larger than one read's budget to its end. Child processes (with a
// deadline) wherever a regression would block the event loop.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, closeSync, writeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { main } from '../../src/cli.js';
import { readJsonlFiles } from '../../src/cli/jsonl-files.js';
import { ConsoleStore } from '../../src/store/store.js';
import { cliEntry } from '../cli/cli-entry.js';
import { tsChild } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'aep-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const fifo = join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);

// The console itself as the suite builds it once (test/cli/cli-entry.ts), not through tsx in each child.
async function child(
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const entry = script === 'test/cli/run-cli.ts' ? [await cliEntry()] : tsChild(join(root, script));
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: patient(20_000) },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
          ms: Date.now() - started,
        }),
    );
  });
}

const request = (id: string) =>
  JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-07-03T10:00:00Z',
    source: 'aep://f/a',
    agent: 'filer',
    session: 's1',
    seq: 1,
    data: { kind: 'input', prompt: `q ${id}` },
  });

test('a FIFO, a device or a directory as --file, --ca or --token-file: exit 2 with one line, at once', async () => {
  const tokenDir = join(dir, 'a-directory');
  mkdirSync(tokenDir);
  const cases: [string[], RegExp][] = [
    [['list', '--file', fifo], /^aep-console: --file \S+fifo is not a regular file \(a FIFO\)$/],
    [['list', '--file', '/dev/zero'], /^aep-console: --file \/dev\/zero is not a regular file \(a character device\)$/],
    [['list', '--ca', fifo], /^aep-console: --ca \S+fifo is not a regular file \(a FIFO\)$/],
    [['list', '--ca', '/dev/zero'], /^aep-console: --ca \/dev\/zero is not a regular file \(a character device\)$/],
    [['list', '--token-file', fifo], /^aep-console: --token-file \S+fifo is not a regular file \(a FIFO\)$/],
    [
      ['list', '--token-file', tokenDir],
      /^aep-console: --token-file \S+a-directory is not a regular file \(a directory\)$/,
    ],
  ];
  const runs = await Promise.all(cases.map(([args]) => child('test/cli/run-cli.ts', args)));
  runs.forEach((run, i) => {
    const [args, expected] = cases[i];
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr.trim(), expected, args.join(' '));
    assert.equal(run.stderr.trim().split('\n').length, 1, 'one line');
    assert.ok(run.ms < 15_000, `${args.join(' ')} answered in ${run.ms} ms`);
  });
});

test('a --ca too large to be a CA bundle is refused with one line, unread', async () => {
  const big = join(dir, 'big.pem');
  const fd = openSync(big, 'w');
  const mb = Buffer.alloc(1024 * 1024, 0x41);
  for (let i = 0; i < 5; i++) writeSync(fd, mb);
  closeSync(fd);
  const err: string[] = [];
  const code = await main(['list', '--ca', big], { out: () => undefined, err: (l) => err.push(l), env: {} });
  assert.equal(code, 2);
  assert.match(err.join('\n'), /^aep-console: --ca \S+big\.pem is too large \(5242880 bytes; at most 4194304\)$/);
});

test('a token an HTTP header cannot carry is a usage error (exit 2, one line, never the token)', async (t) => {
  const file = join(dir, 'token');
  const runs: [string[], NodeJS.ProcessEnv, RegExp][] = [
    [
      ['list', '--token', 'tok-€-secret'],
      {},
      /^aep-console: --token: the token holds a character an HTTP header cannot carry \(U\+20AC at position 5\)/,
    ],
    [['list', '--token', 'tok-\u0001-secret'], {}, /U\+0001 at position 5/],
    [['list'], { AEP_TOKEN: 'tok-\u00e9-secret' }, /^aep-console: AEP_TOKEN: the token holds .*U\+00E9/],
    [['list', '--token-file', file], {}, /^aep-console: --token-file \S+token: the token holds .*U\+20AC/],
  ];
  writeFileSync(file, 'tok-\u20ac-secret\n');
  chmodSync(file, 0o600);
  t.after(() => rmSync(file, { force: true }));
  for (const [argv, env, expected] of runs) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
    assert.equal(code, 2, argv.join(' '));
    const usage = err.filter((l) => !l.includes('warning:'));
    assert.equal(usage.length, 1, err.join('\n'));
    assert.match(usage[0], expected);
    assert.ok(!err.join('\n').includes('secret'), 'the token is never printed');
  }
});

test('a followed --file replaced by a FIFO is refused by the next poll, not waited on', async () => {
  const run = await child('test/hostile/fifo-child.ts', []);
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout) as { first: boolean; second: boolean; ms: number; warnings: string[] };
  assert.equal(result.first, true);
  assert.equal(result.second, false);
  assert.ok(
    result.warnings.some((w) => w === 'the file is not a regular file (a FIFO)'),
    result.warnings.join('; '),
  );
});

test("list --file reads a file past one read's budget to its end (the requests at its end are listed)", () => {
  const path = join(dir, 'long.jsonl');
  // Lines longer than any Event are skipped cheaply; the budget is lowered to 256 KB so 6 MB crosses it 24 times.
  const filler = `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}\n`;
  writeFileSync(path, `${request('first')}\n${filler.repeat(3)}${request('last')}\n`);
  const store = new ConsoleStore();
  const [read] = readJsonlFiles([path], store, 256 * 1024);
  assert.deepEqual(
    store
      .allRequests()
      .map((r) => r.id)
      .sort(),
    ['first', 'last'],
  );
  assert.equal(read.summary, 'file, 2 events from 5 lines, 3 too long');
});

test('list --file of a 70 MB file lists the request on its last line', async () => {
  const path = join(dir, 'seventy.jsonl');
  const fd = openSync(path, 'w');
  const filler = Buffer.from(`{"pad":"${'y'.repeat(2 * 1024 * 1024)}"}\n`);
  for (let i = 0; i < 35; i++) writeSync(fd, filler);
  writeSync(fd, `${request('at-the-end')}\n`);
  closeSync(fd);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['list', '--json', '--file', path], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
  });
  rmSync(path);
  assert.equal(code, 0, err.join('\n'));
  assert.deepEqual(
    out.map((l) => (JSON.parse(l) as { id: string }).id),
    ['at-the-end'],
  );
  assert.match(err.join('\n'), /1 events from 36 lines, 35 too long/);
  assert.doesNotMatch(err.join('\n'), /torn/);
});
