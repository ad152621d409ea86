// The decision history end to end: the demo relay, demo agents
// that honour commands as a conformant target must, the relay client and
// the recorder writing a real history file. Every kind of decision is
// written when it is made and completed when its outcome is known.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDemoAgent, type DemoAgent, type RaiseRequest } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { ConsoleStore } from '../../src/store/store.js';
import type { RequestRecord } from '../../src/store/types.js';
import type { Decision } from '../../src/store/decisions.js';
import { decisionJson } from '../../src/store/decision-query.js';
import { permissionRequest, replicasField, selectField } from '../support/requests.js';
import { findRequest, waitFor } from './helpers.js';

const TOKEN = 'history-e2e-token-5a6b';
const FORM: RaiseRequest = {
  kind: 'form',
  prompt: 'Deploy settings',
  fields: [
    selectField(
      'env',
      'Environment',
      [
        ['prod', 'Production'],
        ['staging', 'Staging'],
      ],
      { required: true },
    ),
    replicasField(5),
  ],
};

let counter = 0;

/** The real log, telling the test after every append (no polling, no sleeps). */
class WatchedLog extends DecisionLog {
  readonly waiters = new Set<() => boolean>();
  override async append(lines: Parameters<DecisionLog['append']>[0]) {
    const result = await super.append(lines);
    for (const waiter of [...this.waiters]) if (waiter()) this.waiters.delete(waiter);
    return result;
  }
}

