// End to end: the answer ledger through `respond` (spawned, the one prebuilt
// CLI) on the demo relay with demo agents on loopback. A saved answer and
// the operator's meet: only the operator's goes on the wire, the saved one is
// superseded (said, kept in the history). Two emitters share a session name
// and a request id: nothing is sent, and respond says why (exit 3).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const TOKEN = 'tok-respond-ledger-7c1d';
const runner = await cliEntry();
let relay: DemoRelay;
const agents: DemoAgent[] = [];
const state = mkdtempSync(join(tmpdir(), 'aep-ledger-'));
const OPTIONS = [
  { id: 'allow', label: 'Allow' },
  { id: 'deny', label: 'Deny' },
];

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
});
after(async () => {
  for (const agent of agents) await agent.close();
  await relay.close();
});

async function agentNamed(name: string, extra: { host?: string; session?: string } = {}): Promise<DemoAgent> {
  const agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name,
    script: 'none',
    ackWindowMs: 1000,
    ...extra,
  });
  agents.push(agent);
  return agent;
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: state,
    XDG_STATE_HOME: state,
    AEP_TOKEN: TOKEN,
    AEP_RELAY: relay.url,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [runner, ...args], { env, timeout: patient(30_000) }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const outbox = () =>
  existsSync(join(state, 'aep-console', 'outbox'))
    ? readdirSync(join(state, 'aep-console', 'outbox')).filter((f) => f.endsWith('.json'))
    : [];

test("a saved allow and the operator's deny meet: one command on the wire, the deny; the saved allow is superseded, and the history says so", async () => {
  const agent = await agentNamed('codex-7');
  const id = agent.raise({ kind: 'permission', prompt: 'deploy prod?', options: OPTIONS });
  // An earlier answer the agent never acknowledges: it stays in the outbox when respond stops waiting.
  agent.silent = true;
  const first = await run(['respond', id, '--option', 'allow', '--wait', '1', '--json']);
  assert.equal(first.code, 4, first.stderr);
  assert.equal(JSON.parse(first.stdout).result, 'no-ack');
  assert.equal(outbox().length, 1, 'the unacknowledged allow is saved');
  agent.silent = false;
  const before = agent.received.length;

  const second = await run(['respond', id, '--option', 'deny', '--json']);
  assert.equal(second.code, 0, second.stderr);
  const row = JSON.parse(second.stdout) as { result: string; outcome: { state: string } };
  assert.equal(row.result, 'applied');
  const wire = agent.received.slice(before).filter((e) => e.type === 'control.attention.respond');
  assert.deepEqual(
    wire.map((e) => (e.data as { answer: unknown }).answer),
    [{ option: 'deny' }],
    "only the operator's answer went out; the saved allow never did",
  );
  assert.equal(outbox().length, 0, 'the superseded allow is gone from disk');

  const history = await run(['history', '--json']);
  assert.equal(history.code, 0, history.stderr);
  const decisions = history.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { action: string; sent: unknown; outcome?: { state: string; reason?: string } });
  // The saved allow is one decision (its command id): given by the earlier respond, its outcome superseded.
  const saved = decisions.find((d) => JSON.stringify(d.sent) === '{"option":"allow"}');
  assert.ok(saved, history.stdout);
  assert.equal(saved.outcome?.state, 'superseded');
  assert.match(saved.outcome?.reason ?? '', /you answered the request here yourself/);
  assert.ok(
    decisions.some(
      (d) => d.action === 'answer' && JSON.stringify(d.sent) === '{"option":"deny"}' && d.outcome?.state === 'applied',
    ),
  );
});

test('two emitters share a session name and a request id: respond sends nothing and says why (exit 3)', async () => {
  const a = await agentNamed('deployer', { host: 'host-a', session: 'shared-1' });
  const b = await agentNamed('deployer', { host: 'host-b', session: 'shared-1' });
  const id = '01JSHAREDREQUEST0000000001';
  a.raise({ id, kind: 'permission', prompt: 'deploy prod?', options: OPTIONS });
  b.raise({ id, kind: 'permission', prompt: 'delete staging?', options: OPTIONS });
  const before = [a.received.length, b.received.length];
  const source = `aep://host-a/agent/deployer/session/shared-1`;
  const result = await run(['respond', id, '--source', source, '--option', 'allow', '--json']);
  assert.equal(result.code, 3, result.stderr);
  const row = JSON.parse(result.stdout) as { result: string; reason: string };
  assert.equal(row.result, 'unsafe-route');
  assert.match(row.reason, /session "shared-1"/);
  assert.match(row.reason, /routed by session name \(AEP-0004 §2\.2\)/);
  assert.equal(a.received.length, before[0], 'nothing reached A');
  assert.equal(b.received.length, before[1], 'nothing reached B');
});
