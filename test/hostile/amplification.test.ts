// Hostile relay, attack 1: amplification. 120 requests whose
// `options` are 300,000-element junk arrays (~600 KB each) and 60 requests
// with ~1 MB prompts. Before the byte budget each junk entry was kept as an
// issue (gigabytes, then "JavaScript heap out of memory"). The console's
// intake runs in a child process with a 160 MB heap: it must hold all 180
// requests, with bounded issues and prompts, and its peak heap stays within
// a figure. Then the budget itself, in process: history evicted first, open
// requests refused with a visible warning, never a crash.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { PROMPT_KEPT_CHARS, ISSUES_KEPT } from '../../src/protocol/limits.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { cleanUp, cleanups } from '../relay/harness.js';
import { requestEvent } from '../relay/helpers.js';
import { tsChild } from '../support/ts-child.js';

after(cleanUp);
const child = fileURLToPath(new URL('./amplify-child.ts', import.meta.url));
const JUNK = `[${new Array(300_000).fill('0').join(',')}]`;
const HEAP_MB = 160;

function runChild(url: string, expected: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, ...tsChild(child), url, String(expected)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    proc.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const killer = setTimeout(() => proc.kill('SIGKILL'), 90_000);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, out, err });
    });
  });
}

test(`120 junk-options requests and 60 one-megabyte prompts: held in a ${HEAP_MB} MB heap, issues and prompts bounded`, async () => {
  const relay = await startFakeRelay();
  cleanups.push(() => relay.close());
  const feeding = (async () => {
    const conn = await relay.connection(0);
    await conn.next('subscribe');
    for (let i = 0; i < 120; i++) {
      // The junk is spliced in as text: building 300,000 numbers per frame here would cost the test, not the console.
      conn.sendRaw(JSON.stringify(requestEvent({ id: `junk-${i}` }, { options: '@JUNK@' })).replace('"@JUNK@"', JUNK));
    }
    for (let i = 0; i < 60; i++) conn.send(requestEvent({ id: `big-${i}` }, { prompt: 'p'.repeat(1_000_000) }));
  })();
  const result = await runChild(relay.url, 180);
  await feeding;
  assert.equal(result.code, 0, `the console's intake died:\n${result.err.slice(-2000)}`);
  const figures = JSON.parse(result.out.trim().split('\n').pop()!) as {
    requests: number;
    issues: number;
    longest: number;
    bytes: number;
    peakRss: number;
    peakHeap: number;
  };
  console.log(
    `amplification: ${JSON.stringify({ ...figures, peakRssMB: Math.round(figures.peakRss / 1048576), peakHeapMB: Math.round(figures.peakHeap / 1048576) })}`,
  );
  assert.equal(figures.requests, 180);
  assert.ok(figures.issues <= 180 * 2, `issues are summarised, not one per entry (${figures.issues})`);
  assert.ok(figures.longest < PROMPT_KEPT_CHARS + 40, 'prompts are kept to a fixed size');
  assert.ok(figures.bytes < 8 * 1048576, `estimated bytes held: ${figures.bytes}`);
  assert.ok(figures.peakHeap < 120 * 1048576, `peak heap ${Math.round(figures.peakHeap / 1048576)} MB`);
});

const R = 'http://relay.test';
const big = (id: string, seq: number) =>
  ({ ...requestEvent({ id, seq }, { prompt: 'x'.repeat(PROMPT_KEPT_CHARS) }) }) as AepEvent;

test('the byte budget: oldest history evicted first, then new open requests refused with a visible warning', () => {
  const store = new ConsoleStore({ byteBudget: 200_000 });
  // Each request costs ~16 KB of prompt: a dozen fit.
  for (let i = 0; i < 6; i++) store.applyEvent(R, big(`old-${i}`, i));
  for (let i = 0; i < 6; i++) {
    store.applyEvent(R, {
      ...requestEvent({ subject: `old-${i}` }),
      type: 'attention.timeout',
      data: {},
      source: big('x', 0).source,
      session: 's1',
    } as AepEvent);
  }
  assert.equal(store.allRequests().filter((r) => r.state === 'timeout').length, 6);
  for (let i = 0; i < 40; i++) store.applyEvent(R, big(`new-${i}`, 100 + i));
  const memory = store.memory();
  assert.ok(memory.bytes <= memory.limit, `${memory.bytes} <= ${memory.limit}`);
  const ids = store.allRequests().map((r) => r.id);
  assert.ok(!ids.some((id) => id.startsWith('old-')), 'history went first');
  assert.ok(ids.includes('new-0') && !ids.includes('new-39'), 'the oldest open requests stay; the newest are refused');
  assert.ok(
    store.getRelay(R)?.warnings.some((w) => /memory budget full/.test(w)),
    'said on the status line',
  );
  // Refused, not remembered: once there is room, the relay's redelivery brings it in.
  const kept = store.allRequests().filter((r) => r.state === 'pending').length;
  assert.equal(store.applyEvent(R, big('new-39', 139)), 'ignored');
  assert.equal(store.allRequests().filter((r) => r.state === 'pending').length, kept);
});

test('a malformed list is one issue per kind of fault, however long', () => {
  const store = new ConsoleStore();
  const options = [...new Array(15_000).fill(0), ...new Array(5000).fill({ id: 'dup', label: 1 })];
  store.applyEvent(R, requestEvent({ id: 'junk' }, { options }));
  const issues = store.allRequests()[0].issues;
  assert.ok(issues.length <= ISSUES_KEPT + 1, JSON.stringify(issues));
  assert.ok(
    issues.some((i) => /entry without an id \(10000 entries, first shown\)/.test(i.reason)),
    JSON.stringify(issues),
  );
  assert.ok(
    issues.some((i) => /10000 more entries not kept/.test(i.reason)),
    JSON.stringify(issues),
  );
});

test('a heap nearly full crashes the orderly way (so the crash report is written) instead of V8 aborting', async (t) => {
  const { watchHeap } = await import('../../src/cli/heap-watch.js');
  t.mock.timers.enable({ apis: ['setInterval'] });
  const crashes: Error[] = [];
  let used = 100;
  const stop = watchHeap(
    (error) => crashes.push(error),
    () => ({ used_heap_size: used, heap_size_limit: 1000 }),
  );
  t.mock.timers.tick(1000);
  assert.equal(crashes.length, 0, 'a heap at 10% is fine');
  used = 950;
  t.mock.timers.tick(1000);
  t.mock.timers.tick(1000);
  stop();
  assert.equal(crashes.length, 1, 'once');
  assert.match(crashes[0].message, /memory nearly exhausted: 0 of 0 MB/);
});
