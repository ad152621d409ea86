// Profiles: the config file's profiles supply the
// flags; a flag given replaces that key; a token goes only where it was
// named for; unknown names and keys are exit 2 naming them; the file is
// trusted like the rules file; `aep-console profiles` never prints a token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ConsoleOptions } from '../../src/cli/args.js';
import { main } from '../../src/cli.js';
import { tokenSource } from '../../src/cli/token-args.js';

const PROD_TOKEN = 'prod-TOKEN-5e4d3c';
const SHELL_TOKEN = 'shell-TOKEN-1a2b3c';

/** A config home with `config` as its config.json (mode 0600 unless said) and a private token file beside it. */
function home(config: unknown, mode = 0o600): NodeJS.ProcessEnv {
  const root = mkdtempSync(join(tmpdir(), 'aep-console-profiles-'));
  const dir = join(root, 'aep-console');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'prod.token'), `${PROD_TOKEN}\n`, { mode: 0o600 });
  const file = join(dir, 'config.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  chmodSync(file, mode);
  return { XDG_CONFIG_HOME: root };
}

const CONFIG = {
  default: 'prod',
  profiles: {
    prod: {
      relays: ['https://relay.prod.example:8787', 'https://relay2.prod.example'],
      token_file: 'prod.token',
      name: 'ops-1',
      agent: ['codex'],
      capture: 'redacted',
    },
    dev: { relays: ['http://127.0.0.1:8787'] },
  },
};

function options(argv: string[], env: NodeJS.ProcessEnv): { options: ConsoleOptions; warnings: string[] } {
  const parsed = parseArgs(argv, env);
  assert.equal(parsed.kind, 'run', parsed.kind === 'usage-error' ? parsed.message : parsed.kind);
  if (parsed.kind !== 'run') throw new Error('unreachable');
  return { options: parsed.options, warnings: parsed.warnings };
}

