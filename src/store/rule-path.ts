// `path` in a rule, against the request's own cause: the paths its edit
// touches (protocol/edit-paths.ts) put to the rule's glob
// (protocol/path-glob.ts). Pure. Fail closed, as a command the rules cannot
// read: an allow matches only when every path the edit touches (each file,
// both names of a move) can be read against the glob and matches it; a deny
// or an ask matches when any readable path matches (an edit that touches
// one denied file is denied whole; case and Unicode form folded, as some
// file systems fold them), and otherwise, when some path cannot be
// read, it cannot be told apart from a match: the verdict is then `ask`.

import type { AepEvent } from '../protocol/types.js';
import { editPaths, PATHS_UNREADABLE } from '../protocol/edit-paths.js';
import { pathGlobMatch, pathProblem } from '../protocol/path-glob.js';
import { argsWithheld } from './cause.js';

export type PathsFact =
  /** Not an edit tool (or no tool named): it has no path. */
  | { kind: 'none' }
  /** An edit tool whose arguments its capture level withholds. */
  | { kind: 'withheld' }
  /** An edit tool whose arguments are not of its shape, or a patch that cannot be read to the end. */
  | { kind: 'unreadable' }
  | { kind: 'paths'; paths: readonly string[] };

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths the cause's edit touches (the tool's name from `data.tool.name`; arguments `args`, else `args_redacted`). */
export function editPathsOf(event: AepEvent): PathsFact {
  const data = isData(event.data) ? event.data : {};
  const tool = isData(data.tool) && typeof data.tool.name === 'string' ? data.tool.name : undefined;
  if (tool === undefined) return { kind: 'none' };
  const args = data.args !== undefined ? data.args : data.args_redacted;
  const paths = editPaths(tool, args);
  if (paths === undefined) return { kind: 'none' };
  if (args === undefined && argsWithheld(event)) return { kind: 'withheld' };
  if (paths === PATHS_UNREADABLE) return { kind: 'unreadable' };
  return { kind: 'paths', paths };
}

/**
 * Whether `glob` matches the edit: `true`, `false`, `undefined` (its
 * arguments withheld) or `path-unreadable`. `strict`: for a deny or an ask.
 */
export function pathsMatch(glob: string, fact: PathsFact, strict: boolean): boolean | undefined | 'path-unreadable' {
  if (fact.kind === 'none') return false;
  if (fact.kind === 'withheld') return undefined;
  if (fact.kind === 'unreadable') return 'path-unreadable';
  const readable = fact.paths.filter((path) => pathProblem(path, glob) === undefined);
  const someUnreadable = readable.length < fact.paths.length;
  if (strict) {
    // A deny or ask also matches a path that differs only in case or Unicode form: on a file system that
    // folds them (macOS, Windows) `Secrets/Key.pem` is `secrets/key.pem`. An allow matches the text exactly.
    const fold = (text: string) => text.normalize('NFC').toLowerCase();
    if (readable.some((path) => pathGlobMatch(glob, path) || pathGlobMatch(fold(glob), fold(path)))) return true;
    return someUnreadable ? 'path-unreadable' : false;
  }
  if (someUnreadable) return 'path-unreadable';
  return fact.paths.length > 0 && fact.paths.every((path) => pathGlobMatch(glob, path));
}

/** Why the edit's paths cannot be read against `glob`, in a few words (undefined: they can). */
export function pathsWhy(glob: string, fact: PathsFact): string | undefined {
  if (fact.kind === 'unreadable') return 'its edit cannot be read to the end';
  if (fact.kind !== 'paths') return undefined;
  for (const path of fact.paths) {
    const problem = pathProblem(path, glob);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
