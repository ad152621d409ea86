// A known token split by a combining mark, a blank letter or a space (and by
// every invisible class before them) is redacted where `list` is not
// enough to show it (names-and-tokens.test.ts covers list, --json and the
// crash report): on the console's screen, and in `watch` (text and --json)
// as a spawned process against the demo relay and a demo agent on loopback.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';
import { cliEntry } from '../cli/cli-entry.js';
import { readsAs, SPLITTERS, spread } from '../support/split-tokens.js';
import { permissionFrom, renderApp } from '../support/ui.js';

const TOKEN = 'tok-FOLDS-3e8a1d';
const OPTIONS = [
  { id: 'allow', label: 'Allow' },
  { id: 'deny', label: 'Deny' },
];
const state = mkdtempSync(join(tmpdir(), 'aep-folds-'));
let relay: DemoRelay;
let agent: DemoAgent;

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'echoer',
    script: 'none',
    ackWindowMs: 1000,
  });
  for (const [name, joiner] of SPLITTERS)
    agent.raise({ kind: 'permission', prompt: `${name}: ${spread(TOKEN, joiner)} end`, options: OPTIONS });
});
after(async () => {
  await agent.close();
  await relay.close();
  rmSync(state, { recursive: true, force: true });
});

test('the console: no split token on screen, whichever request is open', async (t) => {
  t.after(forgetSecrets);
  addSecret(TOKEN); // as main() does for --token and AEP_TOKEN
  const events = SPLITTERS.map(([name, joiner], i) =>
    permissionFrom(`agent-${i}`, `s${i}`, `${name}: ${spread(TOKEN, joiner)} end`),
  );
  const h = await renderApp({ size: { columns: 160, rows: 40 }, stdout: { columns: 160, rows: 40 }, events });
  t.after(h.unmount);
  const seen = new Set<string>();
  for (let i = 0; i < SPLITTERS.length; i++) {
    const frame = h.frame();
    assert.ok(!frame.includes('FOLDS') && !readsAs(frame, TOKEN), `the token reads on screen: ${frame}`);
    // The detail shows the selected request's prompt whole: each one is seen redacted.
    for (const [name] of SPLITTERS) if (frame.includes(`${name}: [token]`)) seen.add(name);
    await h.press('j');
  }
  assert.deepEqual([...seen].sort(), SPLITTERS.map(([name]) => name).sort());
});

/** `watch` (or `watch --json`) until it has told every request raised, then stopped. */
async function watched(json: boolean): Promise<string> {
  const runner = await cliEntry();
  const child = spawn(process.execPath, [runner, 'watch', ...(json ? ['--json'] : [])], {
    env: { PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, AEP_TOKEN: TOKEN, AEP_RELAY: relay.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if ((out.match(/ end/g) ?? []).length >= SPLITTERS.length) resolve();
    });
    child.on('exit', () => reject(new Error(`watch exited: ${err}`)));
  });
  child.kill('SIGINT');
  await exited;
  return out;
}

for (const json of [false, true]) {
  test(`watch${json ? ' --json' : ''}: every split token is redacted`, async () => {
    const out = await watched(json);
    assert.ok(!out.includes('FOLDS') && !readsAs(out, TOKEN), `the token reads in watch's output: ${out}`);
    // What followed the token's last character is left as it was (a space, a blank; an invisible one as a marker or a JSON escape).
    assert.equal(
      (out.match(/\[token\](?:⟨U\+[0-9A-F]{4,6}⟩|\\u[0-9a-f]{4}|[\s\u2800])*end/g) ?? []).length,
      SPLITTERS.length,
      out,
    );
  });
}
