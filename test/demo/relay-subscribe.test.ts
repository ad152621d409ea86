import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startDemoRelay } from '../../src/demo/relay.js';
import { barrier, connect, consumer, emitter, ev, respond } from './helpers.js';

const TOKEN = 't0k';

describe('demo relay: subscribe, filters, replay from all', () => {
  test('illegal filter key (seq) → in-band invalid-filter; the connection survives', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const c = await connect(relay.url, { token: TOKEN });
    await c.waitFor((f) => f.type === 'hello');
    c.send({ type: 'subscribe', id: 'bad', filter: { seq: 5 } });
    const err = await c.waitFor((f) => f.type === 'error');
    assert.equal(err.id, 'bad');
    assert.equal(err.code, 'invalid-filter');
    for (const filter of [
      { data: {} },
      { time: 'x' },
      { traceparent: 'x' },
      { type: '*' },
      { agent: 'claude*' },
      { agent: [] },
      { NotAnAttr: 1 },
      { severity: { gt: 'info' } },
    ]) {
      c.send({ type: 'subscribe', id: 'bad2', filter });
      assert.equal(
        (await c.waitFor((f) => f.type === 'error' && f.id === 'bad2')).code,
        'invalid-filter',
        JSON.stringify(filter),
      );
    }
    c.send({ type: 'subscribe', id: 'bad3', filter: {}, from: 'yesterday' });
    assert.equal((await c.waitFor((f) => f.type === 'error' && f.id === 'bad3')).code, 'invalid-filter');
    c.send({ type: 'subscribe', id: 'ok', filter: { type: ['attention.*'], severity: { gte: 'notice' } } });
    assert.deepEqual(await c.waitFor((f) => f.type === 'subscribed'), { type: 'subscribed', id: 'ok' });
    c.send({ type: 'unsubscribe', id: 'ok' });
    assert.deepEqual(await c.waitFor((f) => f.type === 'unsubscribed'), { type: 'unsubscribed', id: 'ok' });
    await c.close();
    await relay.close();
  });

  test('from "all" replays every held session in order, then live; filters apply', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN);
    const a0 = ev('s_a', 'session.started');
    const b0 = ev('s_b', 'session.started');
    const a1 = ev('s_a', 'attention.requested', { severity: 'notice', data: { kind: 'input', prompt: 'q?' } });
    const a2 = ev('s_a', 'tool.requested');
    for (const x of [a0, b0, a1, a2]) e.send(x);
    await barrier(e);
    const c = await consumer(relay.url, TOKEN, {
      id: 'all',
      filter: { type: ['session.*', 'attention.*'] },
      from: 'all',
    });
    await barrier(c); // replay is synchronous: it is all in before the roster reply
    const ids = c.frames.filter((f) => typeof f.type === 'string' && f.type.includes('.')).map((f) => f.id);
    assert.deepEqual(ids, [a0.id, b0.id, a1.id]); // arrival order across sessions, tool.* filtered out
    const live = ev('s_b', 'attention.requested', { data: { kind: 'input', prompt: 'live' } });
    e.send(live);
    const got = await c.waitFor((f) => f.id === live.id);
    assert.equal(got.data.prompt, 'live');
    // severity bound: a second subscription only sees notice+
    c.send({ type: 'subscribe', id: 'sev', filter: { severity: { gte: 'notice' } }, from: 'all' });
    await c.waitFor((f) => f.type === 'subscribed' && f.id === 'sev');
    await barrier(c);
    const all = c.frames.filter((f) => f.id === a1.id);
    assert.equal(all.length, 2); // once per subscription
    assert.equal(c.frames.filter((f) => f.id === a0.id).length, 1);
    await Promise.all([c.close(), e.close()]);
    await relay.close();
  });
});

