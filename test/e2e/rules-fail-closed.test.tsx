// Rules fail closed, end to end: the demo relay with its read faults, codex agents raising
// `rm -rf /important`, the real <App> with --auto and the rules `no rm`
// (deny codex Bash `rm`, needs the cause) and `codex perms` (allow every
// codex permission, needs nothing). Seven ways the cause can fail to be
// read, each of which once let the allow through: now each is `ask` (nothing
// sent), or the deny once the own cause is read, and never an allow.
import { liveConsole } from '../support/live-console.js';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { render } from 'ink-testing-library';
import { monotonicFactory } from 'ulid';
import { startDemoAgent, type DemoAgent, type RaiseRequest } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import type { ReadFault } from '../../src/demo/relay-types.js';
import { addSecret, forgetSecrets } from '../../src/protocol/redact.js';
import { parseRules } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionLog } from '../../src/files/decision-log.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { ConsoleStore } from '../../src/store/store.js';
import { main } from '../../src/cli.js';
import { findRequest, waitFor } from '../relay/helpers.js';
import { stopConsoleRig } from '../support/console-rig.js';

const TOKEN = 'rules-fail-closed-token-51e0';
const RULES_TEXT = JSON.stringify({
  rules: [
    { name: 'no rm', match: { agent: 'codex', tool: 'Bash', command_prefix: 'rm' }, decide: 'deny' },
    { name: 'codex perms', match: { agent: 'codex', kind: 'permission' }, decide: { option: 'allow' } },
  ],
});
const RULES = parseRules(RULES_TEXT);
/**
 * The console's reads give up after this (the default is 8 s; the stall is the same, only sooner). Long
 * enough that an honest read on a loaded machine (the tests run beside the type check and the linter)
 * is not taken for a stall: one that gave up twice would leave the decoy to the operator, not denied.
 */
const READ_TIMEOUT_MS = 1_500;
const ulid = monotonicFactory();

const rm = (over: Partial<RaiseRequest> = {}): RaiseRequest => ({
  kind: 'permission',
  subject: 'Bash',
  prompt: 'Permission requested: Bash — rm -rf /important',
  args: { command: 'rm -rf /important' },
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
  ...over,
});

const answers = (agent: DemoAgent) =>
  agent.received
    .filter((e) => e.type === 'control.attention.respond')
    .map((e) => (e.data as { answer: unknown }).answer);

/** A tool call as another emitter (or session) would publish it under `id`. */
function toolEvent(id: string, source: string, session: string, command: string, seq = 1): AepEvent {
  return {
    aep: '0.1',
    id,
    type: 'tool.requested',
    time: new Date().toISOString(),
    source,
    agent: 'codex',
    session,
    seq,
    epoch: 0,
    capture: 'redacted',
    data: { tool: { name: 'Bash' }, args_redacted: { command } },
  };
}

