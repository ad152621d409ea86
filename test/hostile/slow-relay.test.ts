// Hostile input III, class "slow relays hang reads". A relay on
// loopback that drips its answer (headers or body) a byte at a time, faster
// than any idle timeout: every read ends at its total deadline and says which
// read failed and why; a read given up closes its connection; scrolling a
// long list of requests that name a cause, against a relay that never
// answers, keeps the reads in flight (and the descriptors) bounded.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { readdirSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { fetchEvents } from '../../src/relay/fetch-events.js';
import { readHistoryOnce } from '../../src/relay/read-history.js';
import { runList } from '../../src/cli/list.js';
import type { ConsoleOptions } from '../../src/cli/args.js';
import { MAX_READS_IN_FLIGHT } from '../../src/ui/reads.js';
import { ConsoleStore } from '../../src/store/store.js';
import { permission } from '../support/events.js';
import { KEY, renderApp } from '../support/ui.js';
import { tsChild } from '../support/ts-child.js';
import { patient } from '../support/patience.js';

const servers: Server[] = [];
const sockets = new Set<Socket>();
const timers: ReturnType<typeof setInterval>[] = [];
after(async () => {
  for (const t of timers) clearInterval(t);
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** Counts the server side's open connections, and the most at once. */
function track(server: Server) {
  const open = new Set<Socket>();
  const stats = { open, peak: 0, total: 0 };
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    sockets.add(socket);
    stats.total++;
    stats.peak = Math.max(stats.peak, open.size);
    socket.on('close', () => open.delete(socket));
  });
  return stats;
}

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Sends `text` one byte per `everyMs`, until the client goes away. */
function drip(write: (chunk: string) => boolean | void, text: string, everyMs: number, closed: () => boolean): void {
  let i = 0;
  const timer = setInterval(() => {
    if (closed() || i >= text.length) return clearInterval(timer);
    write(text[i++]);
  }, everyMs);
  timers.push(timer);
}

const DOCUMENT = JSON.stringify({
  endpoints: { stream: '/stream', socket: '/socket' },
  capabilities: { replay: { all: true }, control: {} },
  pad: 'x'.repeat(4000),
});

/** A relay whose discovery document arrives one byte per 20 ms (idle timeouts never fire). */
async function drippingBody() {
  const server = createHttpServer((req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    drip(
      (c) => res.write(c),
      DOCUMENT,
      20,
      () => res.destroyed,
    );
  });
  return { url: await listen(server), stats: track(server) };
}

/** A relay that drips even its status line and headers. */
async function drippingHeaders() {
  const server = createNetServer((socket) => {
    socket.on('error', () => undefined).resume();
    drip(
      (c) => socket.write(c),
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-pad: ${'y'.repeat(4000)}\r\n\r\n{}`,
      20,
      () => socket.destroyed,
    );
  });
  return { url: await listen(server), stats: track(server) };
}

/** A relay that accepts connections and never says a word. */
async function silent() {
  // Reading (and dropping) what the client sends, so its close is seen.
  const server = createNetServer((socket) => socket.on('error', () => undefined).resume());
  return { url: await listen(server), stats: track(server) };
}

test('list (readHistoryOnce) against a dripping discovery document ends at its deadline and says which read failed', async () => {
  for (const relay of [await drippingBody(), await drippingHeaders()]) {
    const started = Date.now();
    const result = await readHistoryOnce({
      url: relay.url,
      name: 'aep-console',
      store: new ConsoleStore(),
      timeoutMs: 600,
    });
    const took = Date.now() - started;
    assert.equal(result.ok, false);
    assert.match(
      !result.ok ? result.reason : '',
      /^the discovery document \(GET \/events\): no complete answer within 1 s$/,
    );
    // Told apart from the drip's 80 s: the bound is scaled for a busy machine (patience.ts), and stays far under it.
    assert.ok(took < patient(3000), `ended after ${took} ms (the document alone would drip for 80 s)`);
  }
});

/**
 * A relay whose SSE replay sends one request (`id`), then drips a comment it
 * never finishes, one byte every `everyMs`: the stream does not end before any deadline.
 */
async function drippingReplay(id: string, everyMs: number): Promise<string> {
  const event = JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-07-03T10:00:00Z',
    source: 'aep://h/agent/a',
    agent: 'a',
    session: 's',
    seq: 1,
    data: { kind: 'input', prompt: 'q' },
  });
  const server = createHttpServer((req, res: ServerResponse) => {
    if (req.url?.startsWith('/events')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ endpoints: { stream: '/stream' }, capabilities: { replay: { all: true }, control: {} } }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${event}\n\n`);
    drip(
      (c) => res.write(c),
      `: ${'z'.repeat(10_000)}`,
      everyMs,
      () => res.destroyed,
    );
  });
  const url = await listen(server);
  track(server);
  return url;
}

test('list (readHistoryOnce) against an SSE stream that drips its replay keeps what arrived, within the deadline, and says so', async () => {
  const url = await drippingReplay('e1', 20);
  const store = new ConsoleStore();
  const started = Date.now();
  const result = await readHistoryOnce({ url, name: 'aep-console', store, timeoutMs: 600 });
  assert.ok(Date.now() - started < patient(3000));
  assert.equal(result.ok, true);
  assert.match(
    result.ok ? (result.note ?? '') : '',
    /^the SSE stream did not end within 1 s \(live=0 ignored, or a slow relay\): listed what arrived$/,
  );
  assert.deepEqual(
    store.allRequests().map((r) => r.id),
    ['e1'],
  );
  assert.equal(result.ok && result.ended, false, 'a stream cut by the deadline has not ended');
});

