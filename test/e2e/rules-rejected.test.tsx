// A rule's answer that the agent rejects turns that rule off for the session,
// end to end: the demo relay, an emitter on the wire that rejects
// every command, the real client and <App> with --auto. The first request is
// answered by the rule and rejected; the second, identical, is left to the
// operator, and the screen says why.
import { liveConsole } from '../support/live-console.js';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { render } from 'ink-testing-library';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';
import { parseRules } from '../../src/protocol/rules.js';
import { RelayClient } from '../../src/relay/client.js';
import { ConsoleStore } from '../../src/store/store.js';
import { emitter, ev, type TestClient } from '../demo/helpers.js';
import { findRequest, waitFor } from '../relay/helpers.js';
import { patient } from '../support/patience.js';

const TOKEN = 'rules-rejected-token-41a9';
const RULES = parseRules(
  JSON.stringify({
    rules: [
      {
        name: 'tests ok',
        match: { agent: 'test-agent', tool: 'Bash', command_prefix: 'npm test' },
        decide: { option: 'allow' },
      },
    ],
  }),
);

let relay: DemoRelay;
let agent: TestClient;
let store: ConsoleStore;
let client: RelayClient;
let app: ReturnType<typeof render>;

before(async () => {
  assert.ok(RULES.ok);
  relay = await startDemoRelay({ token: TOKEN });
  agent = await emitter(relay.url, TOKEN);
  agent.send(ev('s_rej', 'session.started', { data: {} }));
  ({ store, client, app } = await liveConsole({
    relay,
    token: TOKEN,
    columns: 160,
    tickMs: 0,
    app: { rules: RULES.ok ? RULES.rules : [], auto: true },
  }));
});

after(async () => {
  app.unmount();
  await client.stop();
  await agent.close();
  await relay.close();
});

/** A Bash permission caused by its tool call, as an agent raises it; returns the request's id. */
function raise(command: string): string {
  const tool = ev('s_rej', 'tool.requested', {
    subject: 'Bash',
    capture: 'redacted',
    data: { tool: { name: 'Bash' }, args_redacted: { command } },
  });
  agent.send(tool);
  const request = ev('s_rej', 'attention.requested', {
    cause: tool.id,
    capture: 'redacted',
    severity: 'warning',
    data: {
      kind: 'permission',
      prompt: `Permission requested: Bash — ${command}`,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
  });
  agent.send(request);
  return request.id as string;
}

test("the agent rejects the rule's answer: the rule is off for the session, the next request is left to the operator", async () => {
  const first = raise('npm test -- --ci');
  const command = await agent.waitFor(
    (f) => f.type === 'control.attention.respond' && f.subject === first,
    patient(8000),
  );
  assert.deepEqual((command.data as { answer: unknown }).answer, { option: 'allow' }, 'the rule answered');
  agent.send(
    ev('s_rej', 'control.rejected', {
      cause: command.id,
      capture: 'redacted',
      data: { reason: 'invalid', detail: 'tests are frozen today' },
    }),
  );
  await waitFor(
    store,
    (s) => s.lastCommandFor(findRequest(s, first)?.key ?? '')?.state === 'rejected' || undefined,
    'the rejection recorded',
  );
  const second = raise('npm test');
  await waitFor(store, (s) => findRequest(s, second), 'the second request');
  // The cause is read and the rule judged before the row can say "rule: …"; it must not answer.
  const until = Date.now() + patient(8000);
  while (
    !/Rule tests ok turned off for this session: the agent rejected its answer \(invalid: tests are frozen today\)/.test(
      (app.lastFrame() ?? '').replace(/\s+/g, ' '),
    )
  ) {
    assert.ok(Date.now() < until, `the rule said off; last frame:\n${app.lastFrame()}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // A negative needs a bound: with the rule still on, its answer comes within
  // milliseconds (the first one did); watch the wire for two seconds of turns.
  const watchUntil = Date.now() + 2000;
  while (
    Date.now() < watchUntil &&
    !agent.frames.some((f) => f.type === 'control.attention.respond' && f.subject === second)
  ) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(
    agent.frames.filter((f) => f.type === 'control.attention.respond' && f.subject === second).length,
    0,
    'no answer for the second request',
  );
  assert.equal(findRequest(store, second)?.state, 'pending');
  assert.equal(store.lastCommandFor(findRequest(store, second)!.key), undefined, 'nothing was even queued for it');
});
