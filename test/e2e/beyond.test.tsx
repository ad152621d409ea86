// End to end: the demo relay and a demo agent that honours
// cancel / pause / resume as AEP-0004 says a target must; the real <App> and
// RelayClient, driven by keys. The cause is read from the relay (SSE single
// pass), the commands reach the agent, and its outcomes show on the rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { consoleOnDemo } from '../support/e2e-console.js';

const TOKEN = 'e2e-beyond-token-not-secret';
const demo = demoRelayAndAgent(TOKEN, 'codex');

const consoleOn = () => consoleOnDemo(demo, TOKEN);

const bash = (command: string) => ({
  kind: 'permission',
  subject: 'Bash',
  prompt: `Permission requested: Bash — ${command}`,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
  args: { command },
});

test('the cause is read from the relay; x cancels the run: the agent dismisses its requests, the rows say so', async () => {
  const ui = consoleOn();
  try {
    demo.agent.raise(bash('terraform apply -auto-approve'));
    demo.agent.raise(bash('terraform destroy'));
    await ui.until((t) => t.includes('terraform destroy') && t.includes('live'), 'the requests to show');
    await ui.press('\r');
    await ui.until(
      (t) => t.includes('Cause: tool.requested Bash') && t.includes('│ command: terraform'),
      'the cause with its arguments',
    );
    await ui.press('\u001b');
    await ui.until((t) => t.includes('j/k move'), 'back on the list');
    const run = demo.agent.run;
    await ui.press('x');
    await ui.until(
      (t) => t.includes(`Cancel run ${run} of codex (session ${demo.agent.session})? y/n`),
      'the question',
    );
    await ui.press('\t', 'stuck', '\r');
    await ui.until((t) => (t.match(/run cancelled/g) ?? []).length === 2, 'both rows of the run cancelled');
    const cancels = demo.agent.received.filter((e) => e.type === 'control.cancel');
    assert.equal(cancels.length, 1, 'one command reached the agent');
    assert.deepEqual(cancels[0].data, { scope: 'run', reason: 'stuck' });
    assert.equal(cancels[0].run, run);
    assert.equal(demo.agent.pendingCount(), 0, "the agent dismissed the run's requests");
    assert.notEqual(demo.agent.run, run, 'the agent went on in a new run');
  } finally {
    await ui.stop();
  }
});

test('p pauses the session and p again resumes it: the agent reports each, cause-linked; t shows it in the timeline', async () => {
  const ui = consoleOn();
  try {
    demo.agent.raise(bash('npm publish'));
    await ui.until((t) => t.includes('npm publish') && t.includes('live'), 'the request');
    await ui.press('p');
    await ui.until((t) => t.includes(`Pause session ${demo.agent.session} of codex? y/n`), 'the question');
    await ui.press('y');
    await ui.until((t) => /paused Permission requested: Bash — npm publish/.test(t), 'paused on the row');
    assert.equal(demo.agent.paused, true);
    await ui.press('p');
    await ui.until((t) => t.includes('Resume session'), 'resume asked');
    await ui.press('y');
    await ui.until(() => !demo.agent.paused, 'the agent resumed');
    await ui.press('t');
    await ui.until(
      (t) => t.includes('Timeline codex') && t.includes('control.resume') && t.includes('progress.status running'),
      'the timeline',
    );
    await ui.press('\u001b');
    await ui.until((t) => !t.includes('Timeline'), 'back');
  } finally {
    await ui.stop();
  }
});
