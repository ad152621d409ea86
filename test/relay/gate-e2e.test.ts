// The gate at the wire end to end: the demo relay (with a roster, and
// without one), emitters scripted by the test, and the relay client with its
// store. One test per door that used to skip the ledger (each sent commands
// on the console of 2026-12-06), and the route that is safe still answered.

import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { startDemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay, type DemoRelayOptions } from '../../src/demo/relay.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog, HISTORY_FILE } from '../../src/files/decision-log.js';
import { DecisionRecorder, type DecisionSink } from '../../src/files/decision-recorder.js';
import { foldDecisions } from '../../src/store/decision-fold.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleStore } from '../../src/store/store.js';
import { consoleOnDemo } from '../support/e2e-console.js';
import { scriptEmitter, type ScriptEmitter } from '../support/script-emitter.js';
import { findRequest, waitFor } from './helpers.js';
import { patient } from '../support/patience.js';

const TOKEN = 'gate-token';
/** A 1 s ack window (the least a roster may set): retries at +1 s and +2 s. */
const TIMING = { rosterDebounceMs: 20, backoffInitialMs: 50, replayQuietMs: 80, defaultAckWindowMs: 1_000 };

const closers: (() => unknown)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function world(relayOptions: Partial<DemoRelayOptions> = {}, decisions?: (store: ConsoleStore) => DecisionSink) {
  const relay = await startDemoRelay({ token: TOKEN, ...relayOptions });
  closers.push(() => relay.close());
  const store = new ConsoleStore();
  const client = new RelayClient({
    decisions: decisions?.(store),
    url: relay.url,
    token: TOKEN,
    name: 'aep-console',
    host: 'ops',
    store,
    timing: TIMING,
  });
  closers.push(() => client.stop());
  const emitter = async (host: string, session = 's1', claim = true): Promise<ScriptEmitter> => {
    const e = await scriptEmitter({ relayUrl: relay.url, token: TOKEN, host, name: 'codex', session, claim });
    closers.push(() => e.close());
    return e;
  };
  return { relay, store, client, emitter };
}

