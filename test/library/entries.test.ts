// The three library entries from their sources: what they export (the semver
// surface: a change here is a deliberate API change), connect()'s wiring,
// and the demo's agents seen from a test's side. The packed package is
// exercised in test/build/package.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as library from '../../src/index.js';
import * as demoEntry from '../../src/demo/index.js';
import * as testingEntry from '../../src/testing/index.js';
import { connect, type ConsoleStore, type RequestRecord } from '../../src/index.js';
import { startDemo } from '../../src/demo/index.js';

/** Resolves with the first value `read` returns, re-read on every store change. */
function untilStore<T>(store: ConsoleStore, read: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = read();
      if (value === undefined) return false;
      unsubscribe();
      resolve(value);
      return true;
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

test('the entries export exactly their documented names', () => {
  assert.deepEqual(Object.keys(library).sort(), [
    'App',
    'ConsoleStore',
    'RelayClient',
    'connect',
    'displayLine',
    'displayText',
    'parseEvent',
  ]);
  assert.deepEqual(Object.keys(demoEntry).sort(), ['startDemo']);
  assert.deepEqual(Object.keys(testingEntry).sort(), ['createTestAgent', 'waitForFrame']);
});

test('startDemo: a token-protected loopback relay and quiet agents, one session each', async () => {
  const demo = await startDemo({ agents: ['claude-code', 'codex'] });
  try {
    assert.match(demo.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(demo.token.length >= 16);
    assert.deepEqual(
      demo.agents.map((agent) => agent.name),
      ['claude-code', 'codex'],
    );
    assert.notEqual(demo.agents[0].session, demo.agents[1].session);
    assert.match(demo.agents[0].source, /\/agent\/claude-code\/session\//);
    assert.deepEqual(
      demo.agents.map((agent) => agent.pendingCount()),
      [0, 0],
      "script 'none' raises nothing on its own",
    );
  } finally {
    await demo.stop();
    await demo.stop(); // a second stop is harmless
  }
});

test('connect() wires a store and started clients; an answer reaches the agent and waitForCommand sees it', async () => {
  const demo = await startDemo({ agents: ['gemini-cli'] });
  const [agent] = demo.agents;
  const { store, clients, stop } = connect({
    relays: [demo.url],
    token: demo.token,
    name: 'entries-test',
    host: 'test-host',
  });
  try {
    assert.equal(clients.length, 1);
    await untilStore(store, () => (store.relays()[0]?.connection.kind === 'live' ? true : undefined));
    const waiting = agent.waitForCommand((command) => command.type === 'control.attention.respond');
    const id = agent.raise({ kind: 'permission', prompt: 'Deploy?', options: [{ id: 'yes', label: 'Yes' }] });
    const record = await untilStore<RequestRecord>(store, () => store.allRequests().find((r) => r.id === id));
    const commandId = clients[0].respond(record.key, { option: 'yes' });
    const command = await waiting;
    assert.equal(command.id, commandId);
    assert.equal(command.subject, id);
    assert.equal(command.agent, 'entries-test');
    assert.deepEqual(command.data, { answer: { option: 'yes' } });
    assert.deepEqual(agent.commands, [command]);
    // A command received before the wait starts is found at once.
    assert.equal(await agent.waitForCommand((c) => c.id === commandId), command);
    await untilStore(store, () => (store.request(record.key)?.state === 'resolved' ? true : undefined));
  } finally {
    await stop();
    await demo.stop();
  }
  assert.equal(store.relays()[0].connection.kind, 'closed');
});

test('waitForCommand fails with a reason: on its timeout, when the demo stops, when the matcher throws', async () => {
  const demo = await startDemo({ agents: ['codex'] });
  const [agent] = demo.agents;
  await assert.rejects(
    agent.waitForCommand(undefined, { timeoutMs: 1 }),
    /no matching command reached codex within 1 ms/,
  );
  agent.raise({ kind: 'input', prompt: 'Branch?' });
  const { clients, store, stop } = connect({ relays: demo.url, token: demo.token });
  try {
    const record = await untilStore(store, () => store.allRequests()[0]);
    const boom = agent.waitForCommand(() => {
      throw new Error('matcher broke');
    });
    clients[0].respond(record.key, { text: 'main' });
    await assert.rejects(boom, /matcher broke/);
  } finally {
    await stop();
  }
  const pending = assert.rejects(
    agent.waitForCommand(() => false),
    /the demo stopped before the command arrived/,
  );
  await demo.stop();
  await pending;
  await assert.rejects(
    agent.waitForCommand(() => false),
    /the demo has stopped/,
  );
});
