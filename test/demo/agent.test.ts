import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { permissionRequest, replicasField, selectField, serviceNameField, stagedField } from '../support/requests.js';
import { consumer, respond, until, type Frame, type TestClient } from './helpers.js';

const TOKEN = 'agent-token';
const PERMISSION = permissionRequest('Permission requested: Bash — rm -rf build/');
const FORM_FIELDS = [
  serviceNameField(),
  replicasField(),
  stagedField('Staging first?'),
  selectField(
    'db',
    'Database',
    [
      ['1', 'PostgreSQL'],
      ['2', 'SQLite'],
    ],
    { other: true },
  ),
  selectField(
    'regions',
    'Regions',
    [
      ['us', 'us-east'],
      ['eu', 'eu-west'],
    ],
    { multi: true },
  ),
];

// One agent and one consumer for the conformant-target suites below, which run in order
// over the one session (the last checks seq over all of it).
let relay: DemoRelay;
let agent: DemoAgent;
let c: TestClient;
const emitted: Frame[] = [];

before(async () => {
  relay = await startDemoRelay({ token: TOKEN });
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'claude-code',
    host: 'host-a',
    script: 'none',
    onEvent: (e) => emitted.push(e),
    oobResolveMs: 60_000,
  });
  c = await consumer(relay.url, TOKEN);
});
after(async () => {
  await agent.close();
  await c.close();
  await relay.close();
});

const send = (reqId: string, answer: Record<string, unknown>, id?: string): Record<string, unknown> => {
  const cmd = respond(agent.session, reqId, answer, id);
  c.send(cmd);
  return cmd;
};
const ackOf = (cmd: Record<string, unknown>) =>
  c.waitFor((f) => (f.type === 'control.accepted' || f.type === 'control.rejected') && f.cause === cmd.id);
const answeredOf = (reqId: string) => c.waitFor((f) => f.type === 'attention.answered' && f.subject === reqId);
const resolvedOf = (reqId: string) => c.waitFor((f) => f.type === 'attention.resolved' && f.subject === reqId);

describe('demo agent: a conformant target: session, options and text', () => {
  test('session.started at seq 0 with the agent source; roster entry declares control', async () => {
    const started = await c.waitFor((f) => f.type === 'session.started');
    assert.equal(started.seq, 0);
    assert.equal(started.epoch, 0);
    assert.equal(started.source, `aep://host-a/agent/claude-code/session/${agent.session}`);
    assert.equal(started.agent, 'claude-code');
    c.send({ type: 'roster', id: 'r' });
    const roster = await c.waitFor((f) => f.type === 'roster');
    assert.deepEqual(roster.entries[0].control, {
      accepts: ['control.attention.respond', 'control.cancel', 'control.pause', 'control.resume'],
      ack_window_ms: 10000,
    });
    assert.equal(roster.entries[0].instance, `host-a/${process.pid}`);
  });

  test('option answer → accepted → answered → resolved, cause-linked', async () => {
    const reqId = agent.raise(PERMISSION);
    const req = await c.waitFor((f) => f.id === reqId);
    assert.equal(req.data.prompt, PERMISSION.prompt);
    assert.deepEqual(req.data.respond_via, ['control']);
    assert.equal(req.severity, 'notice');
    const cmd = send(reqId, { option: 'allow' });
    const ack = await ackOf(cmd);
    assert.equal(ack.type, 'control.accepted');
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data, { answer: { option: 'allow' }, by: 'aep-console', via: 'control' });
    assert.equal(answered.cause, cmd.id);
    const resolved = await resolvedOf(reqId);
    assert.equal(resolved.cause, answered.id);
    assert.equal(resolved.data.resolution, 'answered');
    assert.equal(typeof resolved.data.latency_ms, 'number');
    assert.ok(ack.seq < answered.seq && answered.seq < resolved.seq);
    // answering again: refused, request already resolved
    const again = send(reqId, { option: 'deny' });
    const nack = await ackOf(again);
    assert.equal(nack.type, 'control.rejected');
    assert.equal(nack.data.reason, 'refused');
  });

  test('text "DENY " maps to the deny option', async () => {
    const reqId = agent.raise(PERMISSION);
    send(reqId, { text: 'DENY ' });
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data.answer, { option: 'deny' });
  });

  test('unmatched text on a permission request applies deny with the text kept; never grants', async () => {
    const reqId = agent.raise(PERMISSION);
    const cmd = send(reqId, { text: 'use the staging registry instead' });
    assert.equal((await ackOf(cmd)).type, 'control.accepted');
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data.answer, { option: 'deny', text: 'use the staging registry instead' });
    assert.equal(answered.capture, 'redacted');
  });

  test('unmatched text on an input request is applied as text; a label match is the option', async () => {
    const reqId = agent.raise({
      kind: 'input',
      prompt: 'Which runner?',
      options: [
        { id: 'vitest', label: 'Vitest' },
        { id: 'node-test', label: 'node:test' },
      ],
    });
    send(reqId, { text: 'Node:Test' });
    assert.deepEqual((await answeredOf(reqId)).data.answer, { option: 'node-test' });
    const r2 = agent.raise({ kind: 'input', prompt: 'Which runner?', options: [{ id: 'vitest', label: 'Vitest' }] });
    send(r2, { text: 'whatever the repo already uses' });
    assert.deepEqual((await answeredOf(r2)).data.answer, { text: 'whatever the repo already uses' });
  });
});

