// `--demo`: a loopback relay with a random token plus three demo agents that
// keep raising realistic requests. Silent: the TUI owns the terminal.

import { randomBytes } from 'node:crypto';
import { startDemoAgent, type DemoAgent } from './agent.js';
import { startDemoRelay, type DemoRelay } from './relay.js';
import type { ScriptTiming } from './agent-script.js';

export interface DemoOptions {
  /** Relay port (default 0: random). */
  port?: number;
  /** Accepted for the CLI's convenience; the demo never writes to stdout/stderr anyway. */
  quiet?: boolean;
  /** Script pace override (tests). */
  timing?: Partial<ScriptTiming>;
  /** Agents to start (default claude-code, codex, gemini-cli). */
  agents?: string[];
  /** 'mixed' (default) keeps raising a realistic mix; 'none' raises only what agent.raise() asks (library tests). */
  script?: 'mixed' | 'none';
}

export interface Demo {
  relayUrl: string;
  token: string;
  relay: DemoRelay;
  agents: DemoAgent[];
  close(): Promise<void>;
}

export const DEMO_AGENTS = ['claude-code', 'codex', 'gemini-cli'];

/** `count` agent names: the three demo agents, then numbered ones (`codex-7`), for a fleet-sized demo. */
export function demoAgentNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    i < DEMO_AGENTS.length
      ? DEMO_AGENTS[i]
      : `${DEMO_AGENTS[i % DEMO_AGENTS.length]}-${Math.floor(i / DEMO_AGENTS.length) + 1}`,
  );
}

export async function startDemo(opts: DemoOptions = {}): Promise<Demo> {
  const token = randomBytes(24).toString('base64url');
  const relay = await startDemoRelay({ port: opts.port ?? 0, host: '127.0.0.1', token });
  const agents: DemoAgent[] = [];
  try {
    const names = opts.agents ?? DEMO_AGENTS;
    for (let i = 0; i < names.length; i++) {
      agents.push(
        await startDemoAgent({
          relayUrl: relay.url,
          token,
          name: names[i],
          script: opts.script ?? 'mixed',
          seed: Date.now() + i * 7919,
          timing: opts.timing,
        }),
      );
    }
  } catch (err) {
    await Promise.allSettled(agents.map((a) => a.close()));
    await relay.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    relayUrl: relay.url,
    token,
    relay,
    agents,
    close: () =>
      (closing ??= (async () => {
        await Promise.allSettled(agents.map((a) => a.close()));
        await relay.close();
      })()),
  };
}
