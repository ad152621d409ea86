// A file edit an agent asks permission for, read from its tool call's
// arguments as the tools send them: Claude Code `Edit` / `MultiEdit` /
// `Write`, Gemini CLI `replace` / `write_file` (the same members), Codex
// `apply_patch` (its `*** Begin Patch` text in `input` or `patch`). Pure: the
// detail, the screen reader and `list --json` all read the one result, so the
// counts on a row and the lines in the detail never disagree.
//
// Every string is producer text: each line goes through displayLine (no
// control character reaches a terminal) and the lines kept are bounded; the
// counts are over every line, the cap says how many lines are not kept.
// Arguments that are not of the tool's shape are no edit (undefined): the
// caller shows the arguments as they are, never a guessed diff.

import { displayLine } from './sanitize.js';
import { CAPTURE_LEVELS, type Capture } from './types.js';

/** Diff lines kept per edit; the rest are counted (`hidden`). */
export const MAX_DIFF_LINES = 400;
/** Columns kept per diff line (a longer one is cut with its count). */
const LINE_CHARS = 400;
/** Files named per edit (an apply_patch may name many). */
const MAX_FILES = 50;

export type DiffMark = '-' | '+' | ' ';

export type DiffLine =
  /** A file's header: its path, and what happens to it beyond its lines. */
  | { kind: 'file'; path: string; note?: string }
  | { kind: 'line'; mark: DiffMark; text: string }
  /** A hunk's or an edit's break ("@@ …", "edit 2 of 3"). */
  | { kind: 'break'; text: string };

export interface EditDiff {
  /** Every file the edit touches (both names of a move), sanitized. */
  paths: string[];
  added: number;
  removed: number;
  /** The lines to show, at most MAX_DIFF_LINES. */
  lines: DiffLine[];
  /** Lines (of any kind) not kept. */
  hidden: number;
}

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The tool names read as edits (compared without case: `edit`, `Edit`). */
const EDIT_TOOLS = new Set(['edit', 'multiedit', 'write', 'replace', 'write_file', 'apply_patch']);

export function isEditTool(tool: string): boolean {
  return EDIT_TOOLS.has(tool.toLowerCase());
}

/** A text's lines; a final newline ends the last line and opens no new one. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

class Builder {
  readonly paths: string[] = [];
  added = 0;
  removed = 0;
  readonly lines: DiffLine[] = [];
  hidden = 0;
  private push(line: DiffLine): void {
    if (this.lines.length < MAX_DIFF_LINES) this.lines.push(line);
    else this.hidden++;
  }
  file(path: string, note?: string): void {
    const shown = displayLine(path, 300);
    if (this.paths.length < MAX_FILES && !this.paths.includes(shown)) this.paths.push(shown);
    this.push(note ? { kind: 'file', path: shown, note } : { kind: 'file', path: shown });
  }
  line(mark: DiffMark, text: string): void {
    if (mark === '+') this.added++;
    if (mark === '-') this.removed++;
    this.push({ kind: 'line', mark, text: displayLine(text, LINE_CHARS) });
  }
  mark(text: string): void {
    this.push({ kind: 'break', text: displayLine(text, LINE_CHARS) });
  }
  result(): EditDiff {
    return { paths: this.paths, added: this.added, removed: this.removed, lines: this.lines, hidden: this.hidden };
  }
}

/** Cells of the longest-common-subsequence table a replacement may fill; past it the middle is all removed then all added. */
const MAX_LCS_CELLS = 250_000;

/**
 * One replacement as lines: the lines both sides share at the start and at
 * the end kept as context; between them, lines kept by a longest common
 * subsequence (where it is small enough to work out) as context too, the
 * rest removed and added, so the counts are those a reader would count.
 */
function replacement(out: Builder, before: string, after: string): void {
  const old = splitLines(before);
  const now = splitLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < now.length - head &&
    old[old.length - 1 - tail] === now[now.length - 1 - tail]
  )
    tail++;
  for (const l of old.slice(0, head)) out.line(' ', l);
  const a = old.slice(head, old.length - tail);
  const b = now.slice(head, now.length - tail);
  for (const [mark, l] of middle(a, b)) out.line(mark, l);
  for (const l of old.slice(old.length - tail)) out.line(' ', l);
}

function middle(a: string[], b: string[]): [DiffMark, string][] {
  if ((a.length + 1) * (b.length + 1) > MAX_LCS_CELLS || !a.length || !b.length)
    return [...a.map((l): [DiffMark, string] => ['-', l]), ...b.map((l): [DiffMark, string] => ['+', l])];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * w + j] =
        a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  const out: [DiffMark, string][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push([' ', a[i]!]);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) out.push(['-', a[i++]!]);
    else out.push(['+', b[j++]!]);
  }
  while (i < a.length) out.push(['-', a[i++]!]);
  while (j < b.length) out.push(['+', b[j++]!]);
  return out;
}

