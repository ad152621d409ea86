// A saved answer is sent or dropped only on proof ("Saved answers only on
// proof"): a read of its session, made after the reconnect, that the relay
// ENDED (SSE, live=0). A WebSocket replay that went quiet, one cut off at its
// cap, a closing Event on the live stream alone, a relay without SSE: none
// of them is proof; the answer waits and the status line says why. A journal
// whose command does not address its own request is kept aside. Loopback
// fake relay (with an SSE side where the test says), real files.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { Outbox } from '../../src/files/outbox.js';
import type { RelayTiming } from '../../src/relay/timing.js';
import { relayUrls } from '../../src/protocol/relay-url.js';
import { ConsoleStore } from '../../src/store/store.js';
import { requestKey } from '../../src/store/types.js';
import { startFakeRelay } from '../relay/fake-relay.js';
import { FAST, cleanups, isCommand, resetAfterEach } from '../relay/harness.js';
import { requestEvent, waitFor } from '../relay/helpers.js';

resetAfterEach();

function savedFiles(state: string): string[] {
  return readdirSync(join(state, 'outbox')).filter((f) => f.endsWith('.json'));
}

/** A console (pid 2) taking over what a gone console (pid 1) saved for `request`; the test plays the relay. */
async function takeOver(
  options: {
    hello?: Record<string, unknown>;
    timing?: Partial<RelayTiming>;
    sse?: boolean;
    /** What the relay holds before the console comes (its SSE reads see it; the WebSocket replay is the test's). */
    buffer?: (request: AepEvent) => AepEvent[];
    /** Journal a command that does not address the request it names. */
    subject?: string;
  } = {},
) {
  const relay = await startFakeRelay({
    ...(options.hello ? { hello: options.hello } : {}),
    sse: options.sse !== false,
  });
  cleanups.push(() => relay.close());
  const state = join(mkdtempSync(join(tmpdir(), 'aep-console-proof-')), 'state');
  const request = requestEvent();
  relay.buffer.push(...((options.buffer?.(request) ?? []) as unknown as Record<string, unknown>[]));
  const event = buildRespond({
    request: { id: options.subject ?? request.id, session: 's1' },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
    fields: [],
  });
  const saved = {
    relay: relay.url,
    requestKey: requestKey(relayUrls(relay.url).relay, 's1', request.source, request.id),
    event,
    answer: { option: 'allow' },
    ackWindowMs: 10_000,
    createdAt: 1,
  };
  assert.equal((await new Outbox(state, { pid: 1, start: '1' }).record(saved)).ok, true);
  const store = new ConsoleStore();
  const client = new RelayClient({
    url: relay.url,
    token: 'tok',
    name: 'aep-console',
    host: 'h',
    store,
    outbox: new Outbox(state, { pid: 2, start: '2', alive: () => false }),
    timing: { ...FAST, ...options.timing },
  });
  cleanups.push(() => client.stop());
  client.start();
  const conn = await relay.connection(0);
  await conn.next('subscribe');
  const status = () => store.getRelay(client.relay)!;
  const burstOver = () =>
    waitFor(
      store,
      () => status().connection.kind === 'live' && !status().replaying && (status().outboxNotes?.length ?? 0) > 0,
      'burst over, saved answers decided',
    );
  const noted = (pattern: RegExp) =>
    waitFor(store, () => (status().outboxNotes ?? []).some((n) => pattern.test(n)), `note ${pattern}`);
  const warned = (text: string) => waitFor(store, () => status().warnings.includes(text), `warning ${text}`);
  return { relay, conn, state, request, saved, store, client, status, burstOver, noted, warned };
}

const closing = (request: AepEvent, type: string, data: Record<string, unknown>): AepEvent => ({
  ...requestEvent({ subject: request.id, seq: 50 }),
  type,
  data,
});

const OTHER_AGENT = 'aep://host-b/agent/codex/session/s1';

