// Rules follow their file: the console looks at the rules file every
// second (a poll: fs.watch misses a symlink re-pointed by a dotfiles
// manager, and an editor's rename-over) and, when it changed, reads it
// again under the same trust and parse rules as at start. A good edit
// replaces the file's rules; a bad one (not JSON, a rule refused, a file
// no longer trusted, gone) keeps the rules in force and says why.

import { lstatSync, statSync } from 'node:fs';
import type { Rule } from '../protocol/rules.js';
import { loadRules } from './rules-file.js';

export const RULES_POLL_MS = 1000;

export interface RulesFileUpdate {
  rules?: readonly Rule[];
  note?: string;
}

/** The file as a poll sees it: the link and its target (inode, size, time, mode, owner). */
function signature(path: string): string {
  const parts: string[] = [];
  for (const look of [lstatSync, statSync]) {
    try {
      const s = look(path);
      parts.push(`${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.mode}:${s.uid}`);
    } catch (error) {
      parts.push((error as NodeJS.ErrnoException).code ?? 'error');
    }
  }
  return parts.join('|');
}

/** What one reading of the file tells the console. */
export function readRulesUpdate(path: string, env: NodeJS.ProcessEnv): RulesFileUpdate {
  const loaded = loadRules(path, env);
  if (loaded.ok) return { rules: loaded.rules };
  return { note: `rules edit not used, the rules in force stay: ${loaded.error}` };
}

/**
 * Follows `path`: `listen` hears each change (AppProps.rulesFile). The
 * first look is the state at start (already read by the arguments), so
 * only later changes are told.
 */
export function followRules(
  path: string,
  env: NodeJS.ProcessEnv,
  intervalMs = RULES_POLL_MS,
): (listen: (update: RulesFileUpdate) => void) => () => void {
  return (listen) => {
    let seen = signature(path);
    const timer = setInterval(() => {
      const now = signature(path);
      if (now === seen) return;
      seen = now;
      listen(readRulesUpdate(path, env));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  };
}
