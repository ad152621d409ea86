import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../../src/cli/args.js';
import { main } from '../../src/cli.js';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { toJson } from '../../src/cli/list.js';
import { inboxOrder } from '../../src/store/selectors.js';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SECRET = 'tok-SECRET-9f8e7d';
const runner = await cliEntry();

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [runner, ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        timeout: patient(20_000),
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'aep-console-cli-'));
const openFile = join(dir, 'open-token');
writeFileSync(openFile, `${SECRET}\n`);
chmodSync(openFile, 0o644);
const goodFile = join(dir, 'good-token');
writeFileSync(goodFile, `${SECRET}\n`);
chmodSync(goodFile, 0o600);

const usageErrors: [string, string[], RegExp][] = [
  ['unknown flag', ['--bogus'], /unknown flag --bogus/],
  ['unknown short flag', ['-x'], /unknown flag -x/],
  ['unknown flag with a value', ['--bogus-thing=1'], /unknown flag --bogus-thing/],
  ['bad relay URL', ['list', '--relay', 'not a url'], /--relay "not a url" is not a URL/],
  ['relay scheme', ['list', '--relay', 'ftp://x'], /must use http, https, ws or wss/],
  ['credentials in the URL', ['list', '--relay', `http://u:${SECRET}@h`], /must not carry credentials/],
  ['token in the query', ['list', '--relay', `http://h/?access_token=${SECRET}`], /must not carry credentials/],
  ['filter not JSON', ['list', '--filter', '{agent:'], /--filter is not valid JSON/],
  ['filter not an object', ['list', '--filter', '["a"]'], /must be a JSON object/],
  ['filter on seq', ['list', '--filter', '{"seq":1}'], /"seq" is not filterable/],
  ['filter value shape', ['list', '--filter', '{"agent":{"x":1}}'], /value for "agent"/],
  ['agent conflict', ['list', '--filter', '{"agent":"a"}', '--agent', 'b'], /--agent and a "agent" key/],
  ['capture level', ['list', '--capture', 'secret'], /--capture must be one of none\|metadata\|redacted\|full/],
  ['token twice', ['list', '--token', SECRET, '--token-file', goodFile], /either --token or --token-file/],
  [
    'open token file',
    ['list', '--token-file', openFile],
    /accessible by other users \(mode 0644\); fix it with: chmod 600 \S*open-token$/,
  ],
  ['missing token file', ['list', '--token-file', join(dir, 'nope')], /cannot be read \(ENOENT\)/],
  ['bad name', ['list', '--name', 'a b'], /--name must be/],
  ['json without list', ['--json'], /--json only applies/],
  ['unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ['demo with relay', ['--demo', '--relay', 'http://h'], /--demo starts its own relay/],
  [
    'token over cleartext off-host',
    ['list', '--relay', 'http://10.0.0.5:8787', '--token', SECRET],
    /--relay http:\/\/10\.0\.0\.5:8787 is not on this host: use https:\/\/ or wss:\/\//,
  ],
  [
    'the same relay twice',
    ['list', '--relay', 'http://127.0.0.1:8787', '--relay', 'ws://127.0.0.1:8787/socket'],
    /the same relay is given twice/,
  ],
];

/** The CLI in-process, with its output captured (no child process: these are many). */
async function runInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`), env: {} });
  return { code, stdout, stderr };
}

for (const [name, args, message] of usageErrors) {
  test(`usage error exits 2 with one line: ${name}`, async () => {
    const result = await runInProcess(args);
    assert.equal(result.code, 2, result.stderr);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0], /^aep-console: /);
    assert.match(lines[0], message);
    assert.ok(!result.stderr.includes(SECRET) && !result.stdout.includes(SECRET), 'the token never appears');
  });
}

test('a usage error through the real process exits 2', async () => {
  const result = await run(['--capture', 'x', '--token', SECRET]);
  assert.equal(result.code, 2);
  assert.equal(result.stderr, 'aep-console: --capture must be one of none|metadata|redacted|full, not "x"\n');
  assert.equal(result.stdout, '');
});

test('--help and --version', async () => {
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  for (const flag of [
    '--relay',
    '--token-file',
    '--filter',
    '--capture',
    '--no-bell',
    '--notify',
    '--name',
    '--demo',
    'list',
    '--json',
  ]) {
    assert.ok(help.stdout.includes(flag), flag);
  }
  const version = await run(['--version']);
  assert.equal(version.code, 0);
  assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+$/);
});

test('parseArgs: env relay and token, shorthands folded into the filter', () => {
  const parsed = parseArgs(['list', '--agent', 'codex', '--agent', 'gemini-cli', '--session', 's1'], {
    AEP_RELAY: 'wss://relay:9/',
    AEP_TOKEN: SECRET,
  });
  assert.equal(parsed.kind, 'run');
  if (parsed.kind !== 'run') return;
  assert.deepEqual(parsed.options.relays, ['wss://relay:9']);
  assert.equal(parsed.options.token, SECRET);
  assert.deepEqual(parsed.options.filter, { agent: ['codex', 'gemini-cli'], session: 's1' });
  assert.equal(parsed.options.bell, true);
  const remote = parseArgs(
    ['list', '--relay', 'wss://demo.relay.example:443', '--relay', 'http://[::1]:9', '--token', SECRET],
    {},
  );
  assert.equal(remote.kind, 'run', 'TLS and loopback relays may carry the token');
  const quiet = parseArgs(['--no-bell', '--notify', '--token-file', goodFile], {});
  assert.ok(
    quiet.kind === 'run' && quiet.options.bell === false && quiet.options.notify && quiet.options.token === SECRET,
  );
});

const demo = demoRelayAndAgent(SECRET, 'codex');

test('list: exit 3 with a one-line reason for a wrong token and for an unreachable relay; the token never shows', async () => {
  const wrong = await run(['list', '--relay', demo.relay.url], { AEP_TOKEN: 'wrong-token-abc' });
  assert.equal(wrong.code, 3);
  assert.match(wrong.stderr.trim(), /^aep-console: .*401/);
  assert.equal(wrong.stderr.trim().split('\n').length, 1);
  assert.ok(!wrong.stderr.includes('wrong-token-abc'));
  const closed = await run(['list', '--relay', 'http://127.0.0.1:9'], { AEP_TOKEN: SECRET });
  assert.equal(closed.code, 3);
  assert.match(closed.stderr.trim(), /^aep-console: http:\/\/127\.0\.0\.1:9.*connect/);
  assert.ok(!closed.stderr.includes(SECRET));
});

test("list --json against the demo relay matches the store's view", async () => {
  const allowId = demo.agent.raise({
    kind: 'permission',
    prompt: 'Permission requested: Bash — npm publish',
    options: [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ],
  });
  demo.agent.raise({
    kind: 'input',
    prompt: 'Which test runner?\u001b[2J',
    options: [{ id: 'vitest', label: 'vitest' }],
    expiresInMs: 600_000,
  });
  // Answer the first through a live console, so the list has an outcome to show.
  const store = new ConsoleStore();
  const client = new RelayClient({ url: demo.relay.url, token: SECRET, name: 'cli-test', host: 'h', store });
  client.start();
  await new Promise<void>((resolve) => {
    const check = () => {
      const record = store.allRequests().find((r) => r.id === allowId);
      if (record && store.getRelay(client.relay)?.connection.kind === 'live') {
        unsubscribe();
        client.respond(record.key, { option: 'allow' });
        resolve();
      }
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
  await new Promise<void>((resolve) => {
    const check = () => {
      if (store.allRequests().find((r) => r.id === allowId)?.state === 'resolved') {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
  const result = await run(['list', '--json', '--relay', demo.relay.url], { AEP_TOKEN: SECRET });
  await client.stop();
  assert.equal(result.code, 0, result.stderr);
  const printed = result.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const expected = inboxOrder(store.allRequests()).map((r) => JSON.parse(JSON.stringify(toJson(r))));
  assert.deepEqual(printed, expected);
  assert.deepEqual(
    printed.map((row) => [row.kind, row.state]),
    [
      ['input', 'pending'],
      ['permission', 'resolved'],
    ],
  );
  assert.equal(printed[1].outcome.answer.option, 'allow');
  assert.ok(!result.stdout.includes('\u001b'), 'producer escapes stay escaped in JSON');
  assert.ok(!result.stdout.includes(SECRET));

  const text = await run(['list', '--relay', demo.relay.url], { AEP_TOKEN: SECRET });
  assert.equal(text.code, 0);
  assert.match(text.stdout, /● pending .*input .*codex .*Which test runner\?␛\[2J/);
  assert.match(text.stdout, /✓ resolved .*permission .*→ answered: Allow \[allow\] by cli-test via control/);
});