describe('saved answers are sent or dropped only on an ended read', () => {
  it('an open request, read to its end after the reconnect: resent with its id (the older outbox contract)', async () => {
    const t = await takeOver();
    t.conn.send(t.request);
    const resent = await t.conn.next(isCommand);
    assert.equal(resent.id, t.saved.event.id, 'same command id');
    assert.ok(t.relay.reads.length >= 1, 'only after a read of the session');
    assert.equal(t.relay.reads[0].get('live'), '0');
    assert.equal(JSON.parse(t.relay.reads[0].get('filter') ?? '{}').session, 's1');
  });

  it('a relay without SSE: the saved answer waits, said; nothing sent, nothing dropped, not even on a closing Event', async () => {
    const t = await takeOver({ sse: false });
    t.conn.send(t.request);
    await t.noted(
      /^1 saved answer kept, not sent: no read of session "s1" has ended since the relay came back \(the relay has no SSE stream/,
    );
    t.conn.send(closing(t.request, 'attention.resolved', { resolution: 'cancelled' }));
    await waitFor(t.store, () => t.store.allRequests()[0]?.state !== 'pending', 'the close folded');
    assert.equal(savedFiles(t.state).length, 1, 'still on disk: a live close is not an ended read');
    assert.ok(!t.status().warnings.some((w) => w.startsWith('dropped') || w.startsWith('resending')));
    assert.equal(t.conn.frames.filter(isCommand).length, 0, 'never sent');
  });

  it("a relay whose replay pauses before the request's resolution: nothing resent; the ended read shows it closed, dropped", async () => {
    // The relay holds the request and its resolution; its WebSocket replay sends the request, then pauses (3 s or more).
    const t = await takeOver({ buffer: (r) => [r, closing(r, 'attention.resolved', { resolution: 'cancelled' })] });
    t.conn.send(t.request);
    await t.warned('dropped 1 saved answer: the relay shows the request closed (resolved by the agent (cancelled))');
    assert.deepEqual(savedFiles(t.state), []);
    assert.equal(t.conn.frames.filter(isCommand).length, 0, 'the quiet gap was never taken for the end');
  });

  it("the operator answers while the read is under way: the operator's answer goes, the saved one is superseded", async () => {
    const t = await takeOver();
    let release!: () => void;
    t.relay.streamHold = new Promise<void>((resolve) => (release = resolve));
    t.conn.send(t.request);
    await t.noted(
      /^1 saved answer kept, not sent: sent or dropped only once the read of session "s1" has ended \(reading it now\)/,
    );
    const key = t.store.allRequests()[0].key;
    const mine = t.client.respond(key, { option: 'deny' });
    assert.ok(mine, 'the operator is not refused');
    t.relay.streamHold = undefined;
    release();
    const sent = await t.conn.next(isCommand);
    assert.equal(sent.id, mine, "the operator's deny, never the saved allow");
    await t.warned(
      "dropped 1 saved answer: you answered the request here yourself, so the earlier console's answer was not sent (superseded)",
    );
    assert.equal(t.conn.frames.filter(isCommand).length, 1);
  });

  it('another agent now speaks in the session (restart): nothing resent; held, said', async () => {
    const other = (r: AepEvent): AepEvent => ({
      ...r,
      id: '01OTHERAGENTTOOLCALL0000001',
      source: OTHER_AGENT,
      agent: 'codex',
      seq: 70,
      type: 'tool.requested',
      data: { tool: 'Bash', args: { command: 'ls' } },
    });
    const t = await takeOver({ buffer: (r) => [r, other(r)] });
    t.conn.send(t.request);
    await waitFor(t.store, () => t.store.command(t.saved.event.id)?.state === 'held', 'held');
    assert.equal(t.conn.frames.filter(isCommand).length, 0, 'not sent');
    assert.match(t.store.command(t.saved.event.id)?.reason ?? '', /codex|another|other/i);
    assert.equal(savedFiles(t.state).length, 1, 'kept for r or a drop');
  });

  it('a journal whose command answers another request than the one it names: kept aside, said, never sent', async () => {
    const t = await takeOver({ subject: '01SOMEOTHERREQUEST000000001' });
    t.conn.send(t.request);
    await t.warned(
      "a saved answer file was unreadable (its command's session or subject is not its request's): kept aside, not sent",
    );
    assert.equal(t.conn.frames.filter(isCommand).length, 0);
    assert.equal(savedFiles(t.state).length, 0, 'no longer among the answers to send');
    assert.equal(readdirSync(join(t.state, 'outbox', 'kept-aside')).length, 1, 'kept on disk, aside');
  });

  it('a complete replay without the request: not in the ended read either: kept, said; brought back later, resent', async () => {
    const t = await takeOver();
    await t.noted(/^1 saved answer kept, not sent: its request is not in the relay's read of its session/);
    assert.equal(savedFiles(t.state).length, 1);
    // The next connection's replay brings it back (its agent re-announced it): read again, resent, same id.
    t.conn.terminate();
    const again = await t.relay.connection(1);
    await again.next('subscribe');
    again.send(t.request);
    const resent = await again.next(isCommand);
    assert.equal(resent.id, t.saved.event.id);
    await waitFor(t.store, () => t.status().outboxNotes?.length === 0, 'nothing kept any more');
  });

  it('a complete replay showing the request timed out: dropped once read, the reason said', async () => {
    const t = await takeOver();
    t.conn.send(t.request);
    t.conn.send(closing(t.request, 'attention.timeout', { after_ms: 300_000 }));
    await t.warned('dropped 1 saved answer: the relay shows the request closed (timed out)');
    assert.deepEqual(savedFiles(t.state), []);
    assert.equal(t.conn.frames.filter(isCommand).length, 0);
  });

  it("a replay cut off at the time cap is not what decides: the ended read does; the operator's answer still wins", async () => {
    const t = await takeOver({ timing: { replayQuietMs: 60_000, replayMaxMs: 150 } });
    let release!: () => void;
    t.relay.streamHold = new Promise<void>((resolve) => (release = resolve));
    t.conn.send(t.request);
    await t.noted(/reading it now/);
    assert.equal(savedFiles(t.state).length, 1);
    const mine = t.client.respond(t.store.allRequests()[0].key, { option: 'deny' });
    t.relay.streamHold = undefined;
    release();
    assert.equal((await t.conn.next(isCommand)).id, mine, 'the saved answer did not go first');
  });
});
