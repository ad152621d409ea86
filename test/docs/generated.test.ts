// The documents made from the code's tables are what the tables make now
// (lazygit's cheatsheet check): docs/cli.md and man/aep-console.1 from the
// flag table, docs/keys.md from the key table, read here at test time, so a
// change to a table fails until `npm run docs` has written them again. And
// the man page renders, --help is made from the same table, and the command
// `?` suggests in --demo runs from a clone.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { startDemoSession } from '../../src/cli/demo-session.js';
import { FLAG_NAMES, FLAG_TABLE, flagUsage, type FlagSpec } from '../../src/cli/flag-table.js';
import { HELP } from '../../src/cli/help.js';
import { EXIT_CODES, USAGE } from '../../src/cli/usage-table.js';
import { withKeys } from '../../src/ui/key-labels.js';
import { generatedDocs, REGENERATE } from '../../scripts/docs/generated.js';
import { patient } from '../support/patience.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

for (const doc of generatedDocs(root)) {
  test(`${doc.file} is what the code's tables make now`, () => {
    const current = read(doc.file);
    assert.ok(doc.expected(current) === current, `${doc.file} is stale (made from ${doc.source}): run \`${REGENERATE}\` and commit the result`);
  });
}

test('--help lists every flag of the table with its words, the usage lines and the exit codes', () => {
  for (const name of FLAG_NAMES) {
    const spec: FlagSpec = FLAG_TABLE[name];
    // A key in a flag's words is written as the list's keys fill it (`{auto}`: A).
    const help = spec.help.map((line) => withKeys('browse', line));
    if (help.length) assert.ok(HELP.includes(`  ${flagUsage(name).padEnd(19)}${help[0]}\n`), flagUsage(name));
    for (const line of help) assert.ok(HELP.includes(line), line);
  }
  for (const line of USAGE) assert.ok(HELP.includes(`  ${line}\n`), line);
  for (const { code, help } of EXIT_CODES) assert.ok(HELP.includes(`${code} ${help[0]}`), code);
});

test('docs/cli.md and the man page describe every flag', () => {
  const cli = read('docs/cli.md');
  const man = read('man/aep-console.1');
  for (const name of FLAG_NAMES) {
    assert.ok(cli.includes(`### \`${flagUsage(name)}\``), `docs/cli.md: ${flagUsage(name)}`);
    assert.ok(man.includes(`\\fB${flagUsage(name).split(' ')[0].replace(/-/g, '\\-')}\\fR`), `man page: ${flagUsage(name)}`);
  }
});

test('the man page is plain roff: ASCII, only the requests it means, and man renders it', (t) => {
  const page = read('man/aep-console.1');
  assert.ok(/^[\x09\x0a\x20-\x7e]*$/.test(page), 'ASCII only (other characters as \\[uXXXX])');
  const requests = new Set(page.split('\n').filter((line) => /^[.']/.test(line)).map((line) => line.split(/\s/)[0]));
  assert.deepEqual([...requests].filter((request) => !['.\\"', '.TH', '.SH', '.TP', '.nf', '.fi', '.nh', '.ad'].includes(request)), []);
  let man: string | undefined;
  try {
    man = execFileSync('sh', ['-c', 'command -v man'], { encoding: 'utf8' }).trim();
  } catch {
    t.skip('no man on this machine');
    return;
  }
  const out = execFileSync(man, ['-l', join(root, 'man/aep-console.1')], { encoding: 'utf8', env: { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat' }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const part of ['NAME', 'SYNOPSIS', 'OPTIONS', 'EXIT STATUS', '--relay URL', '--token-file F', '128+N']) assert.ok(out.includes(part), `man -l shows ${part}:\n${out}`);
});

test('the list command ? shows in --demo runs as written, from the clone', async (t) => {
  const demo = await startDemoSession(1);
  t.after(() => demo.close());
  assert.match(demo.info.listCommand, /^npx aep-console list /);
  // npx finds the clone's own bin (bin/aep-console.js, its dist/ built by npm install); offline: it must not ask the registry.
  // Without scripts: the first npx in a checkout links it into npx's cache as a folder package, which would run its
  // `prepare` again (the whole build, half a minute of CPU, rewriting dist/ under the tests that run it); the build is
  // npm install's, and what runs is the same bin.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|NODE_TEST_CONTEXT$|NODE_OPTIONS$)/.test(key)));
  const listed = await run('sh', ['-c', demo.info.listCommand], { cwd: root, env: { ...env, npm_config_offline: 'true', npm_config_ignore_scripts: 'true' }, timeout: patient(60_000) });
  assert.match(listed.stdout, /read http:\/\/127\.0\.0\.1:\d+/);
  assert.ok(!listed.stdout.includes(demo.token) && !listed.stderr.includes(demo.token));
});