describe('the decision history on the demo relay', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  let log: WatchedLog;
  let recorder: DecisionRecorder;
  const agents: DemoAgent[] = [];
  const agent = async (ackWindowMs?: number) => {
    const a = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: `agent-${++counter}`,
      host: 'host-h',
      session: `s_hist_${counter}`,
      script: 'none',
      ackWindowMs,
    });
    agents.push(a);
    return a;
  };
  const raised = async (a: DemoAgent, request: RaiseRequest): Promise<RequestRecord> => {
    const id = a.raise(request);
    return waitFor(store, (s) => findRequest(s, id), `request ${id}`);
  };
  /** Resolves with the decision for `commandId` once `ready` holds for it on disk (checked after every append). */
  const decided = (
    commandId: string,
    ready: (d: Decision) => boolean = (d) => d.outcomes.length > 0,
  ): Promise<Decision> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = log.read().decisions.find((d) => d.command_id === commandId);
        if (!found || !ready(found)) return false;
        resolve(found);
        return true;
      };
      if (check()) return;
      const timer = setTimeout(() => {
        log.waiters.delete(check);
        reject(new Error(`decision ${commandId} not as expected in ${log.file}:\n${readFileSync(log.file, 'utf8')}`));
      }, 8000);
      log.waiters.add(() => {
        if (!check()) return false;
        clearTimeout(timer);
        return true;
      });
    });
  /** The emitter's record of the answer has been written (after the ack, or with it). */
  const recorded = (d: Decision) => d.outcomes.some((o) => o.state === 'applied' && o.by !== undefined);

  before(async () => {
    addSecret(TOKEN);
    relay = await startDemoRelay({ token: TOKEN });
    store = new ConsoleStore();
    log = new WatchedLog(join(mkdtempSync(join(tmpdir(), 'aep-console-history-')), 'state', 'aep-console'));
    recorder = new DecisionRecorder(store, log);
    recorder.start();
    client = new RelayClient({
      url: relay.url,
      token: TOKEN,
      name: 'aep-console',
      host: 'console-host',
      store,
      decisions: recorder,
      timing: { rosterDebounceMs: 20, backoffInitialMs: 100 },
    });
    client.start();
    await waitFor(
      store,
      (s) => s.getRelay(client.relay)?.connection.kind === 'live' && !s.getRelay(client.relay)?.replaying,
      'live',
    );
  });
  after(async () => {
    await client.stop();
    await recorder.stop();
    await Promise.allSettled(agents.map((a) => a.close()));
    await relay.close();
    forgetSecrets();
  });

  it("an answer by option: the decision, its ack and the emitter's record, with latencies; the file is 0600", async () => {
    const a = await agent();
    const request = await raised(a, permissionRequest('Run npm test?'));
    const id = client.respond(request.key, { option: 'allow' });
    const d = await decided(id, recorded);
    assert.equal(d.action, 'answer');
    assert.equal(d.by, 'you');
    assert.deepEqual(d.sent, { option: 'allow' });
    assert.equal(d.agent, request.agent);
    assert.equal(d.session, request.session);
    assert.equal(d.source, request.source);
    assert.equal(d.request, request.id);
    assert.equal(d.run, request.run);
    assert.equal(d.kind, 'permission');
    assert.equal(d.prompt, 'Run npm test?');
    assert.equal(d.relay, client.relay);
    // The ack and the emitter's attention.answered race: one outcome, or two when the ack comes first.
    assert.ok(d.outcomes.every((o) => o.state === 'applied'));
    assert.equal(d.outcomes.at(-1)?.option, 'allow');
    assert.equal(d.outcomes.at(-1)?.by, 'aep-console');
    for (const o of d.outcomes)
      assert.ok(typeof o.latency_ms === 'number' && o.latency_ms >= 0 && o.latency_ms < 10_000);
    assert.equal(statSync(log.file).mode & 0o777, 0o600);
    const json = decisionJson(d);
    assert.deepEqual(Object.keys(json), [
      'time',
      'relay',
      'source',
      'agent',
      'session',
      'request',
      'run',
      'kind',
      'prompt',
      'action',
      'sent',
      'by',
      'command_id',
      'outcome',
      'latency_ms',
    ]);
    assert.deepEqual(json.outcome, { state: 'applied', option: 'allow', by: 'aep-console' });
  });

  it('a text reply: sent as text, applied by the agent as deny with the text kept', async () => {
    const a = await agent();
    const request = await raised(a, permissionRequest('Push to main?'));
    const id = client.respond(request.key, { text: 'use staging instead' });
    const d = await decided(id, recorded);
    assert.deepEqual(d.sent, { text: 'use staging instead' });
    assert.equal(d.outcomes.at(-1)?.option, 'deny');
    assert.equal(d.outcomes.at(-1)?.text, 'use staging instead');
  });

  it('a form: its values sent; invalid values: rejected with the reason', async () => {
    const a = await agent();
    const good = await raised(a, FORM);
    const ok = await decided(client.respond(good.key, { values: { env: 'staging', replicas: 2 } }), recorded);
    assert.deepEqual(ok.sent, { values: { env: 'staging', replicas: 2 } });
    assert.equal(ok.outcomes.at(-1)?.state, 'applied');
    const bad = await raised(a, FORM);
    const rejected = await decided(client.respond(bad.key, { values: { replicas: 3 } }));
    assert.equal(rejected.outcomes[0].state, 'rejected');
    assert.match(rejected.outcomes[0].reason ?? '', /^invalid: .*env/);
  });

  it('a batch of 3: three decisions, one command id each, each saying it was one of a batch', async () => {
    const a = await agent();
    const requests = [
      await raised(a, permissionRequest('one?')),
      await raised(a, permissionRequest('two?')),
      await raised(a, permissionRequest('three?')),
    ];
    // As the UI does (app-effects.ts): each send carries who, the cause shown and the batch.
    const ids = requests.map((r) =>
      client.respond(r.key, { option: 'deny' }, { by: 'you', batch: 3, cause: 'tool.requested Bash' }),
    );
    assert.equal(new Set(ids).size, 3);
    for (const [i, id] of ids.entries()) {
      const d = await decided(id, recorded);
      assert.equal(d.batch, 3);
      assert.equal(d.cause, 'tool.requested Bash');
      assert.equal(d.prompt, ['one?', 'two?', 'three?'][i]);
      assert.equal(d.outcomes.at(-1)?.option, 'deny');
    }
  });

  it('cancel a run, pause and resume: action, what was sent, applied', async () => {
    const a = await agent();
    const request = await raised(a, permissionRequest('Delete the branch?'));
    const cancel = await decided(client.control(request.key, { verb: 'cancel', scope: 'run', reason: 'wrong branch' }));
    assert.equal(cancel.action, 'cancel');
    assert.deepEqual(cancel.sent, { scope: 'run', reason: 'wrong branch' });
    assert.equal(cancel.run, request.run);
    assert.equal(cancel.outcomes[0].state, 'applied');
    const pause = await decided(client.control(request.key, { verb: 'pause' }));
    assert.equal(pause.action, 'pause');
    assert.equal(pause.outcomes[0].state, 'applied');
    const resume = await decided(client.control(request.key, { verb: 'resume' }));
    assert.equal(resume.action, 'resume');
    assert.equal(resume.outcomes[0].state, 'applied');
  });

  it('refused by the relay: no agent for the session (no-route)', async () => {
    const a = await agent();
    const request = await raised(a, permissionRequest('Still there?'));
    // Gone without ending its session (a crash): the request is still open, but nothing takes the command.
    await a.drop();
    // A dead emitter leaves the roster silently: another session starting makes the console ask for a fresh one.
    await agent();
    await waitFor(store, (s) => s.claimants(client.relay, request.session) === 0, 'roster without the session');
    const d = await decided(client.respond(request.key, { option: 'allow' }));
    assert.equal(d.outcomes[0].state, 'refused');
    assert.match(d.outcomes[0].reason ?? '', /^no-route/);
  });

  it('no acknowledgement: a timeout, then (the agent wakes up, r resends the same id) applied', async () => {
    const a = await agent(1_000);
    a.silent = true;
    await waitFor(store, (s) => s.ackWindowMs(client.relay, a.session) === 1_000, 'ack window from the roster');
    const request = await raised(a, permissionRequest('Are you awake?'));
    const id = client.respond(request.key, { option: 'allow' });
    const timedOut = await decided(id);
    assert.equal(timedOut.outcomes[0].state, 'timeout');
    a.silent = false;
    client.resend(id);
    const d = await decided(id, recorded);
    assert.deepEqual(
      d.outcomes.slice(0, 2).map((o) => o.state),
      ['timeout', 'applied'],
    );
    assert.equal(log.read().decisions.filter((x) => x.command_id === id).length, 1, 'one decision, several outcomes');
  });

  it('the token is never written, even when a prompt carries it', async () => {
    const a = await agent();
    const request = await raised(a, permissionRequest(`Use the token ${TOKEN}?`));
    await decided(client.respond(request.key, { text: `here: ${TOKEN}` }), recorded);
    const text = readFileSync(log.file, 'utf8');
    assert.ok(!text.includes(TOKEN));
    assert.match(text, /Use the token \[token\]\?/);
  });

  it('at capture metadata free text is withheld, option and field ids kept', async () => {
    const a = await agent();
    const request = await raised(a, { ...permissionRequest('Secret plan'), capture: 'metadata' });
    const d = await decided(client.respond(request.key, { text: 'my private words' }), recorded);
    assert.equal(d.capture, 'metadata');
    assert.deepEqual(d.sent, { text: '[withheld: capture metadata]' });
    assert.ok(!readFileSync(log.file, 'utf8').includes('my private words'));
  });

  // Last: it stops the shared client.
  it('the console stops while an answer waits for its ack: stopped-waiting, kept for the next console, never "no acknowledgement"', async () => {
    const a = await agent(5_000);
    a.silent = true;
    const request = await raised(a, permissionRequest('Still there?'));
    const id = client.respond(request.key, { option: 'allow' });
    await waitFor(store, (s) => s.command(id)?.attempts === 1, 'on the wire');
    await client.stop();
    assert.equal(store.command(id)?.state, 'stopped-waiting');
    const d = await decided(id);
    assert.equal(d.outcomes[0].state, 'stopped-waiting');
    assert.doesNotMatch(d.outcomes[0].reason ?? '', /no acknowledgement from the agent/);
    assert.match(d.outcomes[0].reason ?? '', /kept in the outbox for the next console/);
  });
});
