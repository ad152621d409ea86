import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { readReplayOnce } from '../../src/relay/replay-once.js';
import { ConsoleStore } from '../../src/store/store.js';
import { RELAY_HELLO, startFakeRelay } from './fake-relay.js';
import { findRequest } from './helpers.js';
import { patient } from '../support/patience.js';

const TOKEN = 'list-token';

describe('readReplayOnce against the demo relay', () => {
  let relay: DemoRelay;
  let agent: DemoAgent;
  const ids: string[] = [];

  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
    agent = await startDemoAgent({ relayUrl: relay.url, token: TOKEN, name: 'claude-code', script: 'none' });
    ids.push(
      agent.raise({
        kind: 'permission',
        prompt: 'Run tests?',
        options: [
          { id: 'yes', label: 'Yes' },
          { id: 'no', label: 'No' },
        ],
      }),
    );
    ids.push(agent.raise({ kind: 'input', prompt: 'Which branch?' }));
  });
  after(async () => {
    await agent.close();
    await relay.close();
  });

  it('reads the whole replay into the store and resolves ok after a quiet period', async () => {
    const store = new ConsoleStore();
    const result = await readReplayOnce({ url: relay.url, token: TOKEN, name: 'aep-console', store, quietMs: 100 });
    assert.deepEqual(result, { ok: true });
    for (const id of ids) {
      const record = findRequest(store, id);
      assert.ok(record, `request ${id} listed`);
      assert.equal(record.state, 'pending');
      assert.equal(record.replayed, true);
    }
    const status = store.getRelay(relay.url)!;
    assert.equal(status.connection.kind, 'closed');
    assert.equal(status.replaying, false);
  });

  it('fails with a one-line reason for a wrong token (and never echoes it)', async () => {
    const store = new ConsoleStore();
    const result = await readReplayOnce({ url: relay.url, token: 'wrong-secret', name: 'aep-console', store });
    assert.deepEqual(result, { ok: false, reason: 'relay refused the token (HTTP 401)' });
  });
});

describe('readReplayOnce failures', () => {
  it('fails fast on a closed port', async () => {
    const fake = await startFakeRelay();
    const url = fake.url;
    await fake.close();
    const started = Date.now();
    // The read's own limit made far longer than the bound (scaled for a busy machine, patience.ts): a read
    // that waited it out instead of failing on the refusal would take a minute.
    const result = await readReplayOnce({ url, name: 'aep-console', store: new ConsoleStore(), timeoutMs: 60_000 });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.reason, 'could not connect: connection refused');
    assert.ok(Date.now() - started < patient(2000));
  });

  it('fails on a relay that does not speak 0.1', async () => {
    const fake = await startFakeRelay({ hello: { ...RELAY_HELLO, versions: ['2.0'] } });
    try {
      const result = await readReplayOnce({ url: fake.url, name: 'c', store: new ConsoleStore() });
      assert.deepEqual(result, { ok: false, reason: 'relay speaks AEP 2.0; the console speaks 0.1' });
    } finally {
      await fake.close();
    }
  });

  it('fails when the relay cannot replay everything', async () => {
    const fake = await startFakeRelay({ hello: { ...RELAY_HELLO, capabilities: {} }, autoSubscribe: false });
    try {
      const pending = readReplayOnce({ url: fake.url, name: 'c', store: new ConsoleStore() });
      const conn = await fake.connection(0);
      const sub = await conn.next('subscribe');
      assert.equal(sub.from, 'all');
      conn.send({ type: 'error', id: sub.id, code: 'invalid-filter', detail: 'from "all" unsupported' });
      assert.deepEqual(await pending, { ok: false, reason: 'relay cannot replay history (no replay.all)' });
    } finally {
      await fake.close();
    }
  });

  it('times out when the relay never answers the hello', async () => {
    const fake = await startFakeRelay({ hello: null });
    try {
      const result = await readReplayOnce({ url: fake.url, name: 'c', store: new ConsoleStore(), timeoutMs: 200 });
      assert.equal(result.ok, false);
      assert.match(!result.ok ? result.reason : '', /no answer from the relay|no hello/);
    } finally {
      await fake.close();
    }
  });

  it('reports an invalid URL', async () => {
    const result = await readReplayOnce({ url: 'ftp://x', name: 'c', store: new ConsoleStore() });
    assert.equal(result.ok, false);
  });
});