describe('rules fail closed on the demo relay with --auto: seven attacks on the cause', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  let log: DecisionLog;
  let recorder: DecisionRecorder;
  let app: ReturnType<typeof render>;
  const agents: DemoAgent[] = [];
  /** What the relay does with a cause read, by the session it asks about. */
  const faults = new Map<string, ReadFault>();
  /** Reads the relay was asked for, the console started, and the console got back, by session. */
  const asked = new Map<string, number>();
  const started = new Map<string, number>();
  const done = new Map<string, number>();
  const onAsked = new Map<string, () => void>();
  const waiters = new Set<() => void>();
  const count = (map: Map<string, number>, session: string) => map.set(session, (map.get(session) ?? 0) + 1);
  /** Resolves once `n` cause reads of `session` have come back to the console. */
  const readsBack = (session: string, n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${n} reads of ${session} back (${done.get(session) ?? 0} so far)`)),
        10_000,
      );
      const check = () => {
        if ((done.get(session) ?? 0) < n) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  /** Lets the App fold what just came back (messages, then the frame). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const start = async (session: string) => {
    const agent = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: 'codex',
      host: 'host-f',
      session,
      script: 'none',
    });
    agents.push(agent);
    return agent;
  };

  before(async () => {
    assert.ok(RULES.ok);
    addSecret(TOKEN);
    relay = await startDemoRelay({ token: TOKEN });
    relay.faults.faultReads((filter) => {
      const session = typeof filter.session === 'string' && 'id' in filter ? filter.session : undefined;
      if (session === undefined) return undefined;
      count(asked, session);
      onAsked.get(session)?.();
      return faults.get(session);
    });
    const live = await liveConsole({
      relay,
      token: TOKEN,
      history: 'aep-console-fail-closed-',
      timing: { readTimeoutMs: READ_TIMEOUT_MS },
      // Every cause read the console makes, counted as it comes back (awaited, never slept on).
      beforeStart: (made) => {
        const read = made.fetchEvents.bind(made);
        made.fetchEvents = async (filter, limit, signal, pin) => {
          if (typeof filter.session === 'string' && 'id' in filter) count(started, filter.session);
          const result = await read(filter, limit, signal, pin);
          if (typeof filter.session === 'string' && 'id' in filter) count(done, filter.session);
          for (const check of [...waiters]) check();
          return result;
        };
      },
      app: { rules: RULES.rules, auto: true },
    });
    ({ store, client, app } = live);
    log = live.log!;
    recorder = live.recorder!;
  });
  after(() => stopConsoleRig({ app, client, recorder, agents, relay }));

  it('each attack gives ask (nothing sent) or the deny, never an allow', async () => {
    // 1. The cause read stalls: headers, then nothing, until the console gives up.
    faults.set('s_stall', { stall: true });
    // 2. The relay refuses the read (403).
    faults.set('s_403', { status: 403 });
    // 6. The relay ignores the id in the filter: the own cause, then 10 later Events of the session.
    faults.set('s_later', { filter: { session: 's_later' } });

    const stall = await start('s_stall');
    const refused = await start('s_403');
    const absent = await start('s_absent');
    const foreign = await start('s_foreign');
    const decoy = await start('s_decoy');
    const later = await start('s_later');
    const late = await start('s_late');

    const ids: Record<string, string> = {};
    ids.stall = stall.raise(rm());
    ids.refused = refused.raise(rm());
    // 3. Absent: the request names a cause no Event carries.
    ids.absent = absent.raise(rm({ causeId: ulid() }));
    // 4. Held only under another emitter: the id's Event is another source's (same session name).
    const foreignId = ulid();
    relay.publish(toolEvent(foreignId, 'aep://evil-host/agent/codex/session/s_foreign', 's_foreign', 'npm test'));
    ids.foreign = foreign.raise(rm({ causeId: foreignId }));
    // 5. A same-id decoy ("npm test"): the same id and source, another session, served before the own cause.
    const decoyOwnId = ulid();
    decoy.toolCall(decoyOwnId, 'Bash', { command: 'rm -rf /important' });
    faults.set('s_decoy', { first: [toolEvent(decoyOwnId, decoy.source, 's_decoy_other', 'npm test')] });
    ids.decoy = decoy.raise(rm({ causeId: decoyOwnId }));
    // 6. The own cause, then 10 later Events in the session before the request (a read keeping the newest 8 lost it).
    const laterOwnId = ulid();
    later.toolCall(laterOwnId, 'Bash', { command: 'rm -rf /important' });
    for (let i = 0; i < 10; i++) later.toolCall(ulid(), 'Bash', { command: `ls ${i}` });
    ids.later = later.raise(rm({ causeId: laterOwnId }));
    // 7. The cause arrives 400 ms after the console first asked for it (after the request).
    const lateId = ulid();
    onAsked.set('s_late', () => {
      onAsked.delete('s_late');
      setTimeout(() => late.toolCall(lateId, 'Bash', { command: 'rm -rf /important' }), 400);
    });
    ids.late = late.raise(rm({ causeId: lateId }));

    for (const id of Object.values(ids)) await waitFor(store, (s) => findRequest(s, id), `request ${id}`);

    // The deny once the own cause is read: the decoy and the 10 later Events at once, the late cause by the read tried again.
    for (const key of ['decoy', 'later', 'late'])
      await waitFor(
        store,
        (s) => findRequest(s, ids[key]!)?.state === 'resolved' || undefined,
        `${key}: the deny applied`,
        10_000,
      );
    assert.deepEqual(
      answers(decoy),
      [{ option: 'deny' }],
      'decoy: the own cause (rm) is read, the other session\'s "npm test" is not',
    );
    assert.deepEqual(answers(later), [{ option: 'deny' }], '10 later Events: the own cause is kept');
    assert.deepEqual(answers(late), [{ option: 'deny' }], 'late: the retry after 2 s reads it and the deny answers');
    assert.equal(started.get('s_late'), 2, 'late: one read, then one more');

    // Ask: both reads back (the first and the one tried again), and still nothing sent.
    for (const session of ['s_stall', 's_403', 's_absent', 's_foreign']) await readsBack(session, 2);
    await settle();
    for (const [name, agent] of [
      ['stall', stall],
      ['403', refused],
      ['absent', absent],
      ['foreign', foreign],
    ] as const) {
      assert.deepEqual(answers(agent), [], `${name}: nothing sent (ask)`);
      assert.equal(
        findRequest(store, ids[name === '403' ? 'refused' : name]!)?.state,
        'pending',
        `${name}: left to the operator`,
      );
    }
    // Counted where the console starts them: on a loaded machine a read can time out before the relay has seen it.
    for (const session of ['s_stall', 's_403', 's_absent', 's_foreign']) {
      assert.equal(started.get(session), 2, `${session}: one read, one retry, no more`);
      assert.ok((asked.get(session) ?? 0) <= 2, `${session}: the relay saw no more than those two`);
    }
    const frame = (app.lastFrame() ?? '').replace(/\s+/g, ' ');
    assert.match(frame, /AUTO/);
    const rows = (app.lastFrame() ?? '')
      .split('\n')
      .filter((line) => /^.{0,3}●.*rule: ask \(no rm: cause not read\)/.test(line));
    assert.equal(rows.length, 4, `the four asks on their rows:\n${app.lastFrame()}`);
    // The detail beside them says why, through the same resolver (the selected one's read timed out or was refused or found nothing).
    assert.match(frame, /Cause: (could not be read|.* is not held by the relay)/);
    assert.match(frame, /rule: ask \(no rm: cause not read\): the rules leave this to you/);

    // Never an allow, anywhere.
    for (const agent of agents)
      assert.ok(!answers(agent).some((a) => JSON.stringify(a).includes('allow')), `${agent.session}: no allow`);

    // The history records the own cause the deny read, never the decoy's "npm test".
    await recorder.stop();
    const decisions = log.read().decisions;
    recorder.start();
    const decoyDecision = decisions.find((d) => d.request === ids.decoy);
    assert.equal(decoyDecision?.by, 'rule no rm');
    assert.match(decoyDecision?.cause ?? '', /rm -rf \/important/);
    assert.doesNotMatch(decoyDecision?.cause ?? '', /npm test/);
    assert.deepEqual(decisions.map((d) => d.by).sort(), ['rule no rm', 'rule no rm', 'rule no rm']);
  });

  it('rules test prints the same verdicts from the history: the causes it cannot read are ask, never an allow', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-fail-closed-file-'));
    const file = join(dir, 'rules.json');
    writeFileSync(file, RULES_TEXT);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['rules', 'test', '--rules', file, '--relay', relay.url], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { AEP_TOKEN: TOKEN, HOME: dir },
    });
    assert.equal(code, 0, err.join('\n'));
    const text = out.join('\n');
    // The history holds the own causes of stall, 403, decoy, 10 later and late (deny); none for absent and foreign (ask).
    assert.match(text, /^rule "no rm": 7 requests$/m);
    assert.equal(text.match(/^ {2}deny +\S.*rm -rf \/important/gm)?.length, 5, text);
    assert.match(
      text,
      /^ {2}ask \(left to you\) +codex +s_absent .*; cause not read: its cause is not held by the relay$/m,
    );
    assert.match(
      text,
      /^ {2}ask \(left to you\) +codex +s_foreign .*; cause not read: only another emitter's Event carries its cause id$/m,
    );
    assert.match(text, /^rule "codex perms": would answer nothing here$/m);
  });
});

describe('AUTO never answers a request the operator holds a draft for (demo relay)', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  let app: ReturnType<typeof render>;
  let agent: DemoAgent;
  before(async () => {
    assert.ok(RULES.ok);
    addSecret(TOKEN);
    relay = await startDemoRelay({ token: TOKEN });
    ({ store, client, app } = await liveConsole({ relay, token: TOKEN, app: { rules: RULES.rules } }));
    agent = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: 'codex',
      host: 'host-f',
      session: 's_draft',
      script: 'none',
    });
  });
  after(async () => {
    app.unmount();
    await client.stop();
    await agent.close();
    await relay.close();
    forgetSecrets();
  });
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const frameFor = async (what: string, predicate: (frame: string) => boolean) => {
    // Each new frame is awaited (a render after a message), never a timer.
    for (let i = 0; i < 2000 && !predicate((app.lastFrame() ?? '').replace(/\s+/g, ' ')); i++)
      await new Promise((resolve) => setImmediate(resolve));
    assert.ok(predicate((app.lastFrame() ?? '').replace(/\s+/g, ' ')), `${what}; last frame:\n${app.lastFrame()}`);
  };

  it('a draft held when AUTO comes on: the rule leaves it to the operator; the others it answers', async () => {
    const held = agent.raise(rm({ prompt: 'Permission requested: Bash — npm test', args: { command: 'npm test' } }));
    await waitFor(store, (s) => findRequest(s, held), 'the request');
    await frameFor('the rule suggests allow', (f) => f.includes('rule: allow (codex perms)'));
    await press('\r', 'hold on');
    await frameFor('the draft typed', (f) => f.includes('hold on'));
    await press('\u001b');
    await frameFor('back on the list', (f) => f.includes('Pending (1)'));
    await press('A', 'y');
    await frameFor('AUTO on', (f) => f.includes('AUTO'));
    // A second request the operator is not at is answered by the rule at once...
    const free = agent.raise(rm({ prompt: 'Permission requested: Bash — npm ci', args: { command: 'npm ci' } }));
    await waitFor(
      store,
      (s) => findRequest(s, free)?.state === 'resolved' || undefined,
      'the free one answered by the rule',
      8000,
    );
    // ...while the one with the draft stays the operator's: nothing sent for it.
    assert.deepEqual(answers(agent), [{ option: 'allow' }]);
    assert.deepEqual(
      agent.received.filter((e) => e.type === 'control.attention.respond').map((e) => e.subject),
      [free],
    );
    assert.equal(findRequest(store, held)?.state, 'pending');
  });

  it('a request the operator opened while its cause was read: not answered while open, answered once they leave it', async () => {
    let release = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    relay.faults.faultReads((filter) => (filter.session === 's_open' && 'id' in filter ? { until } : undefined));
    const other = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: 'codex',
      host: 'host-f',
      session: 's_open',
      script: 'none',
    });
    try {
      const id = other.raise(
        rm({ prompt: 'Permission requested: Bash — npm run lint', args: { command: 'npm run lint' } }),
      );
      await waitFor(store, (s) => findRequest(s, id), 'the request');
      await press('/', ...'npm run lint', '\r');
      await frameFor('only this one listed', (f) => f.includes('Pending (1)'));
      await press('\r');
      await frameFor(
        'open, its cause being read',
        (f) => /Cause: reading .* from the relay/.test(f) && f.includes('Esc back'),
      );
      release();
      // The cause comes back: the rule would allow, and says so, but the operator is at it.
      await frameFor('the rule suggests while it is open', (f) =>
        f.includes('rule: allow (codex perms): highlighted; nothing is sent until Enter'),
      );
      await settle();
      assert.deepEqual(answers(other), [], 'nothing sent while the operator has it open');
      await press('\u001b');
      await waitFor(
        store,
        (s) => findRequest(s, id)?.state === 'resolved' || undefined,
        'answered by the rule once left',
        8000,
      );
      assert.deepEqual(answers(other), [{ option: 'allow' }]);
    } finally {
      relay.faults.faultReads(undefined);
      await other.close();
    }
  });
});
