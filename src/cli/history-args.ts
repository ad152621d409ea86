// The flags of `aep-console history [--json] [--since DURATION]
// [--agent NAME]... [--session ID]...`. It reads the history file, never a
// relay: a connection flag there is a mistake worth naming, not ignoring.

import { displayLine } from '../protocol/sanitize.js';
import { parseDuration } from '../store/decision-query.js';
import type { ConsoleOptions } from './options.js';

const ALLOWED = new Set(['json', 'since', 'agent', 'session']);

export function historyOptions(
  flags: { json?: boolean; since?: string; agent?: string[]; session?: string[] },
  argv: readonly string[],
): ConsoleOptions | { error: string } {
  for (const arg of argv) {
    const name = /^--([^=]+)/.exec(arg)?.[1];
    if (name !== undefined && !ALLOWED.has(name)) {
      return {
        error:
          `--${displayLine(name, 40)} does not apply to "aep-console history" (it reads the ` +
          `history file; flags: --json, --since, --agent, --session)`,
      };
    }
  }
  const agents = flags.agent ?? [];
  const sessions = flags.session ?? [];
  if ([...agents, ...sessions].some((v) => !v.trim())) return { error: '--agent and --session must not be empty' };
  let sinceMs: number | undefined;
  if (flags.since !== undefined) {
    sinceMs = parseDuration(flags.since);
    if (sinceMs === undefined)
      return { error: `--since "${displayLine(flags.since, 40)}" is not a duration (e.g. 90s, 15m, 2h, 7d, 1h30m)` };
  }
  return {
    command: 'history',
    sinceMs,
    agents,
    sessions,
    relays: [],
    bell: false,
    notify: false,
    name: 'aep-console',
    demo: false,
    json: flags.json === true,
    files: [],
  };
}
