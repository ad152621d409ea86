// A demo relay with one demo agent on loopback, started before a test file's
// tests and closed after them (the agent raises only what a test asks for).
import { after, before } from 'node:test';
import { startDemoAgent, type DemoAgent } from '../../src/demo/agent.js';
import { startDemoRelay, type DemoRelay } from '../../src/demo/relay.js';

export interface DemoPair {
  relay: DemoRelay;
  agent: DemoAgent;
}

export function demoRelayAndAgent(token: string, agentName: string): DemoPair {
  const pair = {} as DemoPair;
  before(async () => {
    pair.relay = await startDemoRelay({ port: 0, token });
    pair.agent = await startDemoAgent({ relayUrl: pair.relay.url, token, name: agentName, script: 'none' });
  });
  after(async () => {
    await pair.agent.close();
    await pair.relay.close();
  });
  return pair;
}
