// Child of slow-relay.test.ts, run under a descriptor limit: the console scrolls a
// long list of requests that name a cause while the relay (in the parent)
// never answers, then opens a few files, as an answer's journal would. With
// a read per row left open this ran out of descriptors (EMFILE).
import { openSync, closeSync, readdirSync } from 'node:fs';
import { fetchEvents } from '../../src/relay/fetch-events.js';
import { permission } from '../support/events.js';
import { KEY, renderApp } from '../support/ui.js';

const [url, rowsArg = '100'] = process.argv.slice(2);
const fds = () => readdirSync('/proc/self/fd').length;
const requests = Array.from({ length: 400 }, (_, i) =>
  permission(`request ${i}`, { session: `s${i}`, cause: `CAUSE${i}` }),
);
const h = await renderApp({ size: { columns: 140, rows: 40 }, stdout: { columns: 140, rows: 40 }, events: requests });
h.client.fetchEvents = (filter: Record<string, unknown>, limit: number, signal?: AbortSignal) =>
  fetchEvents({ url, name: 'aep-console', host: 't', timeoutMs: 120_000 }, filter, limit, signal);
// Loaded (module loading opens many files at once): the parent lowers the
// limit now (prlimit on this pid), then says go.
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
const baseline = fds();
let peak = baseline;
const failures = new Set<string>();
for (let i = 0; i < Number(rowsArg); i++) {
  await h.press(KEY.down);
  peak = Math.max(peak, fds());
  const reason = /could not be read: ([^.]*)/.exec(h.frame())?.[1];
  if (reason) failures.add(reason);
}
let opened = 0;
try {
  for (let i = 0; i < 8; i++) {
    closeSync(openSync('/dev/null', 'r'));
    opened++;
  }
} catch {
  // EMFILE: counted below
}
h.unmount();
process.stdout.write(`${JSON.stringify({ baseline, peak, opened, failures: [...failures] })}\n`);
process.exit(0);
