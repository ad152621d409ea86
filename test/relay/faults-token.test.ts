// Relay fault over real loopback sockets (hardening): the relay
// rotates its token and refuses the console's reconnect with HTTP 401. The
// console re-reads --token-file before every reconnect (the provider the CLI
// builds from its arguments) and recovers without a restart. Real, shortened
// timers: the client retries on its own while the test changes the file.

import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseArgs, tokenSource } from '../../src/cli/args.js';
import { consoleOf, demoRelay, emitter, onTeardown, tearDownAfterEach, TOKEN } from './fault-rig.js';
import { connectionKind, findRequest, waitFor, waitForConnection } from './helpers.js';

tearDownAfterEach();

const ROTATED = 'rotated-fault-test-token';
const TIMING = {
  backoffInitialMs: 20,
  backoffMaxMs: 100,
  unauthorizedRetryMs: 30,
  replayQuietMs: 50,
  rosterDebounceMs: 20,
};
const UNREADABLE = 'could not re-read the token';

function tokenFile(token: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'aep-token-'));
  onTeardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'token');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return file;
}

describe('token rotation', () => {
  it('HTTP 401 on reconnect; the token file is re-read before each reconnect and the console recovers without a restart', async () => {
    const file = tokenFile(TOKEN);
    const relay = await demoRelay();
    const agent = emitter(relay, 's_rotate');
    await agent.connected(1);
    const parsed = parseArgs(['--relay', relay.url, '--token-file', file], {});
    assert.equal(parsed.kind, 'run');
    if (parsed.kind !== 'run') return;
    const token = tokenSource(parsed.options);
    assert.equal(typeof token, 'function', '--token-file gives a provider, not a string read once');
    const { store, client } = consoleOf(relay, { token, timing: TIMING });
    client.start();
    await waitForConnection(store, client.relay, 'live');

    relay.faults.rotateToken(ROTATED);
    const refused = await waitForConnection(store, client.relay, 'unauthorized', 'refused with the old token');
    assert.equal(refused.detail, 'relay refused the token (HTTP 401)');
    const raised = agent.raise('raised while the console was locked out');

    // A file the console may not trust: it keeps the last token it read and says why.
    chmodSync(file, 0o644);
    const warning = await waitFor(
      store,
      (s) => s.getRelay(client.relay)?.warnings.find((w) => w.startsWith(UNREADABLE)),
      'the reason on the status line',
    );
    assert.match(warning, /--token-file .* is accessible by other users \(mode 0644\)/);
    assert.match(warning, /using the last one read$/);
    assert.equal(connectionKind(store, client.relay), 'unauthorized');

    // The operator puts the new token in the file: the next retry reads it.
    writeFileSync(file, `${ROTATED}\n`);
    chmodSync(file, 0o600);
    await waitForConnection(store, client.relay, 'live', 'recovered without a restart');
    await waitFor(store, (s) => findRequest(s, raised), 'the request raised meanwhile');
    assert.ok(
      !store.getRelay(client.relay)?.warnings.some((w) => w.startsWith(UNREADABLE)),
      'the reason goes once the file reads again',
    );
    const shown = JSON.stringify(store.relays());
    assert.ok(!shown.includes(TOKEN) && !shown.includes(ROTATED), 'no token on screen');
  });

  it('a token given as a string is used as given (no file to re-read)', () => {
    const parsed = parseArgs(['--relay', 'http://127.0.0.1:9', '--token', 'plain'], {});
    assert.ok(parsed.kind === 'run');
    if (parsed.kind === 'run') assert.equal(tokenSource(parsed.options), 'plain');
  });
});
