// The relay client end to end over loopback sockets: the demo relay, demo
// agents that honour answers as a conformant target must, and the store.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoAgent, type DemoAgent, type RaiseRequest } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { RequestRecord } from '../../src/store/types.js';
import { permissionRequest, replicasField, selectField } from '../support/requests.js';
import { startDurableEmitter } from './durable-emitter.js';
import { findRequest, relayStatus, waitFor, waitForConnection } from './helpers.js';

const TOKEN = 'e2e-token';
const TIMING = { rosterDebounceMs: 20, backoffInitialMs: 100 };
const PERMISSION = permissionRequest('Run rm -rf build/?');
const FORM: RaiseRequest = {
  kind: 'form',
  prompt: 'Deploy settings',
  fields: [
    selectField(
      'env',
      'Environment',
      [
        ['prod', 'Production'],
        ['staging', 'Staging'],
      ],
      { required: true },
    ),
    replicasField(5),
  ],
};

let sessionCounter = 0;
const nextSession = (): string => `s_e2e_${++sessionCounter}`;

async function live(store: ConsoleStore, client: RelayClient): Promise<void> {
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
    'live',
  );
}

async function raised(store: ConsoleStore, agent: DemoAgent, request: RaiseRequest): Promise<RequestRecord> {
  const id = agent.raise(request);
  return waitFor(store, (s) => findRequest(s, id), `request ${id}`);
}

function resolved(store: ConsoleStore, key: string) {
  return waitFor(store, (s) => (s.request(key)?.state === 'resolved' ? s.request(key) : undefined), 'resolved');
}

/** A console client of `relay` that is stopped, and the relay closed (the latest one, should the test restart it), once `body` is done. */
async function withConsole(
  relay: DemoRelay,
  token: string | undefined,
  body: (ctx: { relay: DemoRelay; store: ConsoleStore; client: RelayClient }) => Promise<void>,
): Promise<void> {
  const store = new ConsoleStore();
  const ctx = {
    relay,
    store,
    client: new RelayClient({ url: relay.url, token, name: 'aep-console', store, timing: TIMING }),
  };
  try {
    await body(ctx);
  } finally {
    await ctx.client.stop();
    await ctx.relay.close();
  }
}

function settled(store: ConsoleStore, commandId: string, timeoutMs?: number) {
  return waitFor(
    store,
    (s) => {
      const command = s.command(commandId);
      return command && command.state !== 'sending' ? command : undefined;
    },
    `command ${commandId} settled`,
    timeoutMs,
  );
}