test('list --json on an SSE replay that drips: what arrived is printed, the relay named on stderr, exit 3 (never "nothing waits")', async () => {
  const url = await drippingReplay('e-drip', 500);
  const out: string[] = [];
  const err: string[] = [];
  const options = {
    command: 'list',
    relays: [url],
    bell: false,
    notify: false,
    name: 'aep-console',
    demo: false,
    json: true,
    files: [],
  };
  const code = await runList(options as ConsoleOptions, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    host: 't',
  });
  assert.equal(code, 3);
  assert.deepEqual(
    out.map((line) => (JSON.parse(line) as { id: string }).id),
    ['e-drip'],
    'what arrived is printed',
  );
  assert.match(err.join('\n'), /127\.0\.0\.1.*the read did not end \(the SSE stream did not end within 10 s/);
});

test('a cause read against a dripping relay ends at one total deadline, naming the read; a given-up read closes its connection', async () => {
  const relay = await drippingBody();
  const started = Date.now();
  const late = await fetchEvents({ url: relay.url, name: 'aep-console', host: 't', timeoutMs: 700 }, { id: 'x' }, 8);
  assert.ok(Date.now() - started < patient(3000));
  assert.deepEqual(
    late,
    { ok: false, reason: 'the discovery document (GET /events): no complete answer within 1 s', timedOut: true },
    'the deadline ended it, and the result says so (the cause resolver: timed out)',
  );

  const quiet = await silent();
  const controller = new AbortController();
  const reading = fetchEvents(
    { url: quiet.url, name: 'aep-console', host: 't', timeoutMs: 60_000 },
    { id: 'x' },
    8,
    controller.signal,
  );
  while (quiet.stats.open.size === 0) await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  assert.deepEqual(await reading, { ok: false, reason: 'the discovery document (GET /events): the read was given up' });
  while (quiet.stats.open.size > 0) await new Promise((resolve) => setImmediate(resolve));
});

const fds = () => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return 0;
  }
};

test('scrolling 400 requests that name a cause, against a relay that never answers: reads and descriptors stay bounded', async (t) => {
  const relay = await silent();
  const requests = Array.from({ length: 400 }, (_, i) =>
    permission(`request ${i}`, { session: `s${i}`, cause: `CAUSE${i}` }),
  );
  const h = await renderApp({ size: { columns: 140, rows: 40 }, stdout: { columns: 140, rows: 40 }, events: requests });
  t.after(h.unmount);
  // The fake handle reads from the silent relay for real (loopback).
  h.client.fetchEvents = (filter: Record<string, unknown>, limit: number, signal?: AbortSignal) =>
    fetchEvents({ url: relay.url, name: 'aep-console', host: 't', timeoutMs: 60_000 }, filter, limit, signal);
  const baseline = fds();
  let peakFds = baseline;
  for (let i = 0; i < 60; i++) {
    await h.press(KEY.down);
    peakFds = Math.max(peakFds, fds());
  }
  assert.ok(relay.stats.total >= 40, `each row shown asked for its cause (${relay.stats.total} connections)`);
  // Given-up connections close asynchronously: a few may still be closing when the next opens.
  assert.ok(
    relay.stats.peak <= MAX_READS_IN_FLIGHT * 2 && relay.stats.peak <= 8,
    `at most ${relay.stats.peak} connections open at once`,
  );
  if (baseline) assert.ok(peakFds - baseline <= 16, `descriptors grew by ${peakFds - baseline} at most`);
  t.diagnostic(
    `60 rows scrolled: ${relay.stats.total} reads started, at most ${relay.stats.peak} connections open at once, descriptors +${peakFds - baseline} at peak`,
  );
  assert.match(h.frame(), /reading CAUSE60 from the relay…/);
});

/** prlimit (util-linux) lowers a running child's descriptor limit once its modules are loaded. */
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test(
  'the same scroll in a child limited to 128 descriptors (prlimit, as ulimit -n): no EMFILE, descriptors stay near their baseline',
  { skip: !hasPrlimit && 'no prlimit here' },
  async (t) => {
    const relay = await silent();
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const child = spawn(
      process.execPath,
      [...tsChild(fileURLToPath(new URL('./scroll-child.ts', import.meta.url))), relay.url, '140'],
      {
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    t.after(() => child.kill());
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('ready\n')) resolve();
      }),
    );
    execFileSync('prlimit', ['--pid', String(child.pid), '--nofile=128:128']);
    child.stdin.write('go\n');
    assert.equal(await exited, 0, err);
    const result = JSON.parse(out.trim().split('\n').pop() as string) as {
      baseline: number;
      peak: number;
      opened: number;
      failures: string[];
    };
    t.diagnostic(
      `limit 128, 140 rows scrolled: descriptors ${result.baseline} at start, ${result.peak} at peak; ${relay.stats.total} reads, at most ${relay.stats.peak} open at once`,
    );
    assert.deepEqual(result.failures, [], 'no read failed for want of descriptors');
    assert.equal(result.opened, 8, 'files still open after the scroll');
    // The cap (4 reads) with slack for connections still closing; a read per row left open reached the limit.
    assert.ok(result.peak - result.baseline <= 16, `descriptors ${result.baseline} → ${result.peak}`);
    assert.ok(relay.stats.total >= 60);
  },
);