async function live(store: ConsoleStore, client: RelayClient): Promise<void> {
  client.start();
  await waitFor(
    store,
    (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
    'live',
  );
}

const requestOf = (store: ConsoleStore, source: string, id: string) =>
  waitFor(store, (s) => s.allRequests().find((r) => r.source === source && r.id === id), `request ${id} of ${source}`);

let pubSeq = 0;

/** An Event of `source` the relay takes in as if that emitter had sent it (no session claim). */
function published(relay: DemoRelay, source: string, type: string, fields: Partial<AepEvent>): AepEvent {
  const event: AepEvent = {
    aep: '0.1',
    id: `pub-${Math.random().toString(36).slice(2)}`,
    type,
    time: new Date().toISOString(),
    source,
    agent: 'codex',
    session: 's1',
    seq: ++pubSeq,
    ...fields,
  };
  relay.publish(event);
  return event;
}

const permission = {
  severity: 'warning' as const,
  capture: 'redacted' as const,
  data: {
    kind: 'permission',
    prompt: 'docker system prune -af?',
    options: [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ],
    respond_via: ['control'],
  },
};

test('retries and r: an answer on its way stops at the gate when a twin appears; r is refused with its words; a drop ends it', async () => {
  const log = new DecisionLog(mkdtempSync(join(tmpdir(), 'aep-gate-history-')));
  let recorder: DecisionRecorder | undefined;
  const { relay, store, client, emitter } = await world({}, (s) => {
    recorder = new DecisionRecorder(s, log);
    recorder.start();
    return recorder;
  });
  await live(store, client);
  const a = await emitter('host-a');
  a.raise('01TWIN');
  const record = await requestOf(store, a.source, '01TWIN');
  const id = client.respond(record.key, { option: 'allow' });
  await waitFor(store, (s) => (s.command(id)?.attempts === 1 ? true : undefined), 'sent once');
  await waitFor(store, () => (a.received.length === 1 ? true : undefined), 'the agent got it once');
  // Before any ack, another emitter raises a request with the same session and id.
  published(relay, 'aep://host-b/agent/codex', 'attention.requested', { id: '01TWIN', ...permission });
  await requestOf(store, 'aep://host-b/agent/codex', '01TWIN');
  // The retry at +1 s meets the gate: held, not sent.
  const held = await waitFor(
    store,
    (s) => (s.command(id)?.state === 'held' ? s.command(id) : undefined),
    'held',
    patient(5_000),
  );
  // Its twin is also an Event of B's in s1 since the request: the first refusal that holds is said.
  assert.match(held.reason ?? '', /aep:\/\/host-b\/agent\/codex has sent Events in session "s1" since this request/);
  const refusal = client.resend(id);
  assert.equal(refusal?.why, held.reason, 'r is refused with the same words');
  assert.equal(store.command(id)?.state, 'held');
  await a.synced();
  assert.equal(a.received.length, 1, 'one command in all: no retry, no r');
  assert.equal(client.drop(id), true);
  assert.equal(store.command(id)?.state, 'not-sent');
  assert.equal(a.received.length, 1);
  // The history: the answer, held then not sent; and the drop, a decision of its own.
  await recorder!.stop();
  const { decisions } = foldDecisions([readFileSync(join(log.dir, HISTORY_FILE), 'utf8')]);
  assert.deepEqual(
    decisions.map((d) => [d.action, d.outcomes.map((o) => o.state)]),
    [
      ['answer', ['held', 'held', 'not-sent']],
      ['drop', ['not-sent']],
    ],
  );
});

test('cancel and pause: a session another emitter spoke in since the request gets neither', async () => {
  const { relay, store, client, emitter } = await world();
  await live(store, client);
  const a = await emitter('host-a');
  a.raise('01CANCEL');
  const record = await requestOf(store, a.source, '01CANCEL');
  published(relay, 'aep://host-b/agent/codex', 'tool.requested', { data: { tool: 'Bash' } });
  // The live subscription sees only the console's types: a session Event of B's shows it.
  published(relay, 'aep://host-b/agent/codex', 'session.started', { data: {} });
  await waitFor(store, (s) => s.unsafeRoute(s.request(record.key)!), 'the route is shown unsafe');
  assert.equal(client.control!(record.key, { verb: 'cancel', scope: 'session' }), '');
  assert.equal(client.control!(record.key, { verb: 'pause' }), '');
  await a.synced();
  assert.deepEqual(
    a.received.map((c) => c.type),
    [],
  );
});

test('the memory that forgets says unknown, reads the session, and the read refuses what it shows', async () => {
  const { relay, store, client, emitter } = await world();
  await live(store, client);
  const a = await emitter('host-a');
  a.raise('01EVICT');
  const record = await requestOf(store, a.source, '01EVICT');
  published(relay, 'aep://host-b/agent/codex', 'session.started', { data: {} });
  await waitFor(store, (s) => s.unsafeRoute(s.request(record.key)!), 'the route is shown unsafe');
  // 6,000 sessions elsewhere push s1 out of the bounded memory of who spoke.
  for (let i = 0; i < 6_000; i++) published(relay, a.source, 'session.started', { session: `other-${i}`, data: {} });
  await waitFor(
    store,
    (s) => (s.allRequests().length && s.getRelay(client.relay) ? findRequest(s, '01EVICT') : undefined),
    'still held',
  );
  await waitFor(
    store,
    (s) => (/partial/.test(s.unsafeRoute(s.request(record.key)!) ?? '') ? true : undefined),
    'unknown, not safe',
    patient(10_000),
  );
  const id = client.respond(record.key, { option: 'allow' });
  assert.ok(id, 'the answer waits at the gate for a read of the session');
  const settled = await waitFor(
    store,
    (s) => (s.command(id)?.state === 'not-sent' ? s.command(id) : undefined),
    'refused after the read',
    patient(10_000),
  );
  assert.match(settled.reason ?? '', /has sent Events in session "s1" since this request/);
  await a.synced();
  assert.equal(a.received.length, 0, 'the allow never went out');
});

test('no roster, an earlier twin: the later request of the same session and id is not answered', async () => {
  const { relay, store, client, emitter } = await world({ roster: false });
  await live(store, client);
  published(relay, 'aep://host-b/agent/codex', 'attention.requested', { id: 'DUPX', session: 'main', ...permission });
  await requestOf(store, 'aep://host-b/agent/codex', 'DUPX');
  const a = await emitter('host-a', 'main');
  a.raise('DUPX');
  const record = await requestOf(store, a.source, 'DUPX');
  assert.equal(client.respond(record.key, { option: 'allow' }), '', 'refused where the answer is made');
  assert.match(store.unsafeRoute(record) ?? '', /open request with the same session "main" and id/);
  await a.synced();
  assert.equal(a.received.length, 0);
});

test('the only live claimant is answered, though another emitter spoke in its session before the request', async () => {
  const { relay, store, client, emitter } = await world();
  await live(store, client);
  const a = await emitter('host-a', 's_same');
  published(relay, 'aep://host-b/agent/codex', 'session.started', { session: 's_same', data: {} });
  await waitFor(store, (s) => (s.allRequests().length === 0 && s.getRelay(client.relay) ? true : undefined), 'quiet');
  a.raise('01ALONE');
  const record = await requestOf(store, a.source, '01ALONE');
  await waitFor(
    store,
    (s) => (s.claimants(client.relay, 's_same') === 1 ? true : undefined),
    'the roster names one claimant',
  );
  assert.equal(store.unsafeRoute(record), undefined);
  const id = client.respond(record.key, { option: 'deny' });
  assert.ok(id);
  await waitFor(store, () => (a.received.length === 1 ? true : undefined), 'sent');
  assert.equal(a.received[0].id, id);
});

test('on a relay without a roster, a request nobody shares is still answered in two keys', async () => {
  const relay = await startDemoRelay({ token: TOKEN, roster: false });
  closers.push(() => relay.close());
  const agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'codex',
    session: 's_alone',
    script: 'none',
  });
  closers.push(() => agent.close());
  const ui = consoleOnDemo({ relay }, TOKEN, 100);
  closers.push(() => ui.stop());
  const id = agent.raise({
    kind: 'permission',
    prompt: 'git push origin main',
    options: [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ],
  });
  await ui.until((t) => t.includes('git push origin main') && t.includes('live'), 'the request listed');
  await ui.press('1', '\r');
  await ui.until((t) => /✓ allow · you/.test(t), 'the outcome on the row');
  const commands = agent.received.filter((e) => e.type === 'control.attention.respond' && e.subject === id);
  assert.deepEqual(
    commands.map((c) => c.data),
    [{ answer: { option: 'allow' } }],
  );
});