describe('against the demo relay with a token', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  const agents: DemoAgent[] = [];
  const agent = async (session = nextSession(), ackWindowMs?: number): Promise<DemoAgent> => {
    const a = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: 'claude-code',
      host: 'host-a',
      session,
      script: 'none',
      ackWindowMs,
    });
    agents.push(a);
    return a;
  };

  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
    store = new ConsoleStore();
    client = new RelayClient({
      url: relay.url,
      token: TOKEN,
      name: 'aep-console',
      host: 'console-host',
      store,
      timing: TIMING,
    });
    client.start();
    await live(store, client);
  });
  after(async () => {
    await client.stop();
    await Promise.allSettled(agents.map((a) => a.close()));
    await relay.close();
  });

  it('is live, not watch-only, with replay.all and a roster', () => {
    const status = relayStatus(store, client.relay);
    assert.equal(status.watchOnly, false);
    assert.equal(status.replayAll, true);
    assert.equal(status.roster, true);
  });

  it('answers by option: accepted, then resolved with the applied answer', async () => {
    const a = await agent();
    const request = await raised(store, a, PERMISSION);
    assert.equal(request.replayed, false);
    const id = client.respond(request.key, { option: 'allow' });
    assert.equal((await settled(store, id)).state, 'accepted');
    const done = await resolved(store, request.key);
    assert.deepEqual(done.answered?.answer, { option: 'allow' });
    assert.equal(done.answered?.by, 'aep-console');
    assert.equal(done.answered?.cause, id);
    assert.equal(a.received.length, 1);
  });

  it('text that names an option is applied as that option', async () => {
    const a = await agent();
    const request = await raised(store, a, PERMISSION);
    const id = client.respond(request.key, { text: 'Allow' });
    assert.equal(a.received.length, 0);
    assert.equal((await settled(store, id)).state, 'accepted');
    const done = await resolved(store, request.key);
    assert.deepEqual(done.answered?.answer, { option: 'allow' });
    assert.deepEqual(a.received[0].data, { answer: { text: 'Allow' } }, 'the console sends text as text');
    assert.equal(a.received[0].capture, 'redacted');
  });

  it('unmatched text on a permission applies the refusing option, text kept', async () => {
    const a = await agent();
    const request = await raised(store, a, PERMISSION);
    const id = client.respond(request.key, { text: 'use staging instead' });
    assert.equal((await settled(store, id)).state, 'accepted');
    const done = await resolved(store, request.key);
    assert.deepEqual(done.answered?.answer, { option: 'deny', text: 'use staging instead' });
  });

  it('valid form values are accepted and recorded', async () => {
    const a = await agent();
    const request = await raised(store, a, FORM);
    const id = client.respond(request.key, { values: { env: 'staging', replicas: 2 } });
    assert.equal((await settled(store, id)).state, 'accepted');
    const done = await resolved(store, request.key);
    assert.deepEqual(done.answered?.answer.values, { env: 'staging', replicas: 2 });
  });

  it('invalid form values are rejected invalid and the request stays pending', async () => {
    const a = await agent();
    const request = await raised(store, a, FORM);
    const id = client.respond(request.key, { values: { replicas: 3 } });
    const command = await settled(store, id);
    assert.equal(command.state, 'rejected');
    assert.equal(command.reason, 'invalid');
    assert.match(command.detail ?? '', /env/);
    assert.equal(store.request(request.key)?.state, 'pending');
  });

  it('a request gone stale (its session ended) takes no answer: nothing is sent', async () => {
    const a = await agent();
    const request = await raised(store, a, PERMISSION);
    await a.close();
    await waitFor(store, (s) => s.request(request.key)?.state === 'stale', 'stale after session.ended');
    assert.equal(client.respond(request.key, { option: 'allow' }), '', 'the ledger refuses: the request has closed');
    assert.equal(a.received.length, 0);
  });

  it('no-route when the agent has gone without ending its session (the relay refuses)', async () => {
    const a = await agent();
    const request = await raised(store, a, PERMISSION);
    await a.drop();
    // A dead emitter leaves the roster silently: another session starting makes the console ask for a fresh one.
    await agent();
    await waitFor(store, (s) => s.claimants(client.relay, request.session) === 0, 'roster without the session');
    const id = client.respond(request.key, { option: 'allow' });
    const command = await settled(store, id);
    assert.equal(command.state, 'refused-by-relay');
    assert.equal(command.code, 'no-route');
    assert.equal(relayStatus(store, client.relay).watchOnly, false);
  });

  it('no-route for a session nobody claims', async () => {
    const session = nextSession();
    const event: AepEvent = {
      aep: '0.1',
      id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
      type: 'attention.requested',
      time: new Date().toISOString(),
      source: `aep://host-b/agent/codex/session/${session}`,
      agent: 'codex',
      session,
      seq: 0,
      data: { kind: 'input', prompt: 'Which branch?' },
    };
    relay.publish(event);
    const request = await waitFor(store, (s) => findRequest(s, event.id), 'published request');
    const command = await settled(store, client.respond(request.key, { text: 'main' }));
    assert.equal(command.code, 'no-route');
  });

  it('two emitters claim one session: nothing is sent (the relay could route it to either), and the status line says why', async () => {
    const session = nextSession();
    const a = await agent(session);
    const b = await agent(session);
    await waitFor(store, (s) => s.claimants(client.relay, session) === 2, 'two claimants in the roster');
    const request = await raised(store, a, PERMISSION);
    assert.equal(client.respond(request.key, { option: 'deny' }), '');
    assert.ok(
      relayStatus(store, client.relay).warnings.some((w) =>
        /an answer was not sent: Not sent: 2 agents are live in session/.test(w),
      ),
    );
    assert.equal(a.received.length + b.received.length, 0);
  });

  it('ack silence: the same id is resent twice, then a local timeout', async () => {
    // The smallest window a roster may declare (shorter ones are not believed): 3 × 1 s.
    const a = await agent(nextSession(), 1_000);
    a.silent = true;
    await waitFor(store, (s) => s.ackWindowMs(client.relay, a.session) === 1_000, 'ack window from the roster');
    const request = await raised(store, a, PERMISSION);
    const id = client.respond(request.key, { option: 'allow' });
    assert.equal(store.command(id)?.ackWindowMs, 1_000);
    const command = await settled(store, id, 8_000);
    assert.equal(command.state, 'timeout');
    assert.equal(command.attempts, 3);
    assert.deepEqual(
      a.received.map((c) => c.id),
      [id, id, id],
    );
    assert.equal(store.request(request.key)?.state, 'pending');
  });
});