/** The token the relays would get (the profile's token file is read the way --token-file is). */
function tokenOf(o: ConsoleOptions): string | undefined {
  const source = tokenSource(o);
  return typeof source === 'function' ? source() : source;
}

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`), env });
  return { code, out, err };
}

test('the default profile supplies relays, token file, name, agent and capture', () => {
  const { options: o } = options(['list'], home(CONFIG));
  assert.deepEqual(o.relays, ['https://relay.prod.example:8787', 'https://relay2.prod.example']);
  assert.equal(o.profile, 'prod');
  assert.equal(o.name, 'ops-1');
  assert.deepEqual(o.filter, { agent: 'codex' });
  assert.equal(o.capture, 'redacted');
  assert.equal(tokenOf(o), PROD_TOKEN);
});

test('precedence: a flag replaces that key of the profile (--relay replaces the relays, never adds)', () => {
  const env = home(CONFIG);
  const table: [string[], keyof ConsoleOptions, unknown][] = [
    [['list', '--relay', 'https://other.example'], 'relays', ['https://other.example']],
    [['list', '--name', 'ops-9'], 'name', 'ops-9'],
    [['list', '--capture', 'metadata'], 'capture', 'metadata'],
    [['list', '--agent', 'gemini-cli'], 'filter', { agent: 'gemini-cli' }],
    [['list', '--profile', 'dev'], 'relays', ['http://127.0.0.1:8787']],
  ];
  for (const [argv, key, value] of table) assert.deepEqual(options(argv, env).options[key], value, argv.join(' '));
  assert.deepEqual(
    options(['list'], { ...env, AEP_RELAY: 'https://env.example' }).options.relays,
    ['https://env.example'],
    "AEP_RELAY, --relay's env, replaces them too",
  );
  assert.equal(
    options(['list'], { ...env, AEP_PROFILE: 'dev' }).options.profile,
    'dev',
    'AEP_PROFILE over the default',
  );
  assert.equal(
    options(['list', '--profile', 'prod'], { ...env, AEP_PROFILE: 'dev' }).options.profile,
    'prod',
    '--profile over AEP_PROFILE',
  );
});

test("token scope: AEP_TOKEN never reaches a profile's relays that name their own token_file", () => {
  const env = { ...home(CONFIG), AEP_TOKEN: SHELL_TOKEN };
  assert.equal(tokenOf(options(['list'], env).options), PROD_TOKEN, "the profile's relays: its own token");
  const flagged = options(['list', '--token', SHELL_TOKEN], env);
  assert.equal(tokenOf(flagged.options), PROD_TOKEN, '--token does not go to them either');
  assert.ok(flagged.warnings.some((w) => /--token is not used: profile "prod" names its own token_file/.test(w)));
  // Relays given on the command line take the command line's token, never the profile's.
  assert.equal(tokenOf(options(['list', '--relay', 'http://127.0.0.1:9'], env).options), SHELL_TOKEN);
  assert.equal(
    tokenOf(options(['list', '--relay', 'http://127.0.0.1:9'], { ...env, AEP_TOKEN: '' }).options),
    undefined,
    "not the profile's token to other relays",
  );
  // A profile that names no token: the shell's goes to its relays.
  assert.equal(tokenOf(options(['list', '--profile', 'dev'], env).options), SHELL_TOKEN);
});

test('unknown profile, unknown key, bad values: exit 2 naming them', async () => {
  const env = home(CONFIG);
  const unknown = await cli(['list', '--profile', 'staging'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /--profile "staging": no such profile \(the profiles are: prod, dev in \S+config\.json\)/);
  assert.match((await cli(['list'], { ...env, AEP_PROFILE: 'nope' })).err, /AEP_PROFILE "nope": no such profile/);
  const table: [unknown, RegExp][] = [
    [
      { profiles: { prod: { relays: ['https://r'], 'token-file': 'x' } } },
      /profile "prod": unknown key "token-file" \(the keys are relays, token_file, ca, name, agent, session, capture, rules, auto, notify_cmd\)/,
    ],
    [{ profile: {} }, /unknown key "profile"/],
    [{ profiles: { prod: { token_file: 'x' } } }, /"relays" must be a non-empty array/],
    [
      { default: 'qa', profiles: { prod: { relays: ['https://r'] } } },
      /"default" must name one of the profiles \(prod\)/,
    ],
    [{ profiles: { prod: { relays: ['https://r'], capture: 'all' } } }, /"capture" must be one of/],
    ['{not json', /not valid JSON/],
  ];
  for (const [config, message] of table) {
    const result = await cli(['list'], home(config));
    assert.equal(result.code, 2, String(message));
    assert.match(result.err, message);
  }
  const noFile = await cli(['list', '--profile', 'prod'], {
    XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'aep-console-none-')),
  });
  assert.equal(noFile.code, 2);
  assert.match(noFile.err, /no such profile \(the profiles are: none; there is no config file\)/);
  assert.match((await cli(['--demo', '--profile', 'prod'], env)).err, /--demo starts its own relay: drop --profile/);
});

test('loose permissions: refused like the rules file (exit 2 when a profile is asked for, else not used)', async () => {
  const env = home(CONFIG, 0o666);
  const asked = await cli(['list', '--profile', 'prod'], env);
  assert.equal(asked.code, 2);
  assert.match(asked.err, /config file \S+config\.json is writable by group and others \(mode 0666\)/);
  // Not asked for: the file is not used, and nothing of it (its default's relays, its token) either.
  const { options: o, warnings } = options(['list', '--relay', 'http://127.0.0.1:9'], env);
  assert.equal(o.profile, undefined);
  assert.ok(
    warnings.some((w) => /profiles not used: config file \S+ is writable by group and others/.test(w)),
    'and says why',
  );
  assert.equal((await cli(['profiles'], env)).code, 2);
});

test('aep-console profiles: each profile, its relays and where its token comes from; never the token', async () => {
  const env = { ...home(CONFIG), AEP_TOKEN: SHELL_TOKEN };
  const listed = await cli(['profiles'], env);
  assert.equal(listed.code, 0, listed.err);
  assert.match(listed.out, /^ {2}prod \(default\)$/m);
  assert.match(listed.out, /relays {2}https:\/\/relay\.prod\.example:8787, https:\/\/relay2\.prod\.example/);
  assert.match(listed.out, /token {3}from \S+prod\.token/);
  assert.match(listed.out, /^ {2}dev$/m);
  assert.match(listed.out, /token {3}none named: --token, --token-file or AEP_TOKEN/);
  for (const secret of [PROD_TOKEN, SHELL_TOKEN])
    assert.ok(!listed.out.includes(secret) && !listed.err.includes(secret), 'no token printed');
  const none = await cli(['profiles'], { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'aep-console-none-')) });
  assert.equal(none.code, 0);
  assert.match(none.out, /^No profiles/);
  assert.equal((await cli(['profiles', '--relay', 'http://x'], env)).code, 2);
});

test('--read-only: the interactive console only', () => {
  const { options: o } = options(['--read-only', '--relay', 'http://127.0.0.1:9'], {});
  assert.equal(o.readOnly, true);
  assert.equal(o.auto, false);
  const listed = parseArgs(['list', '--read-only'], {});
  assert.equal(listed.kind, 'usage-error');
});
