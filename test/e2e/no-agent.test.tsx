// End to end ("Triage II"): the demo relay on loopback, a demo
// agent in a child process that raises a request and is then killed (no
// session.ended: its socket just drops). Once the relay's roster has lacked
// its session for 60 s (a fake clock: no sleeping a minute) the request
// moves from Pending to "No agent connected" and is not counted as waiting;
// an agent back on the session brings it back to Pending, and it can be
// answered.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { consoleOnDemo } from '../support/e2e-console.js';
import { tsChild } from '../support/ts-child.js';

const TOKEN = 'e2e-token-not-secret';
const CHILD = fileURLToPath(new URL('./agent-child.ts', import.meta.url));
let relay: DemoRelay;
const children: ChildProcess[] = [];

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
});
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await relay.close();
});

/** A demo agent in its own process; resolves once it is connected, with the id it raised and every command it receives. */
function agentProcess(
  session: string,
  prompt: string,
): Promise<{ child: ChildProcess; id: string; received: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, [...tsChild(CHILD), relay.url, TOKEN, 'gemini-cli', session, prompt], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const received: Record<string, unknown>[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the agent child did not connect')), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) {
        clearTimeout(timer);
        resolve({ child, id: line.slice(6), received });
      } else received.push(JSON.parse(line) as Record<string, unknown>);
    });
    child.once('exit', (code) => reject(new Error(`the agent child exited (${code})`)));
  });
}

test('a killed agent: its request moves to "No agent connected" after 60 s, not counted; back, it returns to Pending and takes an answer', async () => {
  let offset = 0;
  const now = () => Date.now() + offset;
  const ui = consoleOnDemo({ relay }, TOKEN, 80, { now, timing: { rosterRefreshMs: 100, rosterDebounceMs: 20 } });
  try {
    const first = await agentProcess('s_noagent', 'Permission requested: Bash — make deploy');
    await ui.until((t) => t.includes('make deploy') && /1 pending/.test(t), 'the request in Pending');
    const record = ui.store.allRequests().find((r) => r.id === first.id)!;
    await ui.until(() => ui.store.claimants(record.relay, record.session) === 1, 'the roster to show the agent');
    first.child.kill('SIGKILL');
    // The roster is refreshed every 100 ms here: it soon lacks the session.
    await ui.until(() => ui.store.claimants(record.relay, record.session) === 0, 'the roster to lack the session');
    assert.ok(ui.store.absentSince(record.relay, record.session) !== undefined);
    assert.match(ui.frame(), /Pending \(1\)/, 'under a minute: still in Pending');
    offset += 61_000;
    await ui.until((t) => t.includes('No agent connected (1)'), 'the request to move to No agent connected');
    // Until the relay's replay burst has been quiet for a moment (300 ms; the
    // agent's Events extend it) the empty Pending group says it is still
    // reading the history: wait for that to end rather than race it.
    await ui.until((t) => /nothing waiting for you|no request/i.test(t), 'the empty state once the history is read');
    const frame = ui.frame();
    assert.match(frame, /Pending \(0\)/);
    assert.match(frame, /0 pending · 1 no agent/, 'the status line does not count it as waiting');
    assert.match(frame, /nothing waiting for you|no request/i, `the empty state says nothing waits on you:\n${frame}`);
    assert.ok(frame.indexOf('No agent connected') > frame.indexOf('Pending (0)'), 'the group is below Pending');

    const back = await agentProcess('s_noagent', '-');
    await ui.until((t) => /Pending \(1\)/.test(t) && !t.includes('No agent connected'), 'the request back in Pending');
    assert.match(ui.frame(), /1 pending · /);
    await ui.press('\r');
    await ui.until((t) => t.includes('▸ Reply:'), 'the request open');
    await ui.press('\u001b[A', '\u001b[A', '\r');
    await ui.until(
      () => back.received.some((e) => e.type === 'control.attention.respond'),
      'the answer to reach the agent that came back',
    );
    const respond = back.received.find((e) => e.type === 'control.attention.respond')!;
    assert.deepEqual((respond.data as { answer: unknown }).answer, { option: 'allow' });
  } finally {
    await ui.stop();
  }
});