describe('demo relay: replay from positions', () => {
  test('from positions replays strictly after each position; duplicates are not re-buffered', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN);
    const evs = [0, 1, 2, 3].map(() => ev('s_p', 'progress.status'));
    for (const x of evs) e.send(x);
    e.send(evs[3]); // at-least-once redelivery
    await barrier(e);
    const c = await consumer(relay.url, TOKEN, { id: 'r', filter: {}, from: [{ session: 's_p', epoch: 0, seq: 1 }] });
    await barrier(c);
    const got = c.frames.filter((f) => f.type === 'progress.status').map((f) => f.seq);
    assert.deepEqual(got, [2, 3]);
    assert.ok(!c.frames.some((f) => f.type === 'replay-exhausted'));
    await Promise.all([c.close(), e.close()]);
    await relay.close();
  });

  test('replay-exhausted precedes the replay when the position predates the buffer', async () => {
    const relay = await startDemoRelay({ token: TOKEN, bufferPerSession: 3 });
    const e = await emitter(relay.url, TOKEN);
    for (let i = 0; i < 6; i++) e.send(ev('s_x', 'progress.status'));
    await barrier(e);
    const c = await consumer(relay.url, TOKEN, { id: 'rx', filter: {}, from: [{ session: 's_x', epoch: 0, seq: 0 }] });
    await barrier(c);
    const relevant = c.frames.filter((f) => f.type === 'replay-exhausted' || f.type === 'progress.status');
    assert.deepEqual(relevant[0], {
      type: 'replay-exhausted',
      sub: 'rx',
      session: 's_x',
      earliest: { epoch: 0, seq: 3 },
    });
    assert.deepEqual(
      relevant.slice(1).map((f) => f.seq),
      [3, 4, 5],
    );
    // a position inside the buffer is not exhausted
    c.send({ type: 'subscribe', id: 'ok', filter: {}, from: [{ session: 's_x', epoch: 0, seq: 3 }] });
    await c.waitFor((f) => f.type === 'subscribed' && f.id === 'ok');
    await barrier(c);
    assert.equal(c.frames.filter((f) => f.type === 'replay-exhausted').length, 1);
    await Promise.all([c.close(), e.close()]);
    await relay.close();
  });
});

