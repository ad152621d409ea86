// Hostile input V, "`respond --text` on a form is exit 2 in words, nothing
// sent" (as docs/cli.md says): against the demo relay and a demo agent on
// loopback, `respond <form> --text …` refuses before anything is sent,
// and the agent receives no command; --values still answers it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli.js';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';

const TOKEN = 'tok-respond-form-text-5b1c';
const state = mkdtempSync(join(tmpdir(), 'aep-respond-form-'));
let relay: DemoRelay;
let agent: DemoAgent;

before(async () => {
  relay = await startDemoRelay({ port: 0, token: TOKEN });
  agent = await startDemoAgent({
    relayUrl: relay.url,
    token: TOKEN,
    name: 'former',
    script: 'none',
    ackWindowMs: 1000,
  });
});
after(async () => {
  await agent.close();
  await relay.close();
  rmSync(state, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { HOME: state, XDG_STATE_HOME: state, AEP_TOKEN: TOKEN, AEP_RELAY: relay.url, USER: 'ada' };
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('respond <form> --text: exit 2 in words, nothing sent; --values answers it', async () => {
  const id = agent.raise({
    kind: 'form',
    prompt: 'Where to deploy?',
    fields: [
      {
        id: 'region',
        type: 'select',
        label: 'Region',
        required: true,
        choices: [
          { id: 'us', label: 'US' },
          { id: 'eu', label: 'EU' },
        ],
      },
    ],
  });
  const refused = await cli(['respond', id, '--text', 'eu please']);
  assert.equal(refused.code, 2, refused.err);
  assert.match(refused.err, /is a form: answer it with --values/);
  assert.equal(agent.received.filter((e) => e.type === 'control.attention.respond').length, 0, 'nothing sent');
  const applied = await cli(['respond', id, '--values', '{"region":"eu"}']);
  assert.equal(applied.code, 0, applied.err);
});
