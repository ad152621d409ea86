// Hostile input V, "credentials in relay URLs": a relay URL with
// `user:password@` (from --relay, AEP_RELAY or a profile) is refused when
// used (exit 2, shown as `user:***@`); `profiles` lists such a profile,
// masked and marked refused; the password is a known secret for redaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { forgetSecrets, redact } from '../../src/protocol/redact.js';

const PASSWORD = 'PASSWORD-q7w8e9';
const URL_WITH = `http://u:${PASSWORD}@127.0.0.1:9/`;

function home(): NodeJS.ProcessEnv {
  const root = mkdtempSync(join(tmpdir(), 'aep-console-creds-'));
  const dir = join(root, 'aep-console');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'config.json');
  writeFileSync(
    file,
    JSON.stringify({ profiles: { leaky: { relays: [URL_WITH] }, clean: { relays: ['http://127.0.0.1:8787'] } } }),
  );
  chmodSync(file, 0o600);
  return { XDG_CONFIG_HOME: root, HOME: root, XDG_STATE_HOME: root };
}

async function cli(args: string[], env: NodeJS.ProcessEnv) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`), env });
  return { code, out, err };
}

test('profiles: a profile with user:password@ is listed masked (user:***@) and marked refused', async (t) => {
  t.after(forgetSecrets);
  const { code, out, err } = await cli(['profiles'], home());
  assert.equal(code, 0, err);
  assert.ok(!out.includes(PASSWORD) && !err.includes(PASSWORD), out);
  assert.match(out, /leaky\n\s+relays\s+http:\/\/u:\*\*\*@127\.0\.0\.1:9\/ \(refused: it carries credentials\)/);
  assert.match(out, /clean\n\s+relays\s+http:\/\/127\.0\.0\.1:8787\n/);
});

for (const [where, args, extra] of [
  ['--relay', ['list', '--relay', URL_WITH], {}],
  ['AEP_RELAY', ['list'], { AEP_RELAY: URL_WITH }],
  ['a profile', ['list', '--profile', 'leaky'], {}],
  ['a profile, in watch', ['watch', '--profile', 'leaky'], {}],
] as const) {
  test(`a relay URL with user:password@ from ${where} is refused when used: exit 2, shown as user:***@`, async (t) => {
    t.after(forgetSecrets);
    const { code, out, err } = await cli([...args], { ...home(), ...extra });
    assert.equal(code, 2, err);
    assert.ok(!out.includes(PASSWORD) && !err.includes(PASSWORD), err);
    assert.match(err, /http:\/\/u:\*\*\*@127\.0\.0\.1:9/);
    assert.match(err, /must not carry credentials/);
    // From now on the password is a known secret: an echo of it is redacted.
    assert.equal(redact(`echo ${PASSWORD}!`), 'echo [token]!');
  });
}
