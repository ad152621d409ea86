// The relay fault tests' rig: the demo relay (with its fault hooks), durable
// emitters and a console client, all on loopback. Everything is torn down
// after each test, real timers first (the tests mock the clock).

import { afterEach, mock } from 'node:test';
import { startDemoRelay, type DemoRelay, type DemoRelayOptions } from '../../src/demo/relay.js';
import { RelayClient } from '../../src/relay/client.js';
import type { RelayClientOptions } from '../../src/relay/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startDurableEmitter, type DurableEmitter } from './durable-emitter.js';
import { waitFor } from './helpers.js';

export const TOKEN = 'fault-test-token';

const teardown: Array<() => unknown> = [];

/** Closes `thing` after the current test (before what was opened earlier). */
export function onTeardown(close: () => unknown): void {
  teardown.push(close);
}

/** Registers, in the calling test file: after each test, real timers again and everything closed, last opened first. */
export function tearDownAfterEach(): void {
  afterEach(async () => {
    mock.timers.reset();
    while (teardown.length) await teardown.pop()!();
  });
}

/**
 * node:test mock timers for setTimeout and Date (sockets stay real): every
 * delay of a client started afterwards (backoff, replay burst, liveness, ack
 * windows) passes only when the test ticks. Node 20 runs a tick's timers at
 * its end time, so tests tick one timer step at a time.
 */
export function mockClock(): void {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() });
}

export async function demoRelay(options: DemoRelayOptions = {}): Promise<DemoRelay> {
  const relay = await startDemoRelay({ token: TOKEN, ...options });
  teardown.push(() => relay.close());
  return relay;
}

/** faults.restart(), with the new relay closed after the test. */
export async function restarted(relay: DemoRelay): Promise<DemoRelay> {
  const next = await relay.faults.restart();
  teardown.push(() => next.close());
  return next;
}

export function emitter(relay: DemoRelay, session: string, name = 'claude-code'): DurableEmitter {
  const e = startDurableEmitter({ relayUrl: relay.url, token: TOKEN, name, session });
  teardown.push(() => e.close());
  return e;
}

/** A console client of `relay` (not started): backoff jitter off, so the first retry is exactly 500 ms. */
export function consoleOf(
  relay: DemoRelay,
  options: Partial<RelayClientOptions> = {},
): { store: ConsoleStore; client: RelayClient } {
  const store = new ConsoleStore();
  const client = new RelayClient({
    url: relay.url,
    token: TOKEN,
    name: 'aep-console',
    host: 'console-host',
    store,
    random: () => 0.5,
    ...options,
  });
  teardown.push(() => client.stop());
  return { store, client };
}

/** Mock clock: the replay burst goes quiet (300 ms, the default) and the store hears it is over. */
export async function burstOver(store: ConsoleStore, client: RelayClient, label = 'replay over'): Promise<void> {
  mock.timers.tick(300);
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
    label,
  );
}
