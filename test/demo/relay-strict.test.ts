// The demo relay against the spec's own rules, each test naming the rule it
// checks (AEP-0003 §3.2 POST, §3.3 SSE resume, §4 hello, §4.1 roster;
// AEP-0004 §4 command history). Written from the spec text: a library user
// tests an agent against this relay, so what a real relay refuses it refuses.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { barrier, connect, consumer, emitter, ev, respond } from './helpers.js';

const TOKEN = 'strict-token';

/** One POST with exactly these headers (fetch would add a content type of its own). */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/events`,
      { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What a one-pass SSE replay of every held session returns: the Events' ids, in order. */
async function replayIds(
  url: string,
  headers: Record<string, string> = {},
  query = 'from=all&live=0',
): Promise<string[]> {
  const res = await fetch(`${url}/stream?${query}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } });
  assert.equal(res.status, 200);
  const body = await res.text();
  return body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => (JSON.parse(l.slice(6)) as { id: string }).id);
}

const JSON_V01 = { 'content-type': 'application/json', 'aep-version': '0.1' };

describe('AEP-0003 §3.2: POST /events: the header gate', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
  });
  after(() => relay.close());

  // rule 2: the AEP-Version header is REQUIRED; an unsupported one is 426 with the supported versions.
  const versionCases: Array<[string, Record<string, string>, number]> = [
    ['no AEP-Version header', { 'content-type': 'application/json' }, 426],
    ['AEP-Version 9.9', { 'content-type': 'application/json', 'aep-version': '9.9' }, 426],
    ['AEP-Version 1.0', { 'content-type': 'application/json', 'aep-version': '1.0' }, 426],
    ['AEP-Version empty', { 'content-type': 'application/json', 'aep-version': '' }, 426],
    ['AEP-Version 0.1', JSON_V01, 202],
  ];
  for (const [name, headers, status] of versionCases) {
    test(`${name} → ${status}`, async () => {
      const e = ev('s_version', 'session.started');
      const r = await post(relay.url, headers, JSON.stringify(e));
      assert.equal(r.status, status, JSON.stringify(r.body));
      const held = (await replayIds(relay.url)).includes(e.id as string);
      if (status === 426) {
        assert.deepEqual(r.body.versions, ['0.1']);
        assert.equal(held, false, 'a refused POST ingests nothing');
      } else assert.equal(held, true);
    });
  }

  // rules 1 and 3: application/json (one Event) or application/x-ndjson (a batch); anything else is 415.
  const mediaCases: Array<[string | undefined, number]> = [
    ['application/json', 202],
    ['application/json; charset=utf-8', 202],
    ['Application/JSON;charset="UTF-8"', 202],
    ['application/x-ndjson', 202],
    ['text/plain', 415],
    ['text/plain; charset=utf-8', 415],
    ['application/x-www-form-urlencoded', 415],
    ['application/json; charset=iso-8859-1', 415],
    ['application/jsonx', 415],
    [undefined, 415],
  ];
  for (const [type, status] of mediaCases) {
    test(`Content-Type ${type ?? '(none)'} → ${status}`, async () => {
      const e = ev('s_media', 'session.started');
      const headers: Record<string, string> = { 'aep-version': '0.1' };
      if (type !== undefined) headers['content-type'] = type;
      const r = await post(relay.url, headers, JSON.stringify(e));
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal((await replayIds(relay.url)).includes(e.id as string), status === 202);
      if (status === 415) assert.equal(typeof r.body.error, 'string');
    });
  }
});

