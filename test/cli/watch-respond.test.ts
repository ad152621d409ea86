// End to end: `watch` and `respond` as spawned processes (the one prebuilt
// CLI, cli-entry.ts) against the demo relay and a demo agent on loopback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const TOKEN = 'tok-watch-respond-5a4b';
const runner = await cliEntry();
let relay: DemoRelay;
let agent: DemoAgent;
const state = mkdtempSync(join(tmpdir(), 'aep-watch-'));
const OPTIONS = [
  { id: 'allow', label: 'Allow' },
  { id: 'deny', label: 'Deny' },
];

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'codex-5',
    script: 'none',
    ackWindowMs: 1000,
  });
});
/** Every `watch` still running: a test that fails before it stops its own must not leave the file hanging on it. */
const watching = new Set<ChildProcess>();
after(async () => {
  for (const child of watching) child.kill('SIGKILL');
  await agent.close();
  await relay.close();
});

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: state,
    XDG_STATE_HOME: state,
    AEP_TOKEN: TOKEN,
    AEP_RELAY: relay.url,
    ...extra,
  };
}

function run(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [runner, ...args],
      { env: env(extra), timeout: patient(30_000) },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A running `watch`: its lines as they come, and a wait for the first one that matches. */
function watch(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [runner, 'watch', ...args], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  watching.add(child);
  child.on('exit', () => watching.delete(child));
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      lines.push(line);
      for (const w of [...waiters]) {
        if (!w.match(line)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  return {
    lines,
    stderr: () => stderr,
    exited,
    stop: (signal: NodeJS.Signals) => child.kill(signal),
    next: (match: (line: string) => boolean) =>
      new Promise<string>((resolve) => {
        const found = lines.find(match);
        if (found !== undefined) resolve(found);
        else waiters.push({ match, resolve });
      }),
  };
}

function published(id: string, session: string, source: string): AepEvent {
  return {
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: new Date().toISOString(),
    source,
    agent: 'codex-5',
    session,
    seq: 0,
    data: { kind: 'permission', prompt: 'Run it?', options: OPTIONS },
  };
}

test('watch --json: one object per line, the pending first, then what happens; respond answers (exit 0); SIGINT exits 130', async () => {
  const before = agent.raise({
    kind: 'permission',
    prompt: 'Bash: rm -rf build/ \u001b[2J\u202e',
    options: OPTIONS,
    severity: 'warning',
  });
  const w = watch(['--json']);
  const first = JSON.parse(await w.next((l) => l.includes(before))) as Record<string, unknown>;
  assert.equal(first.event, 'requested');
  assert.equal(first.state, 'pending');
  assert.equal(first.agent, 'codex-5');
  assert.equal(first.kind, 'permission');
  const live = agent.raise({ kind: 'input', prompt: 'Which branch?' });
  await w.next((l) => l.includes(live));
  const answered = await run(['respond', before, '--option', 'deny', '--json']);
  assert.equal(answered.code, 0, answered.stderr);
  const outcome = JSON.parse(answered.stdout.trim()) as Record<string, unknown>;
  assert.equal(outcome.result, 'applied');
  // Applied once the agent records our answer (attention.answered); its resolved may come in the same burst or just after.
  assert.ok(['answered', 'resolved'].includes((outcome.outcome as { state: string }).state), answered.stdout);
  await w.next((l) => l.includes(before) && JSON.parse(l).event === 'resolved');
  // Answered and resolved may arrive in one burst: the answer is still its own line, before the outcome.
  assert.deepEqual(
    w.lines.filter((l) => l.includes(before)).map((l) => JSON.parse(l).event),
    ['requested', 'answered', 'resolved'],
  );
  const text = await run(['respond', live, '--text', 'main']);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^applied: codex-5 .* \[id (\w+)\]$/m);
  assert.equal(/\[id (\w+)\]$/m.exec(text.stdout)?.[1], live, 'the id answered, as given');
  w.stop('SIGINT');
  assert.equal(await w.exited, 130);
  for (const line of w.lines) {
    const row = JSON.parse(line) as Record<string, unknown>;
    assert.ok(['requested', 'answered', 'resolved', 'timeout', 'stale', 'relay'].includes(String(row.event)), line);
    assert.doesNotMatch(line, /[\u001b\u202e]/);
    assert.ok(!line.includes(TOKEN));
  }
  assert.ok(w.lines.some((l) => JSON.parse(l).event === 'relay' && JSON.parse(l).state === 'live'));
});

test('watch (text) says when its relay goes and comes back, and SIGTERM exits 143; nothing but lines', async () => {
  const hostile = agent.raise({
    kind: 'input',
    prompt: 'Name? \u001b[31mred\u001b[0m \u202eevil',
    severity: 'warning',
  });
  const w = watch([]);
  await w.next((l) => / relay {5}\S+ live$/.test(l));
  const line = await w.next((l) => l.includes(hostile));
  assert.match(line, /^\d\d:\d\d:\d\d requested codex-5 \S+ input warning : Name\? /);
  const restarted = await relay.faults.restart();
  assert.equal(restarted.url, relay.url);
  relay = restarted;
  await w.next((l) => / relay {5}\S+ reconnecting/.test(l));
  await w.next((l) => / relay {5}\S+ live$/.test(l) && w.lines.filter((x) => / live$/.test(x)).length >= 2);
  w.stop('SIGTERM');
  assert.equal(await w.exited, 143);
  assert.doesNotMatch(w.lines.join('\n'), /[\u001b\u202e]/);
  // The agent lost its connection with the old relay: a new one for the tests below.
  await agent.close();
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'codex-5',
    script: 'none',
    ackWindowMs: 1000,
  });
});

