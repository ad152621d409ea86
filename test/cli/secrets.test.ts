// How the token may come in and where it may go (part 3), at the
// command-line level: the --token warning, token file permissions, cleartext
// to off-host relays (--insecure), and --ca input errors. End to end in a
// terminal: token-trail.test.ts; TLS: tls.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { parseArgs } from '../../src/cli/args.js';

const TOKEN = 'tok-secrets-7a6b5c';
const dir = mkdtempSync(join(tmpdir(), 'aep-console-secrets-'));

async function cli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string[] }> {
  let stdout = '';
  const stderr: string[] = [];
  const code = await main(args, { out: (l) => (stdout += `${l}\n`), err: (l) => stderr.push(l), env });
  assert.ok(!stdout.includes(TOKEN) && !stderr.join('\n').includes(TOKEN), 'the token is never printed');
  return { code, stdout, stderr };
}

function tokenFile(name: string, mode: number): string {
  const file = join(dir, name);
  writeFileSync(file, `${TOKEN}\n`);
  chmodSync(file, mode);
  return file;
}

const WARNING =
  /^aep-console: warning: --token is visible to other users in the process list; use AEP_TOKEN or --token-file instead$/;

test('--token prints one warning line first (before list output or the UI), never the token', async () => {
  const list = await cli(['list', '--relay', 'http://127.0.0.1:9', '--token', TOKEN]);
  assert.equal(list.code, 3);
  assert.equal(list.stderr.length, 2, list.stderr.join('\n'));
  assert.match(list.stderr[0], WARNING);
  assert.match(list.stderr[1], /could not connect/);
  // The interactive console: the warning comes before it even looks for a terminal.
  const ui = await cli(['--token', TOKEN]);
  assert.match(ui.stderr[0], WARNING);
  assert.match(ui.stderr[1], /needs a terminal/);
});

test('AEP_TOKEN and --token-file give no warning', async () => {
  const fromEnv = await cli(['list', '--relay', 'http://127.0.0.1:9'], { AEP_TOKEN: TOKEN });
  assert.deepEqual(
    fromEnv.stderr.filter((l) => l.includes('warning')),
    [],
  );
  const fromFile = await cli(['list', '--relay', 'http://127.0.0.1:9', '--token-file', tokenFile('quiet', 0o600)]);
  assert.deepEqual(
    fromFile.stderr.filter((l) => l.includes('warning')),
    [],
  );
});

test('a token file readable or writable by group or others is refused: exit 2, one line with the chmod 600 fix', async () => {
  for (const mode of [0o640, 0o604, 0o660, 0o602, 0o644]) {
    const file = tokenFile(`open-${mode.toString(8)}`, mode);
    const result = await cli(['list', '--token-file', file]);
    assert.equal(result.code, 2, mode.toString(8));
    assert.equal(result.stderr.length, 1);
    assert.equal(
      result.stderr[0],
      `aep-console: --token-file ${file} is accessible by other users (mode 0${mode.toString(8)}); fix it with: chmod 600 ${file}`,
    );
  }
  const spaced = join(mkdtempSync(join(tmpdir(), 'aep console ')), 'my token');
  writeFileSync(spaced, TOKEN);
  chmodSync(spaced, 0o644);
  const quoted = await cli(['list', '--token-file', spaced]);
  assert.ok(quoted.stderr[0].endsWith(`chmod 600 '${spaced}'`), 'a path the shell would split is quoted');
  for (const mode of [0o600, 0o400, 0o700]) {
    const parsed = parseArgs(['list', '--token-file', tokenFile(`ok-${mode.toString(8)}`, mode)], {});
    assert.ok(parsed.kind === 'run' && parsed.options.token === TOKEN, mode.toString(8));
  }
});

test('a token over plain http/ws to a host that is not loopback is refused unless --insecure', async () => {
  for (const relay of [
    'http://10.0.0.5:8787',
    'ws://relay.example/socket',
    'http://127.0.0.1.nip.io:8787',
    'http://[::ffff:127.0.0.1]:1',
  ]) {
    const refused = await cli(['list', '--relay', relay], { AEP_TOKEN: TOKEN });
    assert.equal(refused.code, 2, relay);
    assert.equal(refused.stderr.length, 1);
    assert.match(
      refused.stderr[0],
      /is not on this host: use https:\/\/ or wss:\/\/ so the token does not cross the network in cleartext \(or --insecure to send it anyway\)$/,
    );
  }
  const allowed = parseArgs(
    ['list', '--relay', 'http://10.0.0.5:8787', '--relay', 'wss://relay.example', '--insecure'],
    { AEP_TOKEN: TOKEN },
  );
  assert.ok(allowed.kind === 'run');
  assert.deepEqual(allowed.warnings, [
    'warning: --insecure: the token goes to http://10.0.0.5:8787 in cleartext, readable by anyone on the network path',
  ]);
  // Where the token is safe anyway, --insecure changes nothing and says nothing.
  for (const relay of [
    'http://127.0.0.1:1',
    'http://localhost:1',
    'ws://[::1]:1',
    'https://relay.example',
    'wss://10.0.0.5',
  ]) {
    const parsed = parseArgs(['list', '--relay', relay, '--insecure'], { AEP_TOKEN: TOKEN });
    assert.ok(parsed.kind === 'run' && parsed.warnings.length === 0, relay);
  }
  const noToken = parseArgs(['list', '--relay', 'http://10.0.0.5:8787', '--insecure'], {});
  assert.ok(noToken.kind === 'run' && noToken.warnings.length === 0, 'no token, nothing to expose');
});

test('the --insecure warning goes to stderr as one line before anything else', async () => {
  // The interactive console stops for want of a terminal before it connects: nothing is sent off-host.
  const result = await cli(
    ['--relay', 'http://10.0.0.5:9', '--insecure', '--token-file', tokenFile('insecure', 0o600)],
    {},
  );
  assert.equal(result.stderr.length, 2);
  assert.match(
    result.stderr[0],
    /^aep-console: warning: --insecure: the token goes to http:\/\/10\.0\.0\.5:9 in cleartext/,
  );
  assert.match(result.stderr[1], /needs a terminal/);
});

test('--ca: an unreadable file, a file with no certificate, or a broken one is a usage error (exit 2, one line)', async () => {
  const notPem = join(dir, 'not.pem');
  writeFileSync(notPem, 'hello\n');
  const broken = join(dir, 'broken.pem');
  writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
  const cases: [string, RegExp][] = [
    [join(dir, 'missing.pem'), /--ca \S+missing\.pem cannot be read \(ENOENT\)$/],
    [notPem, /--ca \S+not\.pem holds no PEM certificate/],
    [broken, /--ca \S+broken\.pem holds a certificate that does not parse$/],
  ];
  for (const [file, message] of cases) {
    const result = await cli(['list', '--relay', 'wss://127.0.0.1:1', '--ca', file]);
    assert.equal(result.code, 2, file);
    assert.equal(result.stderr.length, 1);
    assert.match(result.stderr[0], message);
  }
});

test('--help documents --insecure and --ca, and the new exit codes', () => {
  const help = parseArgs(['--help'], {});
  assert.ok(help.kind === 'help');
  assert.match(help.text, /--insecure {2,}allow the token over plain http\/ws to a relay off this host/);
  assert.match(help.text, /--ca FILE {2,}also trust the CA certificate\(s\) in FILE \(PEM\)/);
  assert.match(help.text, /1 internal error \(a crash report is written\)/);
  assert.match(help.text, /128\+N stopped by signal N/);
});
