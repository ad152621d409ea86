import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startDemo } from '../../src/demo/fleet.js';
import { connect, consumer, until } from './helpers.js';

test('startDemo: token-protected loopback relay, three agents raising a mix at once', async () => {
  const writes: unknown[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  // (the test runner's own IPC writes are Buffers; text output would be strings)
  const spy = (orig: typeof out) =>
    ((c: unknown, ...rest: unknown[]) =>
      typeof c === 'string'
        ? (writes.push(c), true)
        : (orig as (...a: unknown[]) => boolean)(c, ...rest)) as typeof out;
  process.stdout.write = spy(out);
  process.stderr.write = spy(err);
  let demo: Awaited<ReturnType<typeof startDemo>>;
  try {
    demo = await startDemo({ timing: { minGapMs: 60_000, maxGapMs: 60_000 } });
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  try {
    assert.deepEqual(writes, []); // the TUI owns the terminal
    assert.match(demo.relayUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(demo.token.length, 32);
    await assert.rejects(connect(demo.relayUrl, {}), (e: { status?: number }) => e.status === 401);
    const c = await consumer(demo.relayUrl, demo.token, {
      id: 'all',
      filter: { type: 'attention.requested' },
      from: 'all',
    });
    await c.waitFor(() => c.frames.filter((f) => f.type === 'attention.requested').length >= 9);
    const reqs = c.frames.filter((f) => f.type === 'attention.requested');
    assert.deepEqual(new Set(reqs.map((r) => r.agent)), new Set(['claude-code', 'codex', 'gemini-cli']));
    const kinds = new Set(reqs.map((r) => r.data.kind));
    for (const k of ['permission', 'form', 'input']) assert.ok(kinds.has(k), k);
    // File edits with the arguments the tools send (their tool.requested), so the detail shows a diff at once.
    for (const tool of ['Edit', 'Write', 'apply_patch'])
      assert.ok(
        reqs.some((r) => r.subject === tool),
        tool,
      );
    assert.ok(reqs.some((r) => r.capture === 'metadata' && r.data.prompt === 'codex requests permission: Bash'));
    assert.ok(reqs.some((r) => r.data.respond_via?.includes('oob')));
    assert.ok(reqs.some((r) => typeof r.data.expires_at === 'string'));
    c.send({ type: 'roster', id: 'r' });
    const roster = await c.waitFor((f) => f.type === 'roster');
    assert.equal(roster.entries.length, 3);
    await c.close();
  } finally {
    await demo.close();
  }
});

test("script 'mixed' paces itself and caps pending requests", async () => {
  const { startDemoRelay } = await import('../../src/demo/relay.js');
  const { startDemoAgent } = await import('../../src/demo/agent.js');
  const relay = await startDemoRelay({ token: 't' });
  const raised: string[] = [];
  const agent = await startDemoAgent({
    relayUrl: relay.url,
    token: 't',
    name: 'claude-code',
    script: 'mixed',
    seed: 42,
    onEvent: (e) => {
      if (e.type === 'attention.requested') raised.push(e.id);
    },
    timing: { initialBurst: 2, minGapMs: 10, maxGapMs: 20, maxPending: 4, shortExpiryMs: 60_000, oobResolveMs: 60_000 },
  });
  try {
    assert.equal(raised.length, 2); // the opening burst is immediate
    await until(() => agent.pendingCount() >= 4);
    await new Promise((r) => setTimeout(r, 120)); // several gaps: the cap holds
    assert.equal(agent.pendingCount(), 4);
    assert.equal(raised.length, 4);
  } finally {
    await agent.close();
    await relay.close();
  }
});
