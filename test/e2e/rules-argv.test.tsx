// Rules read a command in any shape or not at all, end to end: the demo
// relay, agents `agx-*` raising Bash permissions whose cause carries the
// command as a string, as an argv array or nested, the real <App> with AUTO
// and the rules (allow every agx* request; deny agx* `rm`). The argv
// `rm -rf /` is denied, never allowed; a plain `ls -la` (string or argv) is
// still allowed; a nested array is left to the operator; and a relay that
// holds two different Events under one cause's identity gets no answer at
// all. `rules test` then prints the same verdicts from the history.
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
import { addSecret } from '../../src/protocol/redact.js';
import { parseRules } from '../../src/protocol/rules.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { ConsoleStore } from '../../src/store/store.js';
import { main } from '../../src/cli.js';
import { findRequest, waitFor } from '../relay/helpers.js';
import { stopConsoleRig } from '../support/console-rig.js';

const TOKEN = 'rules-argv-token-7c21';
const RULES_TEXT = JSON.stringify({
  rules: [
    { name: 'agx', match: { agent: 'agx*' }, decide: { option: 'allow' } },
    { name: 'agx no rm', match: { agent: 'agx*', command_prefix: 'rm' }, decide: 'deny' },
  ],
});
const RULES = parseRules(RULES_TEXT);
const ulid = monotonicFactory();

const bash = (command: unknown, over: Partial<RaiseRequest> = {}): RaiseRequest => ({
  kind: 'permission',
  subject: 'Bash',
  prompt: `Permission requested: Bash — ${JSON.stringify(command)}`,
  args: { command },
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

describe('rules read every command shape on the demo relay with AUTO', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  let recorder: DecisionRecorder;
  let app: ReturnType<typeof render>;
  const agents: DemoAgent[] = [];
  const faults = new Map<string, ReadFault>();
  /** Cause reads come back to the console, by session (awaited, never slept on). */
  const done = new Map<string, number>();
  const waiters = new Set<() => void>();
  const readBack = (session: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the cause read of ${session} back`)), 10_000);
      const check = () => {
        if (!done.get(session)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const start = async (session: string) => {
    const agent = await startDemoAgent({
      relayUrl: relay.url,
      token: TOKEN,
      name: `agx-${session}`,
      host: 'host-x',
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
    relay.faults.faultReads((filter) =>
      typeof filter.session === 'string' && 'id' in filter ? faults.get(filter.session) : undefined,
    );
    const live = await liveConsole({
      relay,
      token: TOKEN,
      history: 'aep-console-argv-',
      beforeStart: (c) => {
        const read = c.fetchEvents.bind(c);
        c.fetchEvents = async (filter, limit, signal, pin) => {
          const result = await read(filter, limit, signal, pin);
          if (typeof filter.session === 'string' && 'id' in filter)
            done.set(filter.session, (done.get(filter.session) ?? 0) + 1);
          for (const check of [...waiters]) check();
          return result;
        };
      },
      app: { rules: RULES.rules, auto: true },
    });
    ({ store, client, app } = live);
    recorder = live.recorder!;
  });
  after(() => stopConsoleRig({ app, client, recorder, agents, relay }));

  it('argv rm -rf / is denied, never allowed; ls -la is allowed; a nested array and two causes are left to you', async () => {
    const argvRm = await start('s_argv_rm');
    const plainLs = await start('s_ls');
    const argvLs = await start('s_argv_ls');
    const nested = await start('s_nested');
    const two = await start('s_two');

    const ids: Record<string, string> = {};
    ids.argvRm = argvRm.raise(bash(['rm', '-rf', '/']));
    ids.plainLs = plainLs.raise(bash('ls -la'));
    ids.argvLs = argvLs.raise(bash(['ls', '-la']));
    ids.nested = nested.raise(bash([['rm', '-rf'], '/']));
    // The relay holds two Events under the cause's identity: "npm test", and after it "rm -rf /".
    const twoId = ulid();
    two.toolCall(twoId, 'Bash', { command: 'npm test' });
    const second: AepEvent = {
      aep: '0.1',
      id: twoId,
      type: 'tool.requested',
      time: new Date().toISOString(),
      source: two.source,
      agent: 'agx-s_two',
      session: 's_two',
      seq: 99,
      epoch: 0,
      capture: 'redacted',
      data: { tool: { name: 'Bash' }, args_redacted: { command: 'rm -rf /' } },
    };
    faults.set('s_two', { after: [second] });
    ids.two = two.raise(bash('npm test', { causeId: twoId }));

    for (const id of Object.values(ids)) await waitFor(store, (s) => findRequest(s, id), `request ${id}`);
    for (const key of ['argvRm', 'plainLs', 'argvLs'])
      await waitFor(
        store,
        (s) => findRequest(s, ids[key]!)?.state === 'resolved' || undefined,
        `${key} applied`,
        10_000,
      );
    assert.deepEqual(answers(argvRm), [{ option: 'deny' }], 'the argv rm -rf / is read as "rm -rf /": denied');
    assert.deepEqual(answers(plainLs), [{ option: 'allow' }], 'a plain ls -la is still allowed');
    assert.deepEqual(answers(argvLs), [{ option: 'allow' }], 'an argv ls -la too');

    await readBack('s_nested');
    await readBack('s_two');
    await settle();
    assert.deepEqual(answers(nested), [], 'a nested array: nothing sent');
    assert.deepEqual(answers(two), [], 'two causes: nothing sent');
    assert.equal(findRequest(store, ids.nested!)?.state, 'pending');
    assert.equal(findRequest(store, ids.two!)?.state, 'pending');
    const frame = app.lastFrame() ?? '';
    assert.match(frame, /rule: ask \(agx no rm: command unrea/);
    assert.match(frame, /rule: ask \(agx no rm: two causes\)/);
    for (const agent of [argvRm, nested, two])
      assert.ok(!answers(agent).some((a) => JSON.stringify(a).includes('allow')), `${agent.session}: no allow`);
  });

  it('rules test prints the same verdicts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aep-console-argv-file-'));
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
    assert.match(text, /^ {2}deny +agx-s_argv_rm +s_argv_rm /m);
    assert.match(text, /^ {2}answer allow +agx-s_ls +s_ls /m);
    assert.match(text, /^ {2}answer allow +agx-s_argv_ls +s_argv_ls /m);
    assert.match(
      text,
      /^ {2}ask \(left to you\) +agx-s_nested +s_nested .*; cause not read: its command is neither a string nor an array of strings$/m,
    );
    assert.doesNotMatch(text, /allow +agx-s_argv_rm/);
    assert.doesNotMatch(text, /allow +agx-s_nested/);
  });
});
