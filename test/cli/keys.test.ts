// `aep-console keys` and config.json's `keys` on the command line: the
// table in force, exit 2 naming a bad map (the demo's run too), and a file
// holding only a key map is a valid config file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../src/cli/args.js';
import { main } from '../../src/cli.js';

function home(config: unknown, mode = 0o600): NodeJS.ProcessEnv {
  const root = mkdtempSync(join(tmpdir(), 'aep-console-keys-'));
  const dir = join(root, 'aep-console');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  chmodSync(file, mode);
  return { XDG_CONFIG_HOME: root };
}

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`), env });
  return { code, out, err };
}

const REBOUND = { keys: { 'request.resend': 'R', 'list.hide': 'e', 'list.timeline': 'T' } };
const line = (out: string, id: string) => out.split('\n').find((l) => l.trimStart().startsWith(`${id} `)) ?? '';

test('aep-console keys: one line per action id with its keys in force, the file named; exit 0', async () => {
  const shipped = await cli(['keys'], home({}));
  assert.equal(shipped.code, 0, shipped.err);
  assert.match(shipped.out, /^Keys in force, as shipped/);
  assert.match(line(shipped.out, 'request.resend'), /^ {2}request\.resend +r +resend a command/);
  assert.match(line(shipped.out, 'list.hide'), / d +hide the selected request/);

  const env = home(REBOUND);
  const rebound = await cli(['keys'], env);
  assert.equal(rebound.code, 0, rebound.err);
  assert.match(rebound.out, /with config\.json's "keys"/);
  assert.match(line(rebound.out, 'request.resend'), /request\.resend +R +resend/);
  assert.match(line(rebound.out, 'list.hide'), /list\.hide +e +hide/);
  assert.match(line(rebound.out, 'list.timeline'), /list\.timeline +T +the selected request's session timeline/);
  assert.match(line(rebound.out, 'list.quit'), /list\.quit +q Ctrl-C +quit/);
  // Every id once.
  const ids = rebound.out.split('\n').flatMap((l) => /^ {2}(\S+\.\S+) /.exec(l)?.[1] ?? []);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes('form.takeDefault') && ids.includes('request.drop'));
  assert.equal((await cli(['keys', '--json'], env)).code, 2, 'it takes no flags');
});

test('a bad key map is exit 2 naming both actions on the key: for keys, the console and the demo', async () => {
  const env = home({ keys: { 'list.hide': 'x' } });
  const keys = await cli(['keys'], env);
  assert.equal(keys.code, 2);
  assert.match(keys.err, /"keys": x is bound to both list\.cancelRun and list\.hide/);
  for (const argv of [['--demo'], ['--relay', 'http://127.0.0.1:9']]) {
    const parsed = parseArgs(argv, env);
    assert.equal(parsed.kind, 'usage-error', argv.join(' '));
    if (parsed.kind === 'usage-error') assert.match(parsed.message, /list\.cancelRun and list\.hide/);
  }
  // `list` answers nothing: it reads no key map.
  assert.equal(parseArgs(['list', '--relay', 'http://127.0.0.1:9'], env).kind, 'run');
});

test('the map in force reaches the console (the demo too), and a file with only keys is a valid config file', async () => {
  const env = home(REBOUND);
  const parsed = parseArgs(['--demo'], env);
  assert.equal(parsed.kind, 'run');
  if (parsed.kind === 'run') assert.deepEqual(parsed.options.keys?.locked.resend, ['R']);
  const profiles = await cli(['profiles'], env);
  assert.equal(profiles.code, 0, profiles.err);
  assert.match(profiles.out, /^No profiles/);
  const bad = home({ keys: ['list.hide'] });
  assert.match((await cli(['keys'], bad)).err, /"keys" must be an object of "PLACE\.ACTION": KEY or \[KEY, \.\.\.\]/);
});

test("a config file not the user's own is not used for keys: the demo says so and runs with the shipped keys", () => {
  const env = home(REBOUND, 0o666);
  const parsed = parseArgs(['--demo'], env);
  assert.equal(parsed.kind, 'run');
  if (parsed.kind !== 'run') return;
  assert.equal(parsed.options.keys, undefined);
  assert.ok(
    parsed.warnings.some((w) => /key map not used: config file .* is writable by/.test(w)),
    parsed.warnings.join('\n'),
  );
});
