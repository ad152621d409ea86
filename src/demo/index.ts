// The `aep-console/demo` package entry: an embedded loopback relay with
// conformant demo agents, for tests that need a relay and an agent to drive
// the console against. Public API under semver (README, "Stability"). It
// wraps the fleet `--demo` starts; by default its agents stay quiet and
// raise only what a test asks for, so a test sees exactly its own requests.
import type { AepEvent } from '../protocol/types.js';
import type { DemoAgent as AgentImpl, RaiseRequest } from './agent.js';
import { DEMO_AGENTS, startDemo as startFleet } from './fleet.js';

export type { RaiseRequest } from './agent.js';
export type { AepEvent, Answer, Capture, Choice, FieldSpec, Severity } from '../protocol/types.js';

export interface StartDemoOptions {
  /** Agent names to start, one session each (default `claude-code`, `codex`, `gemini-cli`). */
  agents?: readonly string[];
  /**
   * `'none'` (default): agents raise only what `raise()` asks. `'mixed'`:
   * they also keep raising a realistic mix, as `aep-console --demo` does.
   */
  script?: 'none' | 'mixed';
  /** Relay port on 127.0.0.1 (default 0: a free one). */
  port?: number;
}

export interface DemoAgent {
  readonly name: string;
  readonly session: string;
  /** The agent's `source` URI, as its Events carry it. */
  readonly source: string;
  /**
   * Emits an `attention.requested` and returns its Event id (the `subject`
   * of the commands that answer it). The agent then honours answers as a
   * conformant target must: acks, applies, emits answered and resolved.
   */
  raise(request: RaiseRequest): string;
  /** Every command the agent received so far, in arrival order (duplicates included). */
  readonly commands: readonly AepEvent[];
  /**
   * The first command, already received or still to come, that `match`
   * accepts (default: any). Rejects after `timeoutMs` (default 10 s) or when
   * the demo stops, so a test fails with a reason instead of hanging.
   */
  waitForCommand(match?: (command: AepEvent) => boolean, options?: { timeoutMs?: number }): Promise<AepEvent>;
  /** Requests this agent raised that are still pending. */
  pendingCount(): number;
}

export interface Demo {
  /** The relay's base URL (`http://127.0.0.1:PORT`). */
  url: string;
  /** The relay's bearer token (random per demo). */
  token: string;
  agents: DemoAgent[];
  /** Ends every agent's session and closes the relay. Never rejects; safe to call twice. */
  stop(): Promise<void>;
}

interface Waiter {
  match: (command: AepEvent) => boolean;
  resolve: (command: AepEvent) => void;
  reject: (error: Error) => void;
}

export async function startDemo(options: StartDemoOptions = {}): Promise<Demo> {
  const names = [...(options.agents ?? DEMO_AGENTS)];
  const fleet = await startFleet({ agents: names, script: options.script ?? 'none', port: options.port });
  const waiters = new Set<Waiter>();
  let stopped = false;
  const agents = fleet.agents.map((impl, i) => publicAgent(impl, names[i], waiters, () => stopped));
  let stopping: Promise<void> | undefined;
  return {
    url: fleet.relayUrl,
    token: fleet.token,
    agents,
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        for (const waiter of waiters) waiter.reject(new Error('the demo stopped before the command arrived'));
        waiters.clear();
        await fleet.close().catch(() => undefined);
      })()),
  };
}

function publicAgent(impl: AgentImpl, name: string, waiters: Set<Waiter>, stopped: () => boolean): DemoAgent {
  const mine = new Set<Waiter>();
  impl.onCommand = (command) => {
    for (const waiter of mine) {
      // A throwing matcher fails its own wait, never the agent's socket handler.
      let matched: boolean;
      try {
        matched = waiter.match(command);
      } catch (error) {
        waiter.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (matched) waiter.resolve(command);
    }
  };
  return {
    name,
    session: impl.session,
    source: impl.source,
    raise: (request) => impl.raise(request),
    get commands() {
      return impl.received;
    },
    pendingCount: () => impl.pendingCount(),
    waitForCommand: (match = () => true, { timeoutMs = 10_000 } = {}) => {
      let seen: AepEvent | undefined;
      try {
        seen = impl.received.find(match);
      } catch (error) {
        return Promise.reject(error);
      }
      if (seen) return Promise.resolve(seen);
      if (stopped()) return Promise.reject(new Error('the demo has stopped'));
      return new Promise<AepEvent>((resolve, reject) => {
        const timer = setTimeout(
          () => settle(() => reject(new Error(`no matching command reached ${name} within ${timeoutMs} ms`))),
          timeoutMs,
        );
        const settle = (finish: () => void): void => {
          clearTimeout(timer);
          mine.delete(waiter);
          waiters.delete(waiter);
          finish();
        };
        const waiter: Waiter = {
          match,
          resolve: (command) => settle(() => resolve(command)),
          reject: (error) => settle(() => reject(error)),
        };
        mine.add(waiter);
        waiters.add(waiter);
      });
    },
  };
}
