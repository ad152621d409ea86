// Rules by path end to end: the demo relay, agents `agp-*` raising edit
// permissions (Claude Code Edit, Codex apply_patch) whose cause carries the
// edit, the real <App> with AUTO and two path rules (allow agp* edits under
// docs/**; deny agp* edits that touch secrets/**). An edit under docs/ is
// allowed; one that escapes with `..`, or a patch over a file outside
// docs/, gets no answer at all; a patch that touches secrets/ is denied
// whole, never allowed.
import { liveConsole } from '../support/live-console.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { render } from 'ink-testing-library';
import { startDemoAgent, type DemoAgent, type RaiseRequest } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { addSecret } from '../../src/protocol/redact.js';
import { parseRules } from '../../src/protocol/rules.js';
import { RelayClient } from '../../src/relay/client.js';
import { DecisionRecorder } from '../../src/files/decision-recorder.js';
import { ConsoleStore } from '../../src/store/store.js';
import { findRequest, waitFor } from '../relay/helpers.js';
import { stopConsoleRig } from '../support/console-rig.js';

const TOKEN = 'rules-path-token-5e90';
const RULES = parseRules(
  JSON.stringify({
    rules: [
      { name: 'docs ok', match: { agent: 'agp*', path: 'docs/**' }, decide: { option: 'allow' } },
      { name: 'no secrets', match: { agent: 'agp*', path: 'secrets/**' }, decide: 'deny' },
    ],
  }),
);

const raise = (subject: string, args: Record<string, unknown>): RaiseRequest => ({
  kind: 'permission',
  subject,
  prompt: `Permission requested: ${subject}`,
  args,
  options: [
    { id: 'allow', label: 'Allow' },
    { id: 'deny', label: 'Deny' },
  ],
});
const edit = (file_path: string) => raise('Edit', { file_path, old_string: 'a', new_string: 'b' });
const patch = (...files: string[]) =>
  raise('apply_patch', {
    input: [
      '*** Begin Patch',
      ...files.flatMap((f) => [`*** Update File: ${f}`, '@@', '-a', '+b']),
      '*** End Patch',
    ].join('\n'),
  });

const answers = (agent: DemoAgent) =>
  agent.received
    .filter((e) => e.type === 'control.attention.respond')
    .map((e) => (e.data as { answer: unknown }).answer);

describe('rules by path on the demo relay with AUTO', () => {
  let relay: DemoRelay;
  let store: ConsoleStore;
  let client: RelayClient;
  let recorder: DecisionRecorder;
  let app: ReturnType<typeof render>;
  const agents: DemoAgent[] = [];
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
      name: `agp-${session}`,
      host: 'host-p',
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
    const live = await liveConsole({
      relay,
      token: TOKEN,
      history: 'aep-console-path-',
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

  it('docs/ allowed; .., a file outside and secrets/ never allowed', async () => {
    const docs = await start('s_docs');
    const docsPatch = await start('s_docs_patch');
    const escape = await start('s_escape');
    const outside = await start('s_outside');
    const secrets = await start('s_secrets');

    const ids: Record<string, string> = {};
    ids.docs = docs.raise(edit('docs/guide.md'));
    ids.docsPatch = docsPatch.raise(patch('docs/a.md', 'docs/sub/b.md'));
    ids.escape = escape.raise(edit('docs/../../etc/passwd'));
    ids.outside = outside.raise(patch('docs/a.md', 'src/app.ts'));
    ids.secrets = secrets.raise(patch('docs/a.md', 'secrets/key.pem'));

    for (const id of Object.values(ids)) await waitFor(store, (s) => findRequest(s, id), `request ${id}`);
    for (const key of ['docs', 'docsPatch', 'secrets'])
      await waitFor(
        store,
        (s) => findRequest(s, ids[key]!)?.state === 'resolved' || undefined,
        `${key} applied`,
        10_000,
      );
    assert.deepEqual(answers(docs), [{ option: 'allow' }], 'an edit under docs/ is allowed');
    assert.deepEqual(answers(docsPatch), [{ option: 'allow' }], 'a patch over two files under docs/ too');
    assert.deepEqual(answers(secrets), [{ option: 'deny' }], 'a patch touching secrets/ is denied whole');

    await readBack('s_escape');
    await readBack('s_outside');
    await settle();
    assert.deepEqual(answers(escape), [], 'a path that escapes with "..": nothing sent');
    assert.deepEqual(answers(outside), [], 'a patch over a file outside docs/: nothing sent');
    assert.equal(findRequest(store, ids.escape!)?.state, 'pending');
    assert.equal(findRequest(store, ids.outside!)?.state, 'pending');
  });
});