test('respond: usage errors exit 2 with one line', async () => {
  const id = agent.raise({ kind: 'permission', prompt: 'Deploy?', options: OPTIONS });
  for (const args of [
    ['respond'],
    ['respond', id],
    ['respond', id, '--option', 'a', '--text', 'b'],
    ['respond', id, '--values', '[1]'],
    ['respond', id, '--option', 'maybe'],
    ['respond', id, '--option', 'allow', '--wait', 'soon'],
  ]) {
    const result = await run(args);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
  const form = agent.raise({
    kind: 'form',
    prompt: 'Config',
    fields: [{ id: 'replicas', type: 'number', label: 'Replicas', required: true, min: 1, max: 5 }],
  });
  const bad = await run(['respond', form, '--values', '{"replicas":9}']);
  assert.equal(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /replicas/);
  const good = await run(['respond', form, '--values', '{"replicas":3}', '--json']);
  assert.equal(good.code, 0, good.stderr);
});

test('respond refuses (exit 3): not pending, informational, ambiguous id, no route, rejected, unknown, not authorized', async () => {
  const id = agent.raise({ kind: 'permission', prompt: 'Once', options: OPTIONS });
  assert.equal((await run(['respond', id, '--option', 'allow'])).code, 0);
  const again = await run(['respond', id, '--option', 'allow', '--json']);
  assert.equal(again.code, 3);
  assert.equal(JSON.parse(again.stdout).result, 'not-pending');
  const oob = agent.raise({
    kind: 'permission',
    prompt: 'Local',
    options: OPTIONS,
    respondVia: ['oob'],
    resolveAfterMs: 60_000,
  });
  assert.match((await run(['respond', oob, '--option', 'allow'])).stderr, /informational/);
  const shared = '01HZZZZZZZZZZZZZZZZZZZZZZA';
  relay.publish(published(shared, 's-nobody', 'aep://host-a/agent/codex-5'));
  relay.publish(published(shared, 's-nobody', 'aep://host-b/agent/codex-5'));
  const ambiguous = await run(['respond', shared, '--option', 'allow']);
  assert.equal(ambiguous.code, 3);
  assert.match(ambiguous.stderr, /2 emitters .*--source/);
  // --source picks the request; it does not make the route safe: the other emitter's open twin refuses it (the gate).
  const twin = await run(['respond', shared, '--source', 'aep://host-b/agent/codex-5', '--option', 'allow', '--json']);
  assert.equal(twin.code, 3, twin.stderr);
  assert.equal(JSON.parse(twin.stdout).result, 'unsafe-route');
  assert.match(JSON.parse(twin.stdout).reason, /open request with the same session "s-nobody" and id/);
  const lone = '01HZZZZZZZZZZZZZZZZZZZZZZC';
  relay.publish(published(lone, 's-nobody-2', 'aep://host-b/agent/codex-5'));
  const noRoute = await run(['respond', lone, '--option', 'allow', '--json']);
  assert.equal(noRoute.code, 3, noRoute.stderr);
  assert.equal(JSON.parse(noRoute.stdout).result, 'no-route');
  // An id the agent does not hold, in its own session and under its own source: the agent rejects it.
  relay.publish({ ...published('01HZZZZZZZZZZZZZZZZZZZZZZB', agent.session, agent.source), seq: 1_000_000 });
  const rejected = await run(['respond', '01HZZZZZZZZZZZZZZZZZZZZZZB', '--option', 'allow', '--json']);
  assert.equal(rejected.code, 3, rejected.stderr);
  assert.equal(JSON.parse(rejected.stdout).result, 'rejected');
  assert.equal((await run(['respond', 'no-such-id', '--option', 'allow'])).code, 3);
  const unauthorized = await run(['respond', id, '--option', 'allow'], { AEP_TOKEN: 'wrong-token' });
  assert.equal(unauthorized.code, 3, unauthorized.stderr);
  assert.ok(!unauthorized.stderr.includes('wrong-token'));
});

test('respond: no acknowledgement within --wait exits 4, and a relay gone before the ack leaves the answer in the outbox', async () => {
  const id = agent.raise({ kind: 'permission', prompt: 'Silent?', options: OPTIONS });
  agent.silent = true;
  agent.onCommand = () => void relay.faults.kill();
  const result = await run(['respond', id, '--option', 'allow', '--wait', '2', '--json']);
  agent.silent = false;
  agent.onCommand = undefined;
  assert.equal(result.code, 4, result.stderr);
  const row = JSON.parse(result.stdout) as { result: string; command_id: string };
  assert.equal(row.result, 'no-ack');
  const outbox = join(state, 'aep-console', 'outbox');
  assert.ok(existsSync(outbox));
  const saved = readdirSync(outbox).filter((name) => name.includes(row.command_id));
  assert.equal(saved.length, 1, readdirSync(outbox).join(', '));
  assert.match(readFileSync(join(outbox, saved[0]!), 'utf8'), /"option":"allow"/);
});