describe('demo relay: capture ceilings', () => {
  test('capture ceiling metadata down-levels requests, answers, rejections; none drops data', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN, { identity: { agent: 'claude-code' } });
    const fields = [
      { id: 'name', type: 'string', label: 'Service name', required: true },
      { id: 'replicas', type: 'number', label: 'Replicas' },
      {
        id: 'regions',
        type: 'select',
        label: 'Regions',
        multi: true,
        choices: [
          { id: 'r1', label: 'us-east' },
          { id: 'r2', label: 'eu-west' },
        ],
      },
      { id: 'db', type: 'select', label: 'Database', other: true, choices: [{ id: '1', label: 'PostgreSQL' }] },
    ];
    const base = { agent: 'claude-code', source: 'aep://h/agent/claude-code/session/s_c' };
    const perm = ev('s_c', 'attention.requested', {
      ...base,
      subject: 'Bash',
      capture: 'redacted',
      data: {
        kind: 'permission',
        prompt: 'Permission requested: Bash — rm -rf build/',
        options: [
          { id: 'allow', label: 'Allow' },
          { id: 'deny', label: 'Deny' },
        ],
        respond_via: ['control'],
        context: { secret: 1 },
      },
    });
    const form = ev('s_c', 'attention.requested', {
      ...base,
      capture: 'redacted',
      data: { kind: 'form', prompt: 'Configure', fields },
    });
    const answered = ev('s_c', 'attention.answered', {
      ...base,
      subject: form.id,
      capture: 'redacted',
      data: {
        answer: { text: 'SECRET', values: { name: 'billing', replicas: 3, regions: ['r1'], db: 'MariaDB' } },
        by: 'ops',
        via: 'control',
      },
    });
    const rejected = ev('s_c', 'control.rejected', {
      ...base,
      cause: 'C1',
      capture: 'redacted',
      data: { reason: 'invalid', detail: 'name: SECRET detail' },
    });
    for (const x of [perm, form, answered, rejected]) e.send(x);
    await barrier(e);
    const c = await consumer(relay.url, TOKEN, { id: 'm', filter: {}, from: 'all', capture: 'metadata' });
    await barrier(c);
    const by = (id: unknown) => c.frames.find((f) => f.id === id);
    assert.deepEqual(by(perm.id).data, {
      kind: 'permission',
      prompt: 'claude-code requests permission: Bash',
      options: [
        { id: 'allow', label: '1' },
        { id: 'deny', label: '2' },
      ],
      respond_via: ['control'],
    });
    assert.equal(by(perm.id).capture, 'metadata');
    const f = by(form.id).data;
    assert.equal(f.prompt, 'claude-code requests form');
    assert.deepEqual(
      f.fields.map((x: { label: string }) => x.label),
      ['1', '2', '3', '4'],
    );
    assert.deepEqual(f.fields[2].choices, [
      { id: 'r1', label: '1' },
      { id: 'r2', label: '2' },
    ]);
    // values gated per the form's field specs: string & other free text dropped
    assert.deepEqual(by(answered.id).data, {
      answer: { values: { replicas: 3, regions: ['r1'] } },
      by: 'ops',
      via: 'control',
    });
    assert.deepEqual(by(rejected.id).data, { reason: 'invalid' });
    // a command's audit copy is down-levelled the same way
    const agentSide = await emitter(relay.url, TOKEN);
    agentSide.send(ev('s_c2', 'session.started'));
    await barrier(agentSide);
    const cmd = respond('s_c2', 'R9', { text: 'SECRET reason' });
    c.send(cmd);
    const audit = await c.waitFor((x) => x.id === cmd.id);
    assert.deepEqual(audit.data, { answer: {} });
    assert.equal(audit.capture, 'metadata');
    // ceiling none: envelope only
    c.send({ type: 'subscribe', id: 'n', filter: { session: 's_c' }, from: 'all', capture: 'none' });
    await c.waitFor((x) => x.type === 'subscribed' && x.id === 'n');
    await barrier(c);
    const none = c.frames.filter((x) => x.id === perm.id)[1];
    assert.equal(none.capture, 'none');
    assert.equal(none.data, undefined);
    await Promise.all([c.close(), e.close(), agentSide.close()]);
    await relay.close();
  });
});

describe('demo relay: SSE /stream', () => {
  test('SSE /stream: from=all, filter, live=0 ends with replay-complete; 401 without token', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    const e = await emitter(relay.url, TOKEN);
    const a = ev('s_sse', 'attention.requested', { data: { kind: 'input', prompt: 'p' } });
    e.send(ev('s_sse', 'session.started'));
    e.send(a);
    await barrier(e);
    const q = `filter=${encodeURIComponent(JSON.stringify({ type: 'attention.*' }))}&from=all&live=0`;
    const res = await fetch(`${relay.url}/stream?${q}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    const body = await res.text();
    const data = body
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    assert.deepEqual(
      data.map((d) => d.id),
      [a.id],
    );
    assert.ok(body.trimEnd().endsWith(': replay-complete'));
    assert.equal((await fetch(`${relay.url}/stream?from=all&live=0`)).status, 401);
    const bad = await fetch(`${relay.url}/stream?filter=${encodeURIComponent('{"seq":1}')}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(bad.status, 400);
    // POST /events ingests like an emitter frame
    const posted = ev('s_sse', 'attention.requested', { data: { kind: 'input', prompt: 'posted' } });
    const pr = await fetch(`${relay.url}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'aep-version': '0.1' },
      body: JSON.stringify(posted),
    });
    assert.equal(pr.status, 202);
    const again = await (
      await fetch(`${relay.url}/stream?from=all&live=0`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    assert.ok(again.includes(posted.id as string));
    await e.close();
    await relay.close();
  });
});
