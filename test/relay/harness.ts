// The RelayClient unit tests' harness: a client of a scriptable fake relay,
// closed after each test, and steps on the node:test mock clock (backoff,
// ack windows) that several tests take alike.

import { afterEach, mock } from 'node:test';
import { RelayClient } from '../../src/relay/client.js';
import type { RelayClientOptions } from '../../src/relay/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import {
  startFakeRelay,
  type FakeConnection,
  type FakeRelay,
  type FakeRelayOptions,
  type Frame,
} from './fake-relay.js';
import { requestEvent, waitFor, waitForConnection } from './helpers.js';

/** What to close after the current test, last opened first. */
export const cleanups: Array<() => Promise<unknown>> = [];

export async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
}

/** Registers, in the calling test file: after each test, real timers again and everything closed. */
export function resetAfterEach(): void {
  afterEach(async () => {
    mock.timers.reset();
    await cleanUp();
  });
}

/** A fake relay and a (not yet started) client of it with a fresh store; both closed after the test. */
export async function fakeRelayClient(
  relayOptions: FakeRelayOptions,
  clientOptions: Omit<RelayClientOptions, 'url' | 'store'>,
) {
  const relay = await startFakeRelay(relayOptions);
  const store = new ConsoleStore();
  const client = new RelayClient({ url: relay.url, store, ...clientOptions });
  cleanups.push(
    () => relay.close(),
    () => client.stop(),
  );
  return { relay, store, client };
}

/** Shortened timers for the tests on the real clock. */
export const FAST = {
  backoffInitialMs: 20,
  backoffMaxMs: 100,
  replayQuietMs: 60,
  rosterDebounceMs: 20,
  unauthorizedRetryMs: 50,
};

/** A client of a fake relay as the connection tests take it: token tok-123, FAST timers, unless `clientOptions` say otherwise. */
export function setup(relayOptions: FakeRelayOptions = {}, clientOptions: Partial<RelayClientOptions> = {}) {
  return fakeRelayClient(relayOptions, {
    name: 'aep-console',
    host: 'test-host',
    token: 'tok-123',
    timing: FAST,
    ...clientOptions,
  });
}

/** setup(), the client started, and the relay's first connection. */
export async function started(relayOptions: FakeRelayOptions = {}, clientOptions: Partial<RelayClientOptions> = {}) {
  const ctx = await setup(relayOptions, clientOptions);
  ctx.client.start();
  return { ...ctx, conn: await ctx.relay.connection(0) };
}

export const isCommand = (f: Frame): boolean => f?.type === 'control.attention.respond';

/** Terminates `conn` and waits until the client says it is reconnecting. */
export async function drop(conn: FakeConnection, store: ConsoleStore, client: RelayClient): Promise<void> {
  conn.terminate();
  await waitForConnection(store, client.relay, 'reconnecting');
}

/** Mock clock, random 0.5: the first backoff (500 ms) passes; resolves with the second connection once the client is live on it. */
export async function backLive(
  relay: FakeRelay,
  store: ConsoleStore,
  client: RelayClient,
  label = 'live again',
): Promise<FakeConnection> {
  mock.timers.tick(500);
  const second = await relay.connection(1);
  await waitForConnection(store, client.relay, 'live', label);
  return second;
}

/**
 * Mock clock, with the first send of command `id` already taken from `conn`:
 * its ack window passes in silence three times, the first two each bringing a
 * resend, the third the local timeout (with `attempts`, if given).
 */
export async function silentToTimeout(
  conn: FakeConnection,
  store: ConsoleStore,
  id: string,
  { windowMs = 10_000, attempts, label = 'timeout' }: { windowMs?: number; attempts?: number; label?: string } = {},
): Promise<void> {
  for (let i = 0; i < 2; i++) {
    mock.timers.tick(windowMs);
    await conn.next(isCommand);
  }
  mock.timers.tick(windowMs);
  await waitFor(
    store,
    (s) => s.command(id)?.state === 'timeout' && (attempts === undefined || s.command(id)?.attempts === attempts),
    label,
  );
}

export interface Ready {
  relay: FakeRelay;
  conn: FakeConnection;
  store: ConsoleStore;
  client: RelayClient;
  key: string;
}

/** A live client whose store holds one pending request, with mock timers enabled afterwards. */
export async function ready(roster?: unknown[]): Promise<Ready> {
  // With an SSE side, as relays have: an answer queued or unacknowledged across a drop goes once its session's read ends.
  const { relay, store, client } = await fakeRelayClient(
    { roster, sse: true },
    { name: 'aep-console', host: 'test-host', token: 't', random: () => 0.5, timing: { replayQuietMs: 30 } },
  );
  client.start();
  const conn = await relay.connection(0);
  const request = requestEvent();
  await waitForConnection(store, client.relay, 'live');
  conn.send(request);
  const record = await waitFor(store, (s) => s.allRequests()[0], 'request');
  await waitFor(store, (s) => !s.getRelay(client.relay)?.replaying, 'burst over');
  if (roster) await waitFor(store, (s) => s.claimants(client.relay, 's1') !== undefined, 'roster');
  mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  return { relay, conn, store, client, key: record.key };
}
