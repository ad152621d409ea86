// `respond` behind the gate at the wire, as a spawned process on the demo
// relay: a session whose memory the console lost cannot be proven safe on a
// relay without SSE, so nothing is sent, `unknown` exits 3 and the outbox
// keeps nothing; nor can a session it remembers whole, since a WebSocket
// replay that went quiet is not a read that ended; with SSE, the read of the
// session settles it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { scriptEmitter, type ScriptEmitter } from '../support/script-emitter.js';
import { cliEntry } from './cli-entry.js';
import { patient } from '../support/patience.js';

const TOKEN = 'tok-respond-gate-77c1';
const runner = await cliEntry();
const closers: (() => unknown)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

function respond(relay: DemoRelay, state: string, id: string) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: state,
    XDG_STATE_HOME: state,
    AEP_TOKEN: TOKEN,
    AEP_RELAY: relay.url,
  };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [runner, 'respond', id, '--option', 'allow', '--wait', String(patient(10_000) / 1000), '--json'],
      { env, timeout: patient(60_000) },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A request of A in s1, then 6,000 sessions elsewhere: the console's replay forgets who spoke in s1. */
async function forgottenSession(sse: boolean): Promise<{ relay: DemoRelay; a: ScriptEmitter; state: string }> {
  const relay = await startDemoRelay({ token: TOKEN, sse });
  closers.push(() => relay.close());
  const a = await scriptEmitter({ relayUrl: relay.url, token: TOKEN, host: 'host-a', name: 'codex', session: 's1' });
  closers.push(() => a.close());
  a.raise('01FORGOTTEN0000000000000000');
  await a.synced();
  for (let i = 0; i < 6_000; i++) {
    const event: AepEvent = {
      aep: '0.1',
      id: `evict-${i}`,
      type: 'session.started',
      time: new Date().toISOString(),
      source: 'aep://host-z/agent/other',
      agent: 'other',
      session: `elsewhere-${i}`,
      seq: 0,
      data: {},
    };
    relay.publish(event);
  }
  return { relay, a, state: mkdtempSync(join(tmpdir(), 'aep-respond-gate-')) };
}

test('respond on a relay without SSE, its session forgotten: unknown, exit 3, nothing sent, nothing kept', async () => {
  const { relay, a, state } = await forgottenSession(false);
  const result = await respond(relay, state, '01FORGOTTEN0000000000000000');
  assert.equal(result.code, 3, result.stderr);
  const row = JSON.parse(result.stdout) as { result: string; reason: string };
  assert.equal(row.result, 'unknown');
  assert.match(row.reason, /no read of session "s1" has ended since the relay came back \(the relay has no SSE stream/);
  await a.synced();
  assert.equal(a.received.length, 0, 'nothing reached the agent');
  const outbox = join(state, 'aep-console', 'outbox');
  assert.deepEqual(existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [], []);
});

test('respond on a relay without SSE, nothing forgotten: a replay that went quiet is no proof: unknown, exit 3, nothing sent', async () => {
  const relay = await startDemoRelay({ token: TOKEN, sse: false });
  closers.push(() => relay.close());
  const a = await scriptEmitter({ relayUrl: relay.url, token: TOKEN, host: 'host-a', name: 'codex', session: 's1' });
  closers.push(() => a.close());
  a.raise('01QUIETREPLAY00000000000000');
  await a.synced();
  const state = mkdtempSync(join(tmpdir(), 'aep-respond-gate-'));
  const result = await respond(relay, state, '01QUIETREPLAY00000000000000');
  assert.equal(result.code, 3, result.stdout + result.stderr);
  const row = JSON.parse(result.stdout) as { result: string; reason: string };
  assert.equal(row.result, 'unknown');
  assert.match(row.reason, /no read of session "s1" has ended/);
  await a.synced();
  assert.equal(a.received.length, 0, 'nothing reached the agent');
  const outbox = join(state, 'aep-console', 'outbox');
  assert.deepEqual(existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [], []);
});

test('respond with SSE: the read of the forgotten session ends, shows nobody else, and the answer goes', async () => {
  const { relay, a, state } = await forgottenSession(true);
  const answered = respond(relay, state, '01FORGOTTEN0000000000000000');
  // The agent acknowledges what it receives (the script emitter stays silent otherwise).
  const timer = setInterval(() => {
    const command = a.received[0];
    if (!command) return;
    clearInterval(timer);
    a.send('control.accepted', { cause: command.id, data: {} });
    a.send('attention.answered', {
      subject: '01FORGOTTEN0000000000000000',
      cause: command.id,
      data: { answer: { option: 'allow' }, by: 'ops', via: 'control' },
    });
  }, 20);
  closers.push(() => clearInterval(timer));
  const result = await answered;
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.equal(a.received.length, 1);
});
