// Where the rules come from: `--rules F`, else
// `$XDG_CONFIG_HOME/aep-console/rules.json` (else `~/.config/...`) when that
// file exists. A file named (or present) but bad is an error, never "no rules":
// the operator meant those rules, and silently running without them would
// ring for what they meant to answer; running with half of them is worse.
// A file that is not trusted (files/read.ts: someone else could have written
// it) is never used: with --auto or `rules test` that is an error (exit 2);
// the console runs without its rules and says so on the status line.

import { join } from 'node:path';
import { parseRules, type Rule } from '../protocol/rules.js';
import { displayLine } from '../protocol/sanitize.js';
import { readConfigFile } from '../files/read.js';

/** A rules file is a few hundred lines at most; more is a mistake (or /dev/zero). */
const MAX_RULES_BYTES = 1024 * 1024;

export type LoadedRules =
  { ok: true; path?: string; rules: Rule[] } | { ok: false; error: string; untrusted?: boolean };

/** The default rules file's path (absent when neither XDG_CONFIG_HOME nor HOME is usable). */
export function defaultRulesPath(env: NodeJS.ProcessEnv): string | undefined {
  // XDG: a relative XDG_CONFIG_HOME is invalid and is ignored.
  if (env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/'))
    return join(env.XDG_CONFIG_HOME, 'aep-console', 'rules.json');
  if (env.HOME && env.HOME.startsWith('/')) return join(env.HOME, '.config', 'aep-console', 'rules.json');
  return undefined;
}

/** Reads and parses the rules: `given` (--rules) must exist; the default may be absent (no rules). */
export function loadRules(given: string | undefined, env: NodeJS.ProcessEnv): LoadedRules {
  const path = given ?? defaultRulesPath(env);
  if (path === undefined) return { ok: true, rules: [] };
  const shown = displayLine(path, 200);
  const read = readConfigFile(path, MAX_RULES_BYTES);
  if (!read.ok) {
    if (given === undefined && read.missing) return { ok: true, rules: [] };
    if (read.missing) return { ok: false, error: `rules file ${shown} cannot be read (ENOENT)` };
    return { ok: false, error: `rules file ${shown} is ${read.why}`, untrusted: true };
  }
  const parsed = parseRules(read.text);
  if (!parsed.ok) return { ok: false, error: `rules file ${shown}: ${parsed.error}` };
  return { ok: true, path, rules: parsed.rules };
}

/** The console's rule options from its flags, or the one-line error (exit 2). */
export function rulesOptions(
  flags: { rules?: string; auto?: boolean },
  isList: boolean,
  env: NodeJS.ProcessEnv,
): { rules: Rule[]; rulesPath?: string; rulesNote?: string; auto: boolean } | { error: string } {
  if (isList) {
    if (flags.rules !== undefined || flags.auto)
      return { error: '--rules and --auto apply to the interactive console ("list" answers nothing)' };
    return { rules: [], auto: false };
  }
  const loaded = loadRules(flags.rules, env);
  const rulesPath = flags.rules ?? defaultRulesPath(env);
  // Not trusted, and not asked to answer: the console runs without these rules and says so.
  if (!loaded.ok && loaded.untrusted && !flags.auto)
    return {
      rules: [],
      ...(rulesPath !== undefined ? { rulesPath } : {}),
      rulesNote: `rules not used: ${loaded.error}`,
      auto: false,
    };
  if (!loaded.ok) return { error: loaded.error };
  if (flags.auto && loaded.rules.length === 0)
    return { error: '--auto needs rules (--rules F, or $XDG_CONFIG_HOME/aep-console/rules.json)' };
  return { rules: loaded.rules, ...(rulesPath !== undefined ? { rulesPath } : {}), auto: flags.auto === true };
}
