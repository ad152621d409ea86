// The `aep-console/testing` package entry: a scripted AEP agent and a frame
// waiter, for a test suite that drives the console (or its own consumer)
// against a relay without writing an agent by hand. Public API under semver
// (README, "Stability"). The agent is the demo's conformant target.
export { createTestAgent, type Answered, type Raised, type TestAgent, type TestAgentOptions } from './test-agent.js';
export { waitForFrame, type FrameSource, type WaitForFrameOptions } from './wait-for-frame.js';
export type { RaiseRequest } from '../demo/agent.js';
export type { AepEvent, Answer, Capture, Choice, FieldSpec, Severity } from '../protocol/types.js';
