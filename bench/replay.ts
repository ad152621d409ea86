// A replay over a real WebSocket: the demo relay (a child process, as a real
// relay is another process) holds `count` pending requests; a fresh
// RelayClient and store connect, subscribe from "all" and apply them. Timed
// from start() to the last request in the store.
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { RelayClient } from '../src/relay/client.js';
import { IngestBatch } from '../src/relay/ingest-batch.js';
import { ConsoleStore } from '../src/store/store.js';

const TOKEN = 'bench-token';

export interface ReplayRelay {
  url: string;
  close(): void;
}

export async function startReplayRelay(count: number): Promise<ReplayRelay> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./relay-child.ts', import.meta.url).pathname, String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`bench relay exited (${code})`)));
  });
  return { url, close: () => child.stdin!.end() };
}

export async function replayOnce(relay: ReplayRelay, count: number): Promise<number> {
  const store = new ConsoleStore({ openCap: count * 2 });
  const client = new RelayClient({
    url: relay.url,
    token: TOKEN,
    name: 'bench',
    host: 'bench',
    store,
    ingest: new IngestBatch(store),
  });
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`replay incomplete after 60 s: ${store.sizes().open} of ${count} requests`));
    }, 60_000);
    const check = () => {
      if (store.sizes().open < count) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = store.subscribe(check);
    client.start();
  });
  const ms = performance.now() - start;
  await client.stop();
  return ms;
}
