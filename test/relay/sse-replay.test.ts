// Single-pass history (AEP-0003 §3.4 discovery, §3.3 SSE with live=0) on
// loopback: the demo relay end to end, its WebSocket fallback, and fake
// relays for what the demo relay never does (a paused replay, hostile bytes,
// a stream on another host).
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { readHistoryOnce } from '../../src/relay/read-history.js';
import { httpBase } from '../../src/relay/sse-discovery.js';
import { ConsoleStore } from '../../src/store/store.js';
import { runList } from '../../src/cli/list.js';
import type { ConsoleOptions } from '../../src/cli/args.js';

const TOKEN = 'sse-token';
/** The discovery document's fields these tests read (AEP-0003 §3.4). */
type Discovery = { aep: string[]; endpoints: { stream?: string }; capabilities: { replay: { all: boolean } } };
const corpus = readFileSync(new URL('../fixtures/projection-corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as AepEvent);

function listOptions(relay: string, json: boolean): ConsoleOptions {
  return {
    command: 'list',
    relays: [relay],
    token: TOKEN,
    bell: false,
    notify: false,
    name: 'aep-console',
    demo: false,
    json,
    files: [],
  };
}

async function list(relay: string, json: boolean): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runList(listOptions(relay, json), {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    host: 'test',
  });
  return { code, out, err };
}

describe('list against the demo relay', () => {
  let sse: DemoRelay;
  let wsOnly: DemoRelay;
  before(async () => {
    sse = await startDemoRelay({ token: TOKEN });
    wsOnly = await startDemoRelay({ token: TOKEN, sse: false });
    for (const event of corpus) {
      for (const relay of [sse, wsOnly]) {
        try {
          relay.publish(event);
        } catch {
          // the demo relay refuses commands from nobody; the rest is what matters
        }
      }
    }
  });
  after(async () => {
    await sse.close();
    await wsOnly.close();
  });

  it('serves the discovery document (AEP-0003 §3.4)', async () => {
    const res = await fetch(`${sse.url}/events`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const doc = (await res.json()) as Discovery;
    assert.deepEqual(doc.aep, ['0.1']);
    assert.equal(doc.endpoints.stream, '/stream');
    assert.equal(doc.capabilities.replay.all, true);
    const plain = (await (
      await fetch(`${wsOnly.url}/events`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as Discovery;
    assert.equal(plain.endpoints.stream, undefined, 'no SSE: no stream named');
  });

  it('SSE messages carry event:, id: session:epoch:seq and one-line data:', async () => {
    const res = await fetch(`${sse.url}/stream?from=all&live=0`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = await res.text();
    assert.match(body, /event: attention\.requested\nid: s-main:0:1\ndata: \{"aep":"0\.1","id":"a-1"/);
    assert.match(body, /event: session\.ended\nid: s-ord:1:8\ndata: /, 'the epoch is in the position');
  });

  it('reads the history in one pass over SSE: every request, sources and violations', async () => {
    const store = new ConsoleStore();
    const result = await readHistoryOnce({ url: sse.url, token: TOKEN, name: 'aep-console', store, quietMs: 1 });
    assert.deepEqual(result, { ok: true, via: 'sse', ended: true, note: undefined });
    assert.equal(store.getRelay(sse.url)?.readVia, 'sse');
    const b1 = store.allRequests().find((r) => r.id === 'b-1' && r.source.includes('codex'))!;
    assert.equal(b1.state, 'stale');
    assert.deepEqual(b1.violations, ['ended-with-pending-attention']);
    assert.equal(store.allRequests().filter((r) => r.id === 'a-1').length, 1);
  });

  it('list --json names source and violations; the text output says SSE on its last line', async () => {
    const json = await list(sse.url, true);
    assert.equal(json.code, 0, json.err.join('\n'));
    const rows = json.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    const b1 = rows.find((r) => r.id === 'b-1')!;
    assert.equal(b1.source, 'aep://host-b/agent/codex/session/s-main');
    assert.deepEqual(b1.violations, ['ended-with-pending-attention']);
    const text = await list(sse.url, false);
    assert.match(text.out.at(-1)!, /^read http:\/\/127\.0\.0\.1:\d+: SSE single pass \(discovery document, live=0\)$/);
  });

  it('falls back to the WebSocket and its quiet timer where the relay offers no SSE, and says so', async () => {
    const store = new ConsoleStore();
    const result = await readHistoryOnce({ url: wsOnly.url, token: TOKEN, name: 'aep-console', store, quietMs: 50 });
    // A quiet timer ended it, not the relay: what it read, but no proof that nothing else waits.
    assert.deepEqual(result, {
      ok: true,
      via: 'websocket',
      ended: false,
      note: 'the relay names no SSE stream',
    });
    assert.equal(store.allRequests().find((r) => r.id === 'b-1')?.state, 'stale');
    const text = await list(wsOnly.url, false);
    assert.match(
      text.out.at(-1)!,
      /WebSocket replay, ended after 500 ms without events \(the relay names no SSE stream\)$/,
    );
    assert.equal(text.code, 3, 'list exits 3: the read did not end');
    assert.match(text.err.join('\n'), /the read did not end \(the relay names no SSE stream\): listed what arrived/);
  });

  it('a wrong token fails with one line (exit 3), no fallback', async () => {
    const store = new ConsoleStore();
    const result = await readHistoryOnce({ url: sse.url, token: 'wrong', name: 'aep-console', store });
    assert.deepEqual(result, { ok: false, reason: 'relay refused the token (HTTP 401)' });
  });
});

/** A fake relay: discovery names `stream`; `/stream` is served by `onStream`. */
async function fakeRelay(
  stream: string,
  onStream: (res: ServerResponse) => void,
): Promise<{ url: string; server: Server; urls: string[] }> {
  const urls: string[] = [];
  const server = createServer((req, res) => {
    urls.push(req.url ?? '');
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ aep: ['0.1'], endpoints: { stream }, capabilities: {} }));
      return;
    }
    if (!req.url?.startsWith('/stream')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    onStream(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, server, urls };
}

const request = (id: string, seq: number) =>
  JSON.stringify({
    aep: '0.1',
    id,
    type: 'attention.requested',
    time: '2026-08-01T09:00:00Z',
    source: 'aep://f/a',
    agent: 'a',
    session: 's',
    seq,
    data: { kind: 'input', prompt: `q ${id}` },
  });

describe('readHistoryOnce against fake relays', () => {
  it('a replay that pauses longer than any quiet timer is still read whole: the end of the stream ends it', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const fake = await fakeRelay('/stream', (res) => {
      res.write(`data: ${request('r1', 1)}\n\n`);
      void paused.then(() => res.end(`data: ${request('r2', 2)}\n\n`));
    });
    const store = new ConsoleStore();
    // The first Event arriving releases the rest: a pause the WebSocket's 1 ms quiet timer would have cut.
    const unsubscribe = store.subscribe(() => {
      if (store.allRequests().length === 1) setTimeout(release, 20);
    });
    const result = await readHistoryOnce({ url: fake.url, name: 'aep-console', store, quietMs: 1 });
    unsubscribe();
    assert.equal(result.ok && result.via, 'sse');
    assert.deepEqual(
      store
        .allRequests()
        .map((r) => r.id)
        .sort(),
      ['r1', 'r2'],
    );
    assert.match(fake.urls[1], /^\/stream\?filter=.*&from=all&live=0$/, 'the console filter, from=all, live=0');
    fake.server.close();
  });

  it('hostile bytes: an oversize line, garbage, a torn last message are counted, never fatal', async () => {
    const fake = await fakeRelay('/stream', (res) => {
      res.write(`data: ${'x'.repeat(1024 * 1024 + 4096)}\n\n`);
      res.write('data: {not json\n\n: replay-exhausted s\u001b[31m 0:4\n\n');
      res.write(`data: ${request('ok', 1)}\r\n\r\n`);
      res.end(`data: ${request('torn', 2)}`);
    });
    const store = new ConsoleStore();
    const result = await readHistoryOnce({ url: fake.url, name: 'aep-console', store });
    assert.equal(result.ok, true);
    assert.deepEqual(
      store.allRequests().map((r) => r.id),
      ['ok'],
      'the unterminated message is not applied',
    );
    const status = store.getRelay(fake.url)!;
    assert.equal(status.undecodable, 1);
    assert.equal(status.invalid, 1);
    assert.ok(status.warnings.some((w) => /history of session s.* is partly gone/.test(w) && !w.includes('\u001b')));
    fake.server.close();
  });

  it('a stream named on another host is never sent the token: WebSocket fallback', async () => {
    const fake = await fakeRelay('http://elsewhere.invalid/stream', () => undefined);
    const store = new ConsoleStore();
    const result = await readHistoryOnce({
      url: fake.url,
      token: 'secret',
      name: 'aep-console',
      store,
      timeoutMs: 2000,
    });
    assert.deepEqual(
      result,
      { ok: false, reason: 'relay refused the connection (HTTP 404)' },
      'the fake has no WebSocket either',
    );
    assert.deepEqual(fake.urls, ['/events', '/socket'], 'nothing went to the other host; only this one was asked');
    fake.server.close();
  });

  it('httpBase maps ws/wss and drops /socket', () => {
    assert.equal(httpBase('ws://h:1/socket').href, 'http://h:1/');
    assert.equal(httpBase('wss://h/aep/socket').href, 'https://h/aep');
    assert.equal(httpBase('https://h/aep').href, 'https://h/aep');
  });
});
