// A batch of 50 answers with the outbox and the decision history on a real
// disk (a temp state directory), against the demo relay and one demo agent
// (in a process of their own: `batch-child AGENT_CHILD`, run with tsx):
// how long the event loop is held while the batch is journaled, sent and
// recorded. A key typed meanwhile waits that long before it is handled, so
// the figure is the longest key-to-frame wait the batch adds. Prints one
// JSON line: { answers, confirmMs (the confirming key's own task), maxStallMs
// and p99StallMs (the loop held afterwards, while the writes run), settledMs }.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { settleWrites } from '../src/files/pending.js';
import { RelayClient } from '../src/relay/client.js';
import { DecisionLog } from '../src/files/decision-log.js';
import { DecisionRecorder } from '../src/files/decision-recorder.js';
import { Outbox } from '../src/files/outbox.js';
import { ConsoleStore } from '../src/store/store.js';
import './shaped-heap.js';

const TOKEN = 'bench-batch-token';
const COUNT = 50;

function until(store: ConsoleStore, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const off = store.subscribe(() => {
      if (!ready()) return;
      off();
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const state = join(mkdtempSync(join(tmpdir(), 'aep-bench-batch-')), 'aep-console');
  const sibling = spawn(process.execPath, ['--import', 'tsx', process.argv[2]!, String(COUNT)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [first] = (await once(createInterface({ input: sibling.stdout }), 'line')) as [string];
  const relay = JSON.parse(first) as { url: string };
  const store = new ConsoleStore();
  const recorder = new DecisionRecorder(store, new DecisionLog(state));
  recorder.start();
  const client = new RelayClient({
    url: relay.url,
    token: TOKEN,
    name: 'aep-console',
    host: 'h',
    store,
    outbox: new Outbox(state, { relays: [relay.url] }),
    decisions: recorder,
  });
  client.start();
  await until(
    store,
    () => store.getRelay(client.relay)?.connection.kind === 'live' && !store.getRelay(client.relay)?.replaying,
  );
  await until(store, () => store.allRequests().filter((r) => r.state === 'pending').length === COUNT);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const start = performance.now();
  // The batch's confirming key: every answer made in its task (as the UI's batch does).
  for (const record of store.allRequests()) client.respond(record.key, { option: 'allow' });
  const confirmMs = performance.now() - start;
  // From here on: the journal writes, the sends once each is on disk, the acks, the history appends.
  delay.enable();
  await until(store, () => store.allRequests().every((r) => r.state !== 'pending'));
  await settleWrites();
  const settledMs = performance.now() - start;
  delay.disable();
  const out = {
    answers: COUNT,
    confirmMs,
    maxStallMs: delay.max / 1e6,
    p99StallMs: delay.percentile(99) / 1e6,
    settledMs,
  };
  await client.stop();
  await recorder.stop();
  sibling.stdin.end();
  await once(sibling, 'close');
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

void main();
