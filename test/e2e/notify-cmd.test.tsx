// End to end: --notify-cmd's hook on the real <App> and RelayClient, the
// demo relay and agent on loopback, and a real program (a node script
// written here) that appends its stdin and environment to files. A request
// replayed at start-up is not sent; two raised a second apart are, one line
// each naming its id, with the token in neither the lines nor the
// environment.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { consoleOnDemo } from '../support/e2e-console.js';
import { phoneFor } from '../../src/cli/notify-cmd.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';
import { patient } from '../support/patience.js';

const TOKEN = 'e2e-token-notify-cmd-5b1e';
const demo = demoRelayAndAgent(TOKEN, 'claude-code');
const dir = mkdtempSync(join(tmpdir(), 'aep-notify-e2e-'));
after(() => {
  rmSync(dir, { recursive: true, force: true });
  forgetSecrets();
});

const SCRIPT = join(dir, 'record.cjs');
writeFileSync(
  SCRIPT,
  `const fs = require('node:fs');
let data = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (data += c));
process.stdin.on('end', () => {
  fs.appendFileSync(process.argv[2] + '.lines', data);
  fs.appendFileSync(process.argv[2] + '.env', JSON.stringify(process.env) + '\\n');
});
`,
);

const permission = (command: string) => ({
  kind: 'permission',
  prompt: `Permission requested: Bash — ${command}`,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
});

test('--notify-cmd: replayed requests are not sent; two new ones a second apart give two lines naming their ids, no token', async () => {
  // The CLI registers the token as a known secret as it reads it (token-args.ts); the same here.
  addSecret(TOKEN);
  const out = join(dir, 'phone');
  let runs = 0;
  let ran: (() => void) | undefined;
  const phone = phoneFor(
    [process.execPath, SCRIPT, out],
    { ...process.env, AEP_TOKEN: TOKEN, RELAY_AUTH: `Bearer ${TOKEN}` },
    {
      onRunEnd: () => {
        runs++;
        ran?.();
      },
    },
  );
  const runsDone = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waited for ${count} runs, ${runs} ended`)), patient(8_000));
      ran = () => {
        if (runs < count) return;
        clearTimeout(timer);
        resolve();
      };
      ran();
    });
  const old = demo.agent.raise(permission('make old-news'));
  let offset = 0;
  const ui = consoleOnDemo(demo, TOKEN, 100, { now: () => Date.now() + offset, phone: phone.hook });
  try {
    await ui.until(
      (t) => t.includes('make old-news') && ui.store.relays().every((relay) => !relay.replaying),
      'the replayed request, and the replay done',
    );
    const first = demo.agent.raise(permission('make deploy'));
    await runsDone(1);
    offset += 1_000;
    // Its prompt carries the token: the line says [token].
    const second = demo.agent.raise(permission(`curl -H "Authorization: Bearer ${TOKEN}" https://x`));
    await runsDone(2);
    const text = readFileSync(out + '.lines', 'utf8');
    const lines = text.split('\n').filter(Boolean);
    assert.deepEqual(
      lines.map((line) => JSON.parse(line).id),
      [first, second],
      'one line each, the replayed one not sent',
    );
    assert.ok(!text.includes(old));
    for (const line of lines) assert.equal(JSON.parse(line).event, 'requested');
    assert.ok(!text.includes(TOKEN), text);
    const envText = readFileSync(out + '.env', 'utf8');
    assert.ok(!envText.includes(TOKEN), 'the token is in no variable of its environment');
    const env = JSON.parse(envText.split('\n')[0]) as Record<string, string>;
    assert.equal(env.AEP_TOKEN, undefined);
    assert.equal(env.RELAY_AUTH, undefined);
    assert.equal(env.PATH, process.env.PATH);
  } finally {
    phone.runner.stop();
    await ui.stop();
  }
});
