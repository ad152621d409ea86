// End to end: the demo relay and a demo agent on loopback, the real <App>
// wired to a real RelayClient, driven by keys; the outcome the agent records
// must show on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { consoleOnDemo } from '../support/e2e-console.js';

const TOKEN = 'e2e-token-not-secret';
const demo = demoRelayAndAgent(TOKEN, 'claude-code');

const consoleOn = (columns = 80) => consoleOnDemo(demo, TOKEN, columns);

const permission = (command: string) => ({
  kind: 'permission',
  prompt: `Permission requested: Bash — ${command}`,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
});

test('answer a permission by option and see the outcome the agent recorded', async () => {
  const ui = consoleOn();
  try {
    demo.agent.raise(permission('rm -rf build/'));
    await ui.until((t) => t.includes('rm -rf build/') && t.includes('live'), 'the request to show');
    await ui.press('\r');
    await ui.until((t) => t.includes('▸ Reply:'), 'the request to open on the Reply row');
    await ui.press('\u001b[A', '\u001b[A', '\r');
    // Back on the list: the row carries the outcome in a word; Enter shows it whole.
    await ui.until(
      (t) => /✓ allow · you (Permission requested: |…)?(Bash — )?rm -rf build\//.test(t),
      'the outcome on the row',
    );
    await ui.press('\r');
    await ui.until((t) => /answered by you via control: Allow \[allow\]/.test(t), 'the recorded outcome');
    const received = demo.agent.received.filter((e) => e.type === 'control.attention.respond');
    assert.equal(received.length, 1, 'exactly one command reached the agent');
    assert.deepEqual(received[0].data, { answer: { option: 'allow' } });
    assert.equal(received[0].agent, 'e2e-console');
    assert.match(ui.frame(), /✓ permission · resolved/);
  } finally {
    await ui.stop();
  }
});

test('answer a permission with free text: the agent applies deny and keeps the text as the reason', async () => {
  const ui = consoleOn();
  try {
    demo.agent.raise(permission('git push --force origin main'));
    await ui.until((t) => t.includes('git push --force'), 'the request to show');
    // The earlier test's request is now recent; the new pending one is first.
    await ui.press('\r');
    await ui.until((t) => t.includes('git push --force') && t.includes('▸ Reply:'), 'the request to open');
    await ui.press('use staging instead', '\r');
    await ui.until((t) => /✓ deny · you …(Bash — )?git push/.test(t), 'the outcome on the row');
    await ui.press('\r');
    await ui.until(
      (t) => /answered by you via control: Deny \[deny\] \(your text: "use staging instead"\)/.test(t),
      'the applied deny with the text',
    );
    const sent = demo.agent.received.filter((e) => e.type === 'control.attention.respond').at(-1)!;
    assert.deepEqual(
      sent.data,
      { answer: { text: 'use staging instead' } },
      'the console never rewrites text into an option',
    );
    assert.equal(sent.capture, 'redacted');
  } finally {
    await ui.stop();
  }
});

