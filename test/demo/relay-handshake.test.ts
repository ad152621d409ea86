import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { connect, consumer, emitter, ev, respond } from './helpers.js';

const TOKEN = 'test-token-abc';

describe('demo relay: handshake', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN, pingIntervalMs: 150 });
  });
  after(() => relay.close());

  test('relay hello advertises replay, roster, control, capture, filters', async () => {
    const c = await connect(relay.url, { token: TOKEN });
    const hello = await c.waitFor((f) => f.type === 'hello');
    assert.deepEqual(hello.versions, ['0.1']);
    assert.equal(hello.role, 'both');
    assert.equal(hello.auth, 'bearer');
    assert.deepEqual(hello.capabilities.replay, { buffer: 1000, all: true });
    assert.deepEqual(hello.capabilities.roster, {});
    assert.ok(hello.capabilities.control.accepts.includes('control.attention.respond'));
    assert.deepEqual(hello.capabilities.capture, ['none', 'metadata', 'redacted', 'full']);
    assert.deepEqual(hello.capabilities.filters, ['attr-match']);
    assert.match(relay.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    await c.close();
  });

  test('a first frame other than hello → hello-required and close', async () => {
    const c = await connect(relay.url, { token: TOKEN, hello: { type: 'subscribe', id: 's', filter: {} } });
    const err = await c.waitFor((f) => f.type === 'error');
    assert.equal(err.code, 'hello-required');
    await c.closed;
  });

  test('non-JSON first frame → hello-required', async () => {
    const c = await connect(relay.url, { token: TOKEN, hello: false });
    c.sendRaw('not json');
    assert.equal((await c.waitFor((f) => f.type === 'error')).code, 'hello-required');
    await c.closed;
  });

  test('no version overlap → version-unsupported and close', async () => {
    const c = await connect(relay.url, { token: TOKEN, hello: { type: 'hello', versions: ['9.9'], role: 'consumer' } });
    const err = await c.waitFor((f) => f.type === 'error');
    assert.equal(err.code, 'version-unsupported');
    assert.equal(typeof err.detail, 'string');
    assert.ok(!c.frames.some((f) => f.type === 'hello'));
    await c.closed;
  });
});

describe('demo relay: auth, liveness, shutdown', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({ token: TOKEN, pingIntervalMs: 150 });
  });
  after(() => relay.close());

  test('401 without a token and with a wrong token; ?access_token= accepted', async () => {
    await assert.rejects(connect(relay.url, {}), (e: { status?: number }) => e.status === 401);
    await assert.rejects(connect(relay.url, { token: 'wrong' }), (e: { status?: number }) => e.status === 401);
    const c = await connect(relay.url, { token: TOKEN, tokenInQuery: true });
    await c.waitFor((f) => f.type === 'hello');
    await c.close();
  });

  test('relay pings; answers a client ping with pong; survives unknown frames', async () => {
    const c = await connect(relay.url, { token: TOKEN });
    await c.waitFor((f) => f.type === 'hello');
    c.send({ type: 'frobnicate', x: 1 });
    c.send({ type: 'ping', t: 42 });
    assert.deepEqual(await c.waitFor((f) => f.type === 'pong'), { type: 'pong', t: 42 });
    const ping = await c.waitFor((f) => f.type === 'ping');
    assert.equal(typeof ping.t, 'number');
    c.send({ type: 'pong', t: ping.t });
    await c.close();
  });

  test('invalid events are refused with invalid-event; the connection survives', async () => {
    const e = await emitter(relay.url, TOKEN);
    e.send({ type: 'session.started', id: 'x1', source: 'aep://t' }); // no agent
    const err = await e.waitFor((f) => f.type === 'error');
    assert.equal(err.code, 'invalid-event');
    assert.equal(err.cause, 'x1');
    e.send({ type: 'ping', t: 1 });
    await e.waitFor((f) => f.type === 'pong');
    await e.close();
  });

  test('close() sends closing{reason:"shutdown"} then closes with 1001', async () => {
    const r = await startDemoRelay({ token: TOKEN });
    const c = await connect(r.url, { token: TOKEN });
    await c.waitFor((f) => f.type === 'hello');
    assert.equal(r.connections(), 1);
    await r.close();
    assert.deepEqual(await c.waitFor((f) => f.type === 'closing'), {
      type: 'closing',
      reason: 'shutdown',
      delivered: [],
    });
    assert.equal((await c.closed).code, 1001);
  });
});

describe('demo relay without a token: watch-only', () => {
  let relay: DemoRelay;
  before(async () => {
    relay = await startDemoRelay({});
  });
  after(() => relay.close());

  test('hello says auth:"none" and has no control capability; commands are refused unauthorized', async () => {
    const agent = await emitter(relay.url, undefined);
    agent.send(ev('s_w', 'session.started'));
    const c = await consumer(relay.url, undefined);
    const hello = c.frames.find((f) => f.type === 'hello');
    assert.equal(hello.auth, 'none');
    assert.equal(hello.capabilities.control, undefined);
    await c.waitFor((f) => f.type === 'session.started'); // watching works
    const cmd = respond('s_w', 'R1', { option: 'allow' });
    c.send(cmd);
    assert.deepEqual(await c.waitFor((f) => f.type === 'error'), {
      type: 'error',
      cause: cmd.id,
      code: 'unauthorized',
      detail: 'relay has no token configured: watch-only',
    });
    // never routed: the emitter got nothing
    agent.send({ type: 'ping', t: 7 });
    await agent.waitFor((f) => f.type === 'pong');
    assert.ok(!agent.frames.some((f) => f.type === 'control.attention.respond'));
    await Promise.all([c.close(), agent.close()]);
  });
});