describe('AEP-0003 §3.2: POST /events: the body', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
  });
  after(() => relay.close());

  test('a batch keeps its order; the closing newline is no Event', async () => {
    const batch = [
      ev('s_batch', 'session.started'),
      ev('s_batch', 'run.started', { run: 'r1' }),
      ev('s_batch', 'session.ended'),
    ];
    const r = await post(
      relay.url,
      { 'content-type': 'application/x-ndjson', 'aep-version': '0.1' },
      batch.map((e) => JSON.stringify(e)).join('\n') + '\n',
    );
    assert.deepEqual(r, { status: 202, body: { accepted: 3 } });
    const held = await replayIds(
      relay.url,
      {},
      `from=all&live=0&filter=${encodeURIComponent(JSON.stringify({ session: 's_batch' }))}`,
    );
    assert.deepEqual(
      held,
      batch.map((e) => e.id),
    );
  });

  test('an invalid Event is 400 {error: "invalid-event", detail}; in a batch, nothing of it is ingested and the line is named', async () => {
    const one = await post(relay.url, JSON_V01, JSON.stringify({ ...ev('s_bad', 'session.started'), id: undefined }));
    assert.equal(one.status, 400);
    assert.equal(one.body.error, 'invalid-event');
    assert.equal(typeof one.body.detail, 'string');
    const good = ev('s_bad', 'session.started');
    const lines = [JSON.stringify(good), '{"not": "an event"}', JSON.stringify(ev('s_bad', 'run.started'))];
    const batch = await post(
      relay.url,
      { 'content-type': 'application/x-ndjson', 'aep-version': '0.1' },
      lines.join('\n'),
    );
    assert.equal(batch.status, 400);
    assert.equal(batch.body.error, 'invalid-event');
    assert.equal(batch.body.line, 2);
    assert.equal((await replayIds(relay.url)).includes(good.id as string), false);
    assert.equal((await post(relay.url, JSON_V01, 'not json')).status, 400);
    const array = await post(relay.url, JSON_V01, JSON.stringify([ev('s_bad', 'session.started')]));
    assert.equal(array.status, 400, 'application/json is one Event; a batch is NDJSON');
  });

  test('AEP-0004 §4.1: a command POSTed is refused and never routed (control flows only on the duplex binding)', async () => {
    const target = await emitter(relay.url, TOKEN);
    target.send(ev('s_post_cmd', 'session.started'));
    await barrier(target);
    const cmd = respond('s_post_cmd', 'R1', { option: 'allow' });
    const r = await post(relay.url, JSON_V01, JSON.stringify(cmd));
    assert.equal(r.status, 403);
    assert.equal(r.body.error, 'unauthorized');
    await barrier(target);
    assert.ok(!target.frames.some((f) => f.id === cmd.id));
    assert.ok(!(await replayIds(relay.url)).includes(cmd.id as string));
    await target.close();
  });
});

describe('AEP-0003 §3.3: SSE resume by Last-Event-ID', () => {
  test('Last-Event-ID {session}:{epoch}:{seq} replays strictly after it; from takes precedence', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const a = ev('s:colon', 'session.started');
    const b = ev('s:colon', 'run.started', { run: 'r1' });
    const c = ev('s:colon', 'session.ended');
    for (const e of [a, b, c]) relay.publish(e as never);
    assert.deepEqual(await replayIds(relay.url, { 'last-event-id': `s:colon:0:${a.seq as number}` }, 'live=0'), [
      b.id,
      c.id,
    ]);
    const from = encodeURIComponent(JSON.stringify([{ session: 's:colon', epoch: 0, seq: b.seq }]));
    assert.deepEqual(await replayIds(relay.url, { 'last-event-id': 's:colon:0:0' }, `live=0&from=${from}`), [c.id]);
    await relay.close();
  });
});

describe('AEP-0003 §4: hello', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN });
  });
  after(() => relay.close());

  test('rule 1: no version in common → version-unsupported listing the supported versions, then close', async () => {
    const c = await connect(relay.url, {
      token: TOKEN,
      hello: { type: 'hello', versions: ['9.9'], role: 'consumer', identity: { agent: 'x' } },
    });
    const err = await c.waitFor((f) => f.type === 'error');
    assert.equal(err.code, 'version-unsupported');
    assert.deepEqual(err.versions, ['0.1']);
    await c.closed;
  });

  test('rule 1: the reply selects exactly one version from the intersection', async () => {
    const c = await connect(relay.url, {
      token: TOKEN,
      hello: { type: 'hello', versions: ['9.9', '0.1'], role: 'consumer' },
    });
    const hello = await c.waitFor((f) => f.type === 'hello');
    assert.deepEqual(hello.versions, ['0.1']);
    await c.close();
  });

  test('rule 2: the relay names itself by a spec role; a hello without one of emitter|consumer|both is refused', async () => {
    const ok = await connect(relay.url, { token: TOKEN });
    assert.ok(['emitter', 'consumer', 'both'].includes((await ok.waitFor((f) => f.type === 'hello')).role));
    await ok.close();
    for (const role of ['relay', 'Consumer', undefined, 7]) {
      const c = await connect(relay.url, {
        token: TOKEN,
        hello: { type: 'hello', versions: ['0.1'], role, identity: { agent: 'x' } },
      });
      const err = await c.waitFor((f) => f.type === 'error' || f.type === 'hello');
      assert.equal(err.type, 'error', `role ${String(role)}`);
      assert.equal(err.code, 'invalid-hello');
      await c.closed;
    }
  });

  test('rule 3: identity.agent is required of an emitter', async () => {
    for (const role of ['emitter', 'both']) {
      const c = await connect(relay.url, {
        token: TOKEN,
        hello: { type: 'hello', versions: ['0.1'], role, identity: { instance: 'h/1' } },
      });
      assert.equal((await c.waitFor((f) => f.type === 'error')).code, 'invalid-hello');
      await c.closed;
    }
  });

  test('rule 2: a both-role connection claims its sessions, takes commands, and watches', async () => {
    const both = await emitter(relay.url, TOKEN, { role: 'both' });
    both.send(ev('s_both', 'session.started'));
    both.send({ type: 'subscribe', id: 'mine', filter: { session: 's_both' }, from: 'all' });
    await both.waitFor((f) => f.type === 'session.started' && f.session === 's_both');
    both.send({ type: 'roster', id: 'r-both' });
    const roster = await both.waitFor((f) => f.type === 'roster' && f.id === 'r-both');
    assert.ok(roster.entries.some((e: { session: string }) => e.session === 's_both'));
    const sender = await consumer(relay.url, TOKEN);
    const cmd = respond('s_both', 'R1', { option: 'allow' });
    sender.send(cmd);
    await both.waitFor((f) => f.id === cmd.id);
    await Promise.all([both.close(), sender.close()]);
  });
});

