// `--file` for `list`: each file read whole into the store, once.
import { resolve } from 'node:path';
import { describeCounts, JsonlFile } from '../files/jsonl-file.js';
import { displayLine } from '../protocol/sanitize.js';
import type { ConsoleStore } from '../store/store.js';

export interface FileRead {
  path: string;
  /** What was read (for the text output's last line). */
  summary: string;
  /** What was wrong with the file, when anything was (for stderr). */
  problems?: string;
}

export function readJsonlFiles(paths: readonly string[], store: ConsoleStore, readPerCall?: number): FileRead[] {
  return paths.map((given) => {
    const file = new JsonlFile(resolve(given), store, readPerCall);
    // Whole, however large: one read stops at its budget (64 MB) and the rest was missing.
    const readable = file.readToEnd();
    file.finish();
    file.setFollowing(false);
    const { counts } = file;
    const path = displayLine(given, 200);
    const summary = readable ? `file, ${describeCounts(counts)}` : 'file, could not be read';
    const bad = counts.invalid + counts.oversize + counts.skipped + counts.torn > 0;
    return { path, summary, problems: !readable ? 'could not be read' : bad ? describeCounts(counts) : undefined };
  });
}

/** The console's files: read now, then followed (a growing file shows its new Events). */
export function openJsonlFiles(paths: readonly string[], store: ConsoleStore): JsonlFile[] {
  return paths.map((given) => new JsonlFile(resolve(given), store));
}