function editShape(args: Data): EditDiff | undefined {
  const path = str(args.file_path);
  const before = str(args.old_string);
  const after = str(args.new_string);
  if (path === undefined || before === undefined || after === undefined) return undefined;
  const out = new Builder();
  out.file(path, args.replace_all === true ? 'every occurrence replaced' : undefined);
  replacement(out, before, after);
  return out.result();
}

function multiEditShape(args: Data): EditDiff | undefined {
  const path = str(args.file_path);
  if (path === undefined || !Array.isArray(args.edits)) return undefined;
  const edits = args.edits.filter(isData);
  // Every edit readable, or none shown: a diff of some of them would say less than is asked.
  if (
    edits.length !== args.edits.length ||
    edits.some((e) => str(e.old_string) === undefined || str(e.new_string) === undefined)
  )
    return undefined;
  const out = new Builder();
  out.file(path);
  edits.forEach((edit, i) => {
    if (edits.length > 1)
      out.mark(`edit ${i + 1} of ${edits.length}${edit.replace_all === true ? ' (every occurrence)' : ''}`);
    replacement(out, str(edit.old_string)!, str(edit.new_string)!);
  });
  return out.result();
}

function writeShape(args: Data): EditDiff | undefined {
  const path = str(args.file_path);
  const content = str(args.content);
  if (path === undefined || content === undefined) return undefined;
  const out = new Builder();
  out.file(path, 'replaces the whole file');
  for (const l of splitLines(content)) out.line('+', l);
  return out.result();
}

/** Codex's patch text: `*** Begin Patch`, file sections, `*** End Patch`. */
function patchShape(args: Data): EditDiff | undefined {
  const text = str(args.input) ?? str(args.patch);
  if (text === undefined) return undefined;
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '*** Begin Patch') return undefined;
  const out = new Builder();
  let inFile = false;
  for (const raw of lines.slice(1)) {
    const header = /^\*\*\* (Add|Delete|Update) File: (.*)$/.exec(raw);
    if (header) {
      inFile = true;
      const note = header[1] === 'Add' ? 'new file' : header[1] === 'Delete' ? 'deletes the file' : undefined;
      out.file(header[2]!, note);
      continue;
    }
    const move = /^\*\*\* Move to: (.*)$/.exec(raw);
    if (move) {
      out.file(move[1]!, 'the file is moved here');
      continue;
    }
    if (raw.startsWith('*** End Patch')) break;
    if (raw.startsWith('*** End of File') || !inFile) continue;
    if (raw.startsWith('@@')) out.mark(raw);
    else if (raw.startsWith('+')) out.line('+', raw.slice(1));
    else if (raw.startsWith('-')) out.line('-', raw.slice(1));
    else if (raw.startsWith(' ')) out.line(' ', raw.slice(1));
    else if (raw !== '') out.line(' ', raw);
  }
  // A patch naming no file is not read as one.
  return out.paths.length ? out.result() : undefined;
}

/**
 * The edit a tool call asks for (undefined: not an edit tool, or arguments
 * not of its shape). `tool` is the tool's name as the Event gives it.
 */
export function editDiff(tool: string, args: unknown): EditDiff | undefined {
  if (!isData(args)) return undefined;
  switch (tool.toLowerCase()) {
    case 'edit':
    case 'replace':
      return editShape(args);
    case 'multiedit':
      return multiEditShape(args);
    case 'write':
    case 'write_file':
      return writeShape(args);
    case 'apply_patch':
      return patchShape(args);
    default:
      return undefined;
  }
}

/** "edit to src/app.ts: 3 lines removed, 12 added" (several files: "edit to 2 files: …"). */
export function editSentence(diff: EditDiff): string {
  const where = diff.paths.length === 1 ? diff.paths[0] : `${diff.paths.length} files`;
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  return `edit to ${where}: ${lines(diff.removed)} removed, ${diff.added} added`;
}

/** What a cause Event says of an edit: its diff, withheld (capture below `redacted`, or no arguments), or not of the tool's shape. */
export type EventEdit =
  | { state: 'diff'; tool: string; diff: EditDiff }
  | { state: 'withheld'; tool: string; capture: string }
  | { state: 'unreadable'; tool: string };

/** The edit a tool Event asks for (undefined: the tool is not an edit tool). */
export function eventEdit(event: { data?: unknown; subject?: unknown; capture?: string }): EventEdit | undefined {
  const data = isData(event.data) ? event.data : {};
  const named = isData(data.tool) ? str(data.tool.name) : undefined;
  const tool = named ?? str(event.subject) ?? '';
  if (!isEditTool(tool)) return undefined;
  const shown = displayLine(tool, 40);
  const args = data.args_redacted ?? data.args;
  // A capture below `redacted`, or no arguments carried: what was asked is withheld, never guessed.
  const level = CAPTURE_LEVELS.indexOf((event.capture ?? 'metadata') as Capture);
  if (args === undefined || (level >= 0 && level < CAPTURE_LEVELS.indexOf('redacted')))
    return { state: 'withheld', tool: shown, capture: displayLine(event.capture ?? 'metadata', 10) };
  const diff = editDiff(tool, args);
  return diff ? { state: 'diff', tool: shown, diff } : { state: 'unreadable', tool: shown };
}