describe('AEP-0003 §4.1: roster', () => {
  test('rule 2: an emitter-role request is refused in-band (unauthorized, same id) and the connection survives', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN);
    e.send({ type: 'roster', id: 'r-deny' });
    const err = await e.waitFor((f) => f.type === 'error' || f.type === 'roster');
    assert.deepEqual(
      { type: err.type, id: err.id, code: err.code },
      { type: 'error', id: 'r-deny', code: 'unauthorized' },
    );
    e.send(ev('s_after', 'session.started'));
    await barrier(e);
    const c = await consumer(relay.url, TOKEN);
    c.send({ type: 'roster', id: 'r-ok' });
    const roster = await c.waitFor((f) => f.type === 'roster' && f.id === 'r-ok');
    assert.deepEqual(
      roster.entries.map((x: { session: string }) => x.session),
      ['s_after'],
      'the emitter still claims after the refusal',
    );
    await Promise.all([c.close(), e.close()]);
    await relay.close();
  });

  test('rule 4: declarations relayed verbatim, and only when declared', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const control = { accepts: ['control.attention.respond'], ack_window_ms: 2500, future: { x: 1 } };
    const declared = await emitter(relay.url, TOKEN, {
      capabilities: { control, emits: ['session', 'attention'] },
      sessions: ['s_declared'],
    });
    const quiet = await emitter(relay.url, TOKEN, {
      identity: { agent: 'quiet' },
      capabilities: {},
      sessions: ['s_quiet'],
    });
    quiet.send(ev('s_quiet', 'tool.requested', { agent: 'quiet' }));
    await Promise.all([barrier(declared), barrier(quiet)]);
    const c = await consumer(relay.url, TOKEN);
    c.send({ type: 'roster', id: 'r' });
    const { entries } = await c.waitFor((f) => f.type === 'roster' && f.id === 'r');
    const byS = new Map(entries.map((x: { session: string }) => [x.session, x]));
    assert.deepEqual(byS.get('s_declared'), {
      session: 's_declared',
      agent: 'test-agent',
      instance: 'test/2',
      control,
      emits: ['session', 'attention'],
    });
    assert.deepEqual(
      byS.get('s_quiet'),
      { session: 's_quiet', agent: 'quiet' },
      'nothing inferred from what it emitted',
    );
    await Promise.all([c.close(), declared.close(), quiet.close()]);
    await relay.close();
  });
});

describe('AEP-0004 §4.4 and §8: command history', () => {
  test('a forwarded command is persisted in the session history it serves; a refused one never enters it', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const target = await emitter(relay.url, TOKEN);
    target.send(ev('s_hist', 'session.started'));
    await barrier(target);
    const sender = await consumer(relay.url, TOKEN);
    const routed = respond('s_hist', 'R1', { option: 'allow' });
    const refused = respond('s_nobody', 'R2', { option: 'allow' });
    sender.send(routed);
    sender.send(refused);
    await target.waitFor((f) => f.id === routed.id);
    assert.equal((await sender.waitFor((f) => f.type === 'error' && f.cause === refused.id)).code, 'no-route');
    const late = await consumer(relay.url, TOKEN);
    await barrier(late);
    assert.ok(
      late.frames.some((f) => f.id === routed.id),
      'replayed over WebSocket',
    );
    assert.ok(!late.frames.some((f) => f.id === refused.id));
    const sse = await replayIds(relay.url);
    assert.ok(sse.includes(routed.id as string), 'replayed over SSE');
    assert.ok(!sse.includes(refused.id as string));
    await Promise.all([target.close(), sender.close(), late.close()]);
    await relay.close();
  });
});
