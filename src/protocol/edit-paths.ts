// The file paths an edit touches, as the rules read them (`path` in a
// rule): the raw text, never the sanitized and shortened form the diff shows
// (edit-diff.ts), since a rule must see what the writing tool will be
// handed. Pure. The shapes are edit-diff.ts's: Claude Code `Edit` /
// `MultiEdit` / `Write`, Gemini CLI `replace` / `write_file` (`file_path`),
// Codex `apply_patch` (every `*** Add/Delete/Update File:` and
// `*** Move to:` name). Whatever cannot be read to the end is UNREADABLE,
// never a shorter list: a rule that saw one file of two must not answer for both.

import { editDiff, isEditTool } from './edit-diff.js';

export const PATHS_UNREADABLE = Symbol('edit paths unreadable');

/** Paths read from one edit at most: a patch naming more is not read (bounded work on hostile input). */
export const MAX_EDIT_PATHS = 1000;

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEADERS = ['*** Add File: ', '*** Delete File: ', '*** Update File: ', '*** Move to: '];
/** A line that looks like a patch marker but is not one exactly (space before it, another case): the patch tool may read it as one. */
const MARKER_LIKE =
  /^\s*\*\*\*\s*(add|delete|update)\s+file\s*:|^\s*\*\*\*\s*move\s+to\s*:|^\s*\*\*\*\s*(begin|end)\s+patch/i;

/** Every name a Codex patch gives, or UNREADABLE. */
function patchPaths(text: string): string[] | typeof PATHS_UNREADABLE {
  // Split on "\n" only, as the patch tool does: "\r" or U+2028 stay in the name (and make it unreadable there).
  const lines = text.split('\n');
  if (lines[0]?.replace(/\r$/, '').trim() !== '*** Begin Patch') return PATHS_UNREADABLE;
  const paths: string[] = [];
  for (const raw of lines.slice(1)) {
    const line = raw.replace(/\r$/, '');
    if (line === '*** End Patch') break;
    const header = HEADERS.find((h) => line.startsWith(h));
    if (header !== undefined) {
      paths.push(line.slice(header.length));
      if (paths.length > MAX_EDIT_PATHS) return PATHS_UNREADABLE;
      continue;
    }
    if (MARKER_LIKE.test(line)) return PATHS_UNREADABLE;
  }
  return paths.length ? paths : PATHS_UNREADABLE;
}

/**
 * The paths an edit tool call touches: undefined when `tool` is not an
 * edit tool (it has no path), UNREADABLE when its arguments are not of the
 * tool's shape (the diff would not show them either) or a patch cannot be
 * read to the end.
 */
export function editPaths(tool: string, args: unknown): string[] | undefined | typeof PATHS_UNREADABLE {
  if (!isEditTool(tool)) return undefined;
  if (!isData(args) || editDiff(tool, args) === undefined) return PATHS_UNREADABLE;
  if (tool.toLowerCase() !== 'apply_patch')
    return typeof args.file_path === 'string' ? [args.file_path] : PATHS_UNREADABLE;
  const input = typeof args.input === 'string' ? args.input : undefined;
  const patch = typeof args.patch === 'string' ? args.patch : undefined;
  // Two different patches in one call: which one the tool applies is its own choice.
  if (input !== undefined && patch !== undefined && input !== patch) return PATHS_UNREADABLE;
  return patchPaths((input ?? patch)!);
}
