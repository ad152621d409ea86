import { forgetSecrets } from '../../src/protocol/redact.js';
import type { DemoAgent } from '../../src/demo/agent.js';
import type { DemoRelay } from '../../src/demo/relay.js';
import type { RelayClient } from '../../src/relay/client.js';
import type { DecisionRecorder } from '../../src/files/decision-recorder.js';

/** The pieces an end-to-end console test starts: the rendered App, its client and recorder, the agents and the demo relay. */
export interface ConsoleRig {
  app: { unmount(): void };
  client: RelayClient;
  recorder: DecisionRecorder;
  agents: readonly DemoAgent[];
  relay: DemoRelay;
}

/** Stops what an end-to-end console test started, the UI first and the relay last, and forgets the token. */
export async function stopConsoleRig(rig: ConsoleRig): Promise<void> {
  rig.app.unmount();
  await rig.client.stop();
  await rig.recorder.stop();
  await Promise.allSettled(rig.agents.map((a) => a.close()));
  await rig.relay.close();
  forgetSecrets();
}
