// The `aep-console/testing` entry from its sources: the test agent seen from
// the wire (a raw consumer sends the commands a console would and reads
// what the agent emits), and waitForFrame over renders real and scripted.
// The README example runs in testing-readme.test.ts.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import React from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { createTestAgent, waitForFrame, type TestAgent } from '../../src/testing/index.js';
import { consumer, respond, type TestClient } from '../demo/helpers.js';

const TOKEN = 'testing-entry-token';

describe('createTestAgent against the demo relay', () => {
  let relay: DemoRelay;
  let agent: TestAgent;
  let c: TestClient;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
    agent = await createTestAgent({ relay: relay.url, token: TOKEN, agent: 'my-agent', session: 's_test' });
    c = await consumer(relay.url, TOKEN, { id: 'all', filter: { session: 's_test' }, from: 'all' });
  });
  after(async () => {
    await agent.stop();
    await c.close();
    await relay.close();
  });

  const ackOf = (id: unknown) =>
    c.waitFor((f) => (f.type === 'control.accepted' || f.type === 'control.rejected') && f.cause === id);

  test('it says who it is: name, session, source; a hello-declared claim the roster shows', async () => {
    assert.equal(agent.name, 'my-agent');
    assert.equal(agent.session, 's_test');
    assert.match(agent.source, /^aep:\/\/[^/]+\/agent\/my-agent\/session\/s_test$/);
    c.send({ type: 'roster', id: 'r' });
    const roster = await c.waitFor((f) => f.type === 'roster' && f.id === 'r');
    assert.equal(roster.entries.length, 1);
    assert.equal(roster.entries[0].agent, 'my-agent');
    assert.ok(roster.entries[0].control.accepts.includes('control.attention.respond'));
  });

  test('raise resolves with {id, answer, by} once accepted, answered and resolved; a retry is re-acked byte-identically, applied once', async () => {
    const raised = agent.raise({
      kind: 'permission',
      prompt: 'Deploy?',
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
    });
    const request = await c.waitFor((f) => f.id === raised.id);
    assert.equal(request.type, 'attention.requested');
    const cmd = respond('s_test', raised.id, { option: 'yes' });
    c.send(cmd);
    assert.deepEqual(await raised, { id: raised.id, answer: { option: 'yes' }, by: 'aep-console' });
    const ack = await ackOf(cmd.id);
    assert.equal(ack.type, 'control.accepted');
    const answered = await c.waitFor((f) => f.type === 'attention.answered' && f.subject === raised.id);
    assert.equal(answered.cause, cmd.id);
    const resolved = await c.waitFor((f) => f.type === 'attention.resolved' && f.subject === raised.id);
    assert.equal(resolved.cause, answered.id);
    c.send(cmd); // the same command again: the recorded ack, not a second decision
    assert.deepEqual(await ackOf(cmd.id), ack);
    assert.equal(agent.commands.filter((x) => x.id === cmd.id).length, 2);
    c.send({ type: 'ping', t: 'after-retry' });
    await c.waitFor((f) => f.type === 'pong' && f.t === 'after-retry');
    assert.ok(
      !c.frames.some((f) => f.type === 'attention.answered' && f.subject === raised.id && f.id !== answered.id),
      'answered once',
    );
  });

  test('AEP-0008: free text on a permission is applied as its refusing option with the text kept; on a question it is the answer', async () => {
    const permission = agent.raise({
      kind: 'permission',
      prompt: 'Push?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
    });
    c.send(respond('s_test', permission.id, { text: 'use staging instead' }));
    assert.deepEqual((await permission).answer, { option: 'deny', text: 'use staging instead' });
    const byLabel = agent.raise({
      kind: 'permission',
      prompt: 'Push?',
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
    });
    c.send(respond('s_test', byLabel.id, { text: ' allow ' }));
    assert.deepEqual((await byLabel).answer, { option: 'allow' });
    const question = agent.raise({ kind: 'input', prompt: 'Which branch?' });
    c.send(respond('s_test', question.id, { text: 'main' }));
    assert.deepEqual((await question).answer, { text: 'main' });
  });

  test('AEP-0006: invalid form values are nacked invalid and the request stays pending; valid ones resolve it', async () => {
    const form = agent.raise({
      kind: 'form',
      prompt: 'Configure',
      fields: [
        { id: 'name', type: 'string', label: 'Name', required: true },
        { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 5 },
      ],
    });
    let settled = false;
    void form.then(() => (settled = true));
    const bad = respond('s_test', form.id, { values: { name: 'api', replicas: 9 } });
    c.send(bad);
    const nack = await ackOf(bad.id);
    assert.equal(nack.type, 'control.rejected');
    assert.equal(nack.data.reason, 'invalid');
    assert.match(nack.data.detail, /replicas/);
    assert.equal(settled, false);
    c.send(respond('s_test', form.id, { values: { name: 'api', replicas: 3 } }));
    assert.deepEqual(await form, { id: form.id, answer: { values: { name: 'api', replicas: 3 } }, by: 'aep-console' });
  });

  test('an unknown option is nacked invalid; a command it did not declare is nacked unsupported', async () => {
    const raised = agent.raise({ kind: 'permission', prompt: 'Deploy?', options: [{ id: 'yes', label: 'Yes' }] });
    const wrong = respond('s_test', raised.id, { option: 'maybe' });
    c.send(wrong);
    assert.equal((await ackOf(wrong.id)).data.reason, 'invalid');
    const vendor: Record<string, unknown> = {
      ...respond('s_test', raised.id, {}),
      type: 'x.acme.control.poke',
      data: {},
    };
    c.send(vendor);
    const err = await c.waitFor((f) => f.cause === vendor.id);
    assert.equal(err.code ?? err.data?.reason, 'unsupported');
    c.send(respond('s_test', raised.id, { option: 'yes' }));
    await raised;
  });

  test('raise rejects with the reason when the request times out or a cancel dismisses it', async () => {
    const expiring = agent.raise({ kind: 'input', prompt: 'Quick?', expiresInMs: 20 });
    await assert.rejects(expiring, new RegExp(`request ${expiring.id} timed out before it was answered`));
    const dismissed = agent.raise({ kind: 'input', prompt: 'Later?' });
    await c.waitFor((f) => f.id === dismissed.id);
    const cancel = { ...respond('s_test', dismissed.id, {}), type: 'control.cancel', data: { scope: 'run' } };
    c.send(cancel);
    await assert.rejects(dismissed, /was dismissed \(control\.cancel\) before it was answered/);
  });
});

