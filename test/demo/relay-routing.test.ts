import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startDemoRelay } from '../../src/demo/relay.js';
import { barrier, consumer, emitter, ev, respond } from './helpers.js';

const TOKEN = 'route-token';

describe('demo relay: roster and command routing', () => {
  test('roster lists one entry per (emitter connection, session) claim', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN, {
      identity: { agent: 'claude-code', instance: 'host-a/123' },
      sessions: ['s_hello'],
    });
    e.send(ev('s_emitted', 'session.started', { agent: 'claude-code' }));
    await barrier(e);
    const c = await consumer(relay.url, TOKEN);
    c.send({ type: 'roster', id: 'r-1' });
    const roster = await c.waitFor((f) => f.type === 'roster' && f.id === 'r-1');
    const sessions = roster.entries.map((x: { session: string }) => x.session).sort();
    assert.deepEqual(sessions, ['s_emitted', 's_hello']);
    const entry = roster.entries.find((x: { session: string }) => x.session === 's_emitted');
    assert.equal(entry.agent, 'claude-code');
    assert.equal(entry.instance, 'host-a/123');
    assert.deepEqual(entry.control, { accepts: ['control.attention.respond'], ack_window_ms: 5000 });
    assert.equal(entry.emits, undefined, 'no emits declared, none synthesized (AEP-0003 §4.1 rule 4)');
    // session.ended releases the claim; disconnect releases the rest
    e.send(ev('s_emitted', 'session.ended', { data: { reason: 'normal' } }));
    await barrier(e);
    c.send({ type: 'roster', id: 'r-2' });
    const r2 = await c.waitFor((f) => f.type === 'roster' && f.id === 'r-2');
    assert.deepEqual(
      r2.entries.map((x: { session: string }) => x.session),
      ['s_hello'],
    );
    await e.close();
    c.send({ type: 'roster', id: 'r-3' });
    assert.deepEqual((await c.waitFor((f) => f.type === 'roster' && f.id === 'r-3')).entries, []);
    await c.close();
    await relay.close();
  });

  test('a command is forwarded byte-identically to the one claimant and fanned out to subscribers', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN);
    e.send(ev('s_r', 'session.started'));
    await barrier(e);
    const c = await consumer(relay.url, TOKEN);
    const cmd = respond('s_r', 'REQ1', { option: 'deny' });
    const raw = JSON.stringify(cmd, null, 1); // unusual bytes on purpose
    const forwarded = new Promise<string>((resolve) => {
      e.ws.on('message', (d) => {
        const s = d.toString();
        if (s.includes(cmd.id as string)) resolve(s);
      });
    });
    c.sendRaw(raw);
    assert.equal(await forwarded, raw);
    const audit = await c.waitFor((f) => f.id === cmd.id);
    assert.equal(audit.type, 'control.attention.respond'); // the sender sees its own command
    await Promise.all([c.close(), e.close()]);
    await relay.close();
  });
});

describe('demo relay: command routing refusals', () => {
  test('no-route, ambiguous, unsupported error frames carry the command id as cause', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const c = await consumer(relay.url, TOKEN);

    const noRoute = respond('s_nobody', 'R', { option: 'allow' });
    c.send(noRoute);
    const e1 = await c.waitFor((f) => f.type === 'error' && f.cause === noRoute.id);
    assert.equal(e1.code, 'no-route');
    assert.equal(typeof e1.detail, 'string');

    const x = await emitter(relay.url, TOKEN);
    const y = await emitter(relay.url, TOKEN);
    x.send(ev('s_twice', 'session.started'));
    y.send({ ...ev('s_twice', 'session.started'), source: 'aep://other/agent/test-agent/session/s_twice' });
    await Promise.all([barrier(x), barrier(y)]);
    const amb = respond('s_twice', 'R', { option: 'allow' });
    c.send(amb);
    assert.equal((await c.waitFor((f) => f.type === 'error' && f.cause === amb.id)).code, 'ambiguous');

    const mute = await emitter(relay.url, TOKEN, { capabilities: {} });
    mute.send(ev('s_mute', 'session.started'));
    await barrier(mute);
    const uns = respond('s_mute', 'R', { option: 'allow' });
    c.send(uns);
    assert.equal((await c.waitFor((f) => f.type === 'error' && f.cause === uns.id)).code, 'unsupported');
    const cancel: Record<string, unknown> = {
      ...respond('s_twice', 'R', {}),
      type: 'control.cancel',
      data: { scope: 'run' },
    };
    x.close();
    await x.closed;
    c.send(cancel);
    assert.equal((await c.waitFor((f) => f.type === 'error' && f.cause === cancel.id)).code, 'unsupported');

    // refused commands are not fanned out as if they had been delivered
    await barrier(c);
    assert.ok(!c.frames.some((f) => f.id === noRoute.id || f.id === amb.id || f.id === uns.id));
    await Promise.all([c.close(), y.close(), mute.close()]);
    await relay.close();
  });
});