test('form: the agent rejects a missing required field, the form comes back, a corrected submit resolves', async () => {
  const ui = consoleOn();
  try {
    const requestId = demo.agent.raise({
      kind: 'form',
      prompt: 'Configure the new service deployment',
      fields: [
        { id: 'name', type: 'string', label: 'Service name', required: true },
        { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
        {
          id: 'db',
          type: 'select',
          label: 'Database',
          other: true,
          choices: [
            { id: '1', label: 'PostgreSQL' },
            { id: '2', label: 'SQLite' },
          ],
        },
      ],
    });
    await ui.until((t) => t.includes('form') && t.includes('Configure the new service'), 'the form request');
    const record = ui.store.allRequests().find((r) => r.id === requestId)!;
    await ui.press('\r');
    await ui.until((t) => t.includes('▸ Service name*'), 'the form to open on its first field');
    // The console validates before sending, so the emitter's own check is
    // exercised by sending what a less careful sender would: no `name`.
    ui.client.respond(record.key, { values: { replicas: 3 } });
    await ui.until((t) => /rejected the answer: name/.test(t), "the emitter's rejection on the form");
    assert.equal(ui.store.request(record.key)!.state, 'pending', 'the request stays pending');
    assert.match(ui.frame().replace(/\s+/g, ' '), /▸ Service name\*/);
    await ui.press('billing-api', '\t', '4', '\t', '\u001b[B', '\r', '\r');
    await ui.until((t) => /✓ form · 3 values · you \[form\] Configure the new/.test(t), 'the outcome on the row');
    await ui.press('\r');
    await ui.until(
      (t) => /answered by you via control: Service name: "billing-api"; Replicas: 4; Database: SQLite/.test(t),
      'the resolved outcome',
    );
    const commands = demo.agent.received.filter(
      (e) => e.type === 'control.attention.respond' && e.subject === requestId,
    );
    assert.equal(commands.length, 2);
    assert.deepEqual(commands[1].data, { answer: { values: { name: 'billing-api', replicas: 4, db: '2' } } });
  } finally {
    await ui.stop();
  }
});

test('two keys: a digit opens the request on that option, Enter sends it; the agent receives exactly that', async () => {
  const ui = consoleOn();
  try {
    const requestId = demo.agent.raise(permission('terraform apply'));
    await ui.until((t) => t.includes('terraform apply') && t.includes('live'), 'the request to show');
    // From "request is listed" to "answer sent": 2 keys.
    await ui.press('2');
    await ui.until((t) => t.includes('▸ 2 Deny'), 'Deny highlighted, nothing sent');
    assert.equal(demo.agent.received.filter((e) => e.subject === requestId).length, 0, 'a digit alone sends nothing');
    await ui.press('\r');
    await ui.until(
      (t) => /✓ deny · you (Permission requested: |…)?(Bash — )?terraform apply/.test(t),
      'the outcome on the row',
    );
    const commands = demo.agent.received.filter(
      (e) => e.type === 'control.attention.respond' && e.subject === requestId,
    );
    assert.equal(commands.length, 1);
    assert.deepEqual(commands[0].data, { answer: { option: 'deny' } });
  } finally {
    await ui.stop();
  }
});

test('batch: 5 alike requests among 7 denied with filter, *, a digit, Enter and y: one command each, distinct ids', async () => {
  const ui = consoleOn(120);
  try {
    const prunes = Array.from({ length: 5 }, () => demo.agent.raise(permission('docker system prune -af')));
    const others = [demo.agent.raise(permission('ls -la')), demo.agent.raise(permission('cat README.md'))];
    await ui.until(
      (t) => (t.match(/docker system prune/g) ?? []).length >= 5 && t.includes('ls -la') && t.includes('cat README.md'),
      'all seven listed',
    );
    await ui.press('/', 'docker prune', '\r', '*', '2', '\r');
    await ui.until((t) => t.includes('Send "Deny" to 5 requests? y/n'), 'the confirmation');
    await ui.press('y');
    await ui.until((t) => (t.match(/✓ deny/g) ?? []).length >= 5, 'every row showing its own outcome');
    const commands = demo.agent.received.filter(
      (e) => e.type === 'control.attention.respond' && prunes.includes(e.subject ?? ''),
    );
    assert.equal(commands.length, 5, 'one command per request');
    assert.deepEqual(new Set(commands.map((e) => e.subject)), new Set(prunes));
    assert.equal(new Set(commands.map((e) => e.id)).size, 5, 'each with its own command id');
    for (const command of commands) assert.deepEqual(command.data, { answer: { option: 'deny' } });
    assert.equal(
      demo.agent.received.filter((e) => others.includes(e.subject ?? '')).length,
      0,
      'the other two untouched',
    );
  } finally {
    await ui.stop();
  }
});