test('stop() rejects what is pending (an unawaited raise does not become an unhandled rejection); a second stop is harmless', async () => {
  const relay = await startDemoRelay({ token: TOKEN });
  const agent = await createTestAgent({ relay: relay.url, token: TOKEN });
  assert.equal(agent.name, 'test-agent');
  assert.match(agent.session, /^s_[0-9a-f]{8}$/);
  const awaited = agent.raise({ kind: 'input', prompt: 'Name?' });
  agent.raise({ kind: 'input', prompt: 'Nobody awaits this one' });
  await agent.stop();
  await agent.stop();
  await assert.rejects(awaited, /was not answered: the agent stopped/);
  assert.throws(() => agent.raise({ kind: 'input', prompt: 'Again?' }), /disconnected/);
  await relay.close();
});

test('a relay that goes away rejects what is pending; a wrong token refuses the start', async () => {
  const relay = await startDemoRelay({ token: TOKEN });
  await assert.rejects(createTestAgent({ relay: relay.url, token: 'wrong' }), /HTTP 401/);
  const agent = await createTestAgent({ relay: relay.url, token: TOKEN });
  const pending = agent.raise({ kind: 'input', prompt: 'Still there?' });
  await relay.close();
  await assert.rejects(pending, /the agent is disconnected/);
  await agent.stop();
});

describe('waitForFrame', () => {
  /** A render-like source whose frames a test writes, as ink-testing-library's stdout records them. */
  function scripted(hookable = true) {
    let last: string | undefined;
    const stdout = Object.assign(new EventEmitter(), {
      write: (frame: string) => {
        last = frame;
      },
    });
    return {
      source: { lastFrame: () => last, ...(hookable ? { stdout } : {}) },
      write: (frame: string) => (hookable ? stdout.write(frame) : (last = frame)),
    };
  }

  test('resolves on the write that shows the text, with the frame as plain text; the current frame counts', async () => {
    const { source, write } = scripted();
    const waiting = waitForFrame(source, 'Deploy?');
    write('\u001b[1mloading\u001b[22m');
    write('\u001b[32mDeploy?\u001b[39m yes/no');
    assert.equal(await waiting, 'Deploy? yes/no');
    assert.equal(await waitForFrame(source, 'yes/no'), 'Deploy? yes/no');
  });

  test('a RegExp matches, a global one as often as asked (no lastIndex carried)', async () => {
    const { source, write } = scripted();
    write('row 1 ✓ allow');
    const re = /✓ (allow|deny)/g;
    assert.match(await waitForFrame(source, re), /allow/);
    assert.match(await waitForFrame(source, re), /allow/);
  });

  test('gives up after the timeout, saying what the screen showed (without its control characters)', async () => {
    const { source, write } = scripted();
    write('\u001b[31mnothing\u0007 here\u001b[39m');
    await assert.rejects(waitForFrame(source, 'Deploy?', { timeout: 5 }), (error: Error) => {
      assert.equal(error.message, 'the screen never showed "Deploy?" within 5 ms; it shows:\nnothing here');
      return true;
    });
    await assert.rejects(
      waitForFrame({ lastFrame: () => undefined }, /x/, { timeout: 1 }),
      /never showed \/x\/ within 1 ms; it shows:\n\(nothing rendered\)/,
    );
  });

  test('a render without a hookable stdout is re-read', async () => {
    const { source, write } = scripted(false);
    const waiting = waitForFrame(source, 'later');
    write('later');
    assert.equal(await waiting, 'later');
  });

  test("an ink-testing-library render: resolves on Ink's next frame", async () => {
    const ui = render(React.createElement(Text, null, 'first'));
    try {
      assert.equal(await waitForFrame(ui, 'first'), 'first');
      const waiting = waitForFrame(ui, /sec.nd/);
      ui.rerender(React.createElement(Text, null, 'second'));
      assert.equal(await waiting, 'second');
    } finally {
      ui.unmount();
    }
  });
});