describe('against a relay without a token (watch-only)', () => {
  it('shows watch-only and a command comes back refused-by-relay unauthorized', async () => {
    await withConsole(await startDemoRelay(), undefined, async ({ relay, store, client }) => {
      client.start();
      await live(store, client);
      assert.equal(relayStatus(store, client.relay).watchOnly, true);
      const a = await startDemoAgent({ relayUrl: relay.url, name: 'codex', script: 'none' });
      try {
        const request = await raised(store, a, PERMISSION);
        const command = await settled(store, client.respond(request.key, { option: 'allow' }));
        assert.equal(command.state, 'refused-by-relay');
        assert.equal(command.code, 'unauthorized');
        assert.equal(a.received.length, 0);
      } finally {
        await a.close();
      }
    });
  });
});

describe('wrong token', () => {
  it('shows unauthorized (HTTP 401)', async () => {
    await withConsole(await startDemoRelay({ token: TOKEN }), 'wrong', async ({ store, client }) => {
      client.start();
      const state = await waitForConnection(store, client.relay, 'unauthorized');
      assert.equal(state.detail, 'relay refused the token (HTTP 401)');
      assert.ok(!JSON.stringify(store.relays()).includes('wrong'));
    });
  });
});

describe('relay restart mid-session', () => {
  it('reconnects, keeps the same pending list without duplicates, and delivers a queued command exactly once', async () => {
    const first = await startDemoRelay({ token: TOKEN });
    const port = first.port;
    await withConsole(first, TOKEN, async (ctx) => {
      const { store, client } = ctx;
      const one = startDurableEmitter({
        relayUrl: first.url,
        token: TOKEN,
        name: 'claude-code',
        session: 's_restart_1',
      });
      const two = startDurableEmitter({ relayUrl: first.url, token: TOKEN, name: 'codex', session: 's_restart_2' });
      try {
        client.start();
        await live(store, client);
        await Promise.all([one.connected(1), two.connected(1)]);
        const idOne = one.raise('deploy to prod?');
        const idTwo = two.raise('delete the cache?');
        await waitFor(store, (s) => findRequest(s, idOne) && findRequest(s, idTwo), 'both requests');
        const pendingBefore = store
          .allRequests()
          .map((r) => r.key)
          .sort();

        await ctx.relay.close();
        await waitFor(store, (s) => s.getRelay(client.relay)?.connection.kind !== 'live', 'connection lost');
        const commandId = client.respond(findRequest(store, idOne)!.key, { option: 'allow' });
        assert.equal(store.command(commandId)?.queued, true);

        ctx.relay = await startDemoRelay({ token: TOKEN, port });
        await Promise.all([one.connected(2), two.connected(2)]);
        const command = await settled(store, commandId);
        assert.equal(command.state, 'accepted');
        assert.equal(one.received.length, 1, 'delivered exactly once');
        assert.equal(one.received[0].id, commandId);
        await waitFor(store, (s) => s.request(findRequest(s, idOne)!.key)?.state === 'resolved', 'resolved');

        assert.deepEqual(
          store
            .allRequests()
            .map((r) => r.key)
            .sort(),
          pendingBefore,
          'no duplicates',
        );
        assert.equal(findRequest(store, idTwo)?.state, 'pending');
        assert.equal(two.received.length, 0);
        assert.equal(store.getRelay(client.relay)?.connection.kind, 'live');
      } finally {
        one.close();
        two.close();
      }
    });
  });
});
