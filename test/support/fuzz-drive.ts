// Drives fuzz frames through the code the network uses: a real RelayClient
// on a loopback WebSocket to the fake relay, so every frame goes through
// RelaySocket.onMessage (text and binary), the client's frame and event
// handlers, parsing and the store. Counts every exception: uncaught ones,
// unhandled rejections, and the ones contain() swallows (a swallowed
// exception is still a bug), plus any input that sent parseEvent into its
// catch-all.

import { RelayClient } from '../../src/relay/client.js';
import { observeContained } from '../../src/relay/contain.js';
import { ConsoleStore, type StoreOptions, type StoreSizes } from '../../src/store/store.js';
import type { RelayStatus } from '../../src/store/types.js';
import { startFakeRelay, type FakeConnection } from '../relay/fake-relay.js';
import { realClearTimeout, realSetTimeout, waitFor, waitForConnection } from '../relay/helpers.js';
import { FrameFuzzer } from './fuzz.js';
import { patient } from './patience.js';

export interface FuzzRunOptions {
  seed: number;
  frames: number;
  store?: StoreOptions;
  /** Build the store yourself (a test proving that exceptions are counted uses a broken one). */
  makeStore?: () => ConsoleStore;
  /** Frames sent between two flow-control pings. */
  chunk?: number;
  onProgress?: (sent: number) => void;
}

export interface FuzzRunResult {
  frames: number;
  seconds: number;
  bytes: number;
  sweep: number;
  exceptions: string[];
  sizes: StoreSizes;
  limits: ConsoleStore['limits'];
  relay: RelayStatus;
  connections: number;
  mutations: Map<string, number>;
}

/** The reasons parseEvent gives only from its catch-all: an exception inside the parser. */
const PARSER_CAUGHT = new Set(['value could not be read', 'value too deeply nested']);

const SENTINEL = (seed: number) => ({
  aep: '0.1',
  id: `FUZZ-END-${seed}`,
  type: 'session.started',
  time: '2026-07-03T10:00:00Z',
  source: 'aep://fuzz/agent/fuzz/session/fuzz-end',
  agent: 'fuzz',
  session: 'fuzz-end',
  seq: 0,
  data: {},
});

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = realSetTimeout(() => reject(new Error(`fuzz: timed out waiting for ${what}`)), ms);
    promise.then(
      (value) => {
        realClearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        realClearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Flow control: the socket answers a ping once it has read every frame before
 * it (their handlers may still be queued for the next batch; the sentinel at
 * the end waits for those). Keeps the fake relay from buffering a whole run.
 */
async function drained(conn: FakeConnection, mark: string, lastMutation: string): Promise<void> {
  conn.send({ type: 'ping', t: mark });
  const pong = conn.next((f) => f?.type === 'pong' && f.t === mark);
  const dropped = conn.closed.then((code) =>
    Promise.reject(
      new Error(`fuzz: the client dropped the connection (${code}) near ${mark}, last mutation ${lastMutation}`),
    ),
  );
  await withTimeout(Promise.race([pong, dropped]), patient(30_000), `pong ${mark}`);
}

export async function runFuzz(options: FuzzRunOptions): Promise<FuzzRunResult> {
  const exceptions: string[] = [];
  const record = (where: string) => (error: unknown) => {
    exceptions.push(`${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  const onUncaught = record('uncaughtException');
  const onRejection = record('unhandledRejection');
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onRejection);
  observeContained(record('contained'));

  const relay = await startFakeRelay();
  const store = options.makeStore?.() ?? new ConsoleStore(options.store);
  // Every rejected Event reaches the store as `lastInvalid`: watching it sees
  // the rejections that came from parseEvent's catch-all, without parsing twice.
  const updateRelay = store.updateRelay.bind(store);
  store.updateRelay = (relayUrl, patch) => {
    const reason = patch.lastInvalid?.split(': ').slice(1).join(': ');
    if (reason !== undefined && PARSER_CAUGHT.has(reason))
      exceptions.push(`parseEvent caught an exception: ${patch.lastInvalid}`);
    updateRelay(relayUrl, patch);
  };
  const client = new RelayClient({
    url: relay.url,
    store,
    name: 'fuzz',
    host: 'fuzz-host',
    token: 'fuzz-token',
    timing: { replayQuietMs: 50 },
  });
  const mutations = new Map<string, number>();
  const chunk = options.chunk ?? 250;
  let bytes = 0;
  try {
    client.start();
    const conn = await relay.connection(0);
    await withTimeout(waitForConnection(store, client.relay, 'live'), patient(10_000), 'live');
    const fuzzer = new FrameFuzzer(options.seed);
    const started = performance.now();
    let last = '';
    for (let sent = 0; sent < options.frames;) {
      const n = Math.min(chunk, options.frames - sent);
      for (let i = 0; i < n; i++) {
        const frame = fuzzer.next();
        last = frame.mutation;
        bytes += frame.data.length;
        const kind = frame.mutation.split('+')[0];
        mutations.set(kind, (mutations.get(kind) ?? 0) + 1);
        conn.ws.send(frame.data, { binary: frame.binary });
      }
      sent += n;
      await drained(conn, `fuzz-${sent}`, last);
      options.onProgress?.(sent);
    }
    // A last valid Event proves the pipeline still applies events after all that.
    conn.send(SENTINEL(options.seed));
    await withTimeout(
      waitFor(
        store,
        (s) => s.resumePositions(client.relay).some((p) => p.session === 'fuzz-end'),
        'sentinel',
        patient(10_000),
      ),
      patient(10_000),
      'the sentinel event',
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      frames: options.frames,
      seconds,
      bytes,
      sweep: fuzzer.sweepLength,
      exceptions,
      sizes: store.sizes(),
      limits: store.limits,
      relay: store.getRelay(client.relay)!,
      connections: relay.connections.length,
      mutations,
    };
  } finally {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onRejection);
    observeContained(undefined);
    await client.stop();
    await relay.close();
  }
}

/** Every store size past its cap, as readable lines (empty when memory stayed bounded). */
export function overLimits(result: Pick<FuzzRunResult, 'sizes' | 'limits'>): string[] {
  const { sizes, limits } = result;
  const checks: Array<[string, number, number]> = [
    ['open requests', sizes.open, limits.open],
    ['terminal requests', sizes.requests - sizes.open, limits.terminal],
    ['held events', sizes.held, limits.held],
    ['held groups', sizes.heldGroups, limits.held],
    ['dedupe set', sizes.dedupe, limits.dedupe],
    ['subjects index', sizes.subjects, sizes.requests],
    // Evicted before anyone asked for their keys: dropped in bulk (request-table.ts keyed()).
    ['requests waiting for their keys', sizes.waitingForKeys, 2 * sizes.requests + 1025],
    ['command index', sizes.commandIndex, sizes.requests * limits.commandsPerRequest],
    ['ended sessions', sizes.endedSessions, limits.endedSessions],
    ['resume positions (one relay)', sizes.positions, limits.positionsPerRelay],
  ];
  return checks.filter(([, size, cap]) => size > cap).map(([name, size, cap]) => `${name}: ${size} > ${cap}`);
}
