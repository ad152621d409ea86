// The console's intake (relay client + store) alone in a process with a small
// heap, for the amplification test: connects to the hostile relay named in
// argv, waits until `expected` requests are held, and prints one JSON line of
// figures (peak RSS and heap). Run by amplification.test.ts only.
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';

const [url, expectedText] = process.argv.slice(2);
const expected = Number(expectedText);
const store = new ConsoleStore();
const client = new RelayClient({ url, token: 'tok-amplify', name: 'aep-console', host: 'amplify', store });
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
// Sampled on every store change (each burst of frames) as well as on a timer.
store.subscribe(() => {
  sample();
  if (store.allRequests().length < expected) return;
  const issues = store.allRequests().reduce((n, r) => n + r.issues.length, 0);
  const longest = Math.max(...store.allRequests().map((r) => r.payload.prompt.length));
  process.stdout.write(
    `${JSON.stringify({ requests: store.allRequests().length, issues, longest, bytes: store.memory().bytes, peakRss, peakHeap })}\n`,
  );
  void client.stop().then(() => process.exit(0));
});
setInterval(sample, 20).unref();
client.start();