describe('demo agent: a conformant target: forms and capture', () => {
  test('invalid form values → rejected invalid naming the field; request stays pending; valid values later accepted', async () => {
    const reqId = agent.raise({ kind: 'form', prompt: 'Configure', fields: FORM_FIELDS });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ replicas: 3 }, 'name'],
      [{ name: 'api', replicas: 11 }, 'replicas'],
      [{ name: 'api', replicas: '3' }, 'replicas'],
      [{ name: 'api', staged: 'yes' }, 'staged'],
      [{ name: 'api', regions: ['us', 'mars'] }, 'regions'],
      [{ name: 'api', regions: 'us' }, 'regions'],
      [{ name: 'api', surprise: 1 }, 'surprise'],
    ];
    for (const [values, field] of cases) {
      const nack = await ackOf(send(reqId, { values }));
      assert.equal(nack.type, 'control.rejected', JSON.stringify(values));
      assert.equal(nack.data.reason, 'invalid');
      assert.ok(nack.data.detail.startsWith(`${field}: `), nack.data.detail);
    }
    const ok = send(reqId, {
      values: { name: 'billing-api', replicas: 3, staged: true, db: 'MariaDB', regions: ['us', 'eu'] },
    });
    assert.equal((await ackOf(ok)).type, 'control.accepted');
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data.answer.values, {
      name: 'billing-api',
      replicas: 3,
      staged: true,
      db: 'MariaDB',
      regions: ['us', 'eu'],
    });
    assert.equal(answered.capture, 'redacted');
  });

  test('a metadata-capture request: synthesized prompt, index labels; answered values gated', async () => {
    const reqId = agent.raise({ ...PERMISSION, capture: 'metadata' });
    const req = await c.waitFor((f) => f.id === reqId);
    assert.equal(req.data.prompt, 'claude-code requests permission: Bash');
    assert.deepEqual(req.data.options, [
      { id: 'allow', label: '1' },
      { id: 'deny', label: '2' },
    ]);
    send(reqId, { text: 'no way' });
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data.answer, { option: 'deny' }); // text not recordable at metadata
    assert.equal(answered.capture, 'metadata');
    const formId = agent.raise({ kind: 'form', prompt: 'F', fields: FORM_FIELDS, capture: 'metadata' });
    send(formId, { values: { name: 'x', replicas: 2, db: 'MariaDB', regions: ['eu'] } });
    assert.deepEqual((await answeredOf(formId)).data.answer.values, { replicas: 2, regions: ['eu'] });
  });
});

describe('demo agent: a conformant target: retries, expiry, informational, close', () => {
  test('a retry with the same id gets the same ack again, applied once', async () => {
    const reqId = agent.raise(PERMISSION);
    agent.silent = true;
    const cmd = send(reqId, { option: 'deny' });
    await until(() => agent.received.some((e) => e.id === cmd.id)); // delivered, but lost: no ack
    agent.silent = false;
    c.send(cmd); // the console's retry: same id
    const ack1 = await ackOf(cmd);
    await resolvedOf(reqId);
    c.send(cmd);
    const ack2 = await ackOf(cmd);
    assert.deepEqual(ack2, ack1); // same ack event id, byte-identical content
    const received = agent.received.filter((e) => e.id === cmd.id);
    assert.equal(received.length, 3);
    assert.equal(emitted.filter((e) => e.type === 'attention.answered' && e.subject === reqId).length, 1);
  });

  test('unknown subject → rejected invalid', async () => {
    const nack = await ackOf(send('01NOTAREQUEST000000000000', { option: 'allow' }));
    assert.equal(nack.type, 'control.rejected');
    assert.equal(nack.data.reason, 'invalid');
  });

  test('expiry → attention.timeout; a later answer is refused', async () => {
    const reqId = agent.raise({ ...PERMISSION, expiresInMs: 150 });
    const req = await c.waitFor((f) => f.id === reqId);
    assert.equal(typeof req.data.expires_at, 'string');
    const timeout = await c.waitFor((f) => f.type === 'attention.timeout' && f.subject === reqId);
    assert.equal(timeout.data.after_ms, 150);
    const nack = await ackOf(send(reqId, { option: 'allow' }));
    assert.equal(nack.data.reason, 'refused');
  });

  test('an informational (oob) request resolves itself; commands to it are unsupported', async () => {
    const reqId = agent.raise({ ...PERMISSION, respondVia: ['oob'], resolveAfterMs: 200, oobOption: 'allow' });
    const req = await c.waitFor((f) => f.id === reqId);
    assert.deepEqual(req.data.respond_via, ['oob']);
    const nack = await ackOf(send(reqId, { option: 'allow' }));
    assert.equal(nack.data.reason, 'unsupported');
    const answered = await answeredOf(reqId);
    assert.deepEqual(answered.data, { answer: { option: 'allow' }, by: 'local-operator', via: 'oob' });
    assert.equal((await resolvedOf(reqId)).data.resolution, 'answered');
  });

  test('close() emits session.ended; seq is monotonic over the whole session', async () => {
    await agent.close();
    const ended = await c.waitFor((f) => f.type === 'session.ended');
    assert.equal(ended.data.reason, 'normal');
    const seqs = emitted.map((e) => e.seq);
    assert.deepEqual(
      seqs,
      seqs.map((_, i) => i),
    );
  });
});

describe('demo agent: startup failures', () => {
  test('a wrong token rejects startDemoAgent', async () => {
    const relay = await startDemoRelay({ token: TOKEN });
    await assert.rejects(startDemoAgent({ relayUrl: relay.url, token: 'nope', name: 'codex' }), /401/);
    await relay.close();
  });
});
