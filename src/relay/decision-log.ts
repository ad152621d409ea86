// The decision history on disk: `$XDG_STATE_HOME/aep-console/history.jsonl`
// (0600), one line per decision and one per outcome (store/decisions.ts),
// only ever appended. It follows the outbox's ownership rules
// (state-files.ts): the directory and the file must be the operator's own,
// not a symlink or a special file, not writable by group or others;
// otherwise nothing is read or written there, and that is said. At 10 MB the
// file is rotated to `history.jsonl.1` (one previous file kept). Every string
// has the known secrets taken out before it is written: the token never
// reaches the disk, whatever a relay echoed into a prompt.

import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../protocol/redact.js';
import type { DecisionLine, OutcomeLine } from '../store/decisions.js';
import { foldDecisions, type FoldResult } from '../store/decision-fold.js';
import { MISSING, checkDir, readOwnFile, unfitBecause } from './state-files.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

export const HISTORY_FILE = 'history.jsonl';
/** Rotated at this size. */
export const MAX_HISTORY_BYTES = 10 * 1024 * 1024;
/** One line at most (a form answer with long texts, a long prompt): a longer one is cut to its essentials. */
const MAX_LINE_BYTES = 64 * 1024;

export interface LogRead extends FoldResult {
  /** Why a file was not read ("<file> is <why>"), one per file. */
  problems: string[];
}

export type AppendResult = { ok: true } | { ok: false; why: string };

export class DecisionLog {
  readonly file: string;
  readonly previous: string;
  private readonly maxBytes: number;
  /** Whether this process has checked the file ends with a newline (a torn line left by a crash is closed off first). */
  private tailChecked = false;

  constructor(
    readonly dir: string,
    options: { maxBytes?: number } = {},
  ) {
    this.file = join(dir, HISTORY_FILE);
    this.previous = `${this.file}.1`;
    this.maxBytes = options.maxBytes ?? MAX_HISTORY_BYTES;
  }

  /** Appends lines (one write). Never throws. */
  append(lines: readonly (DecisionLine | OutcomeLine)[]): AppendResult {
    if (!lines.length) return { ok: true };
    const text = lines.map(serialize).join('');
    const dirWhy = checkDir(this.dir, true);
    if (dirWhy) return { ok: false, why: `${this.dir} is ${dirWhy}` };
    const opened = this.openForAppend();
    if (typeof opened === 'string') return { ok: false, why: opened };
    let fd: number | undefined = opened;
    try {
      let size = fstatSync(fd).size;
      if (size > 0 && size + Buffer.byteLength(text) > this.maxBytes) {
        closeSync(fd);
        fd = undefined;
        // The previous file goes; the current one becomes it; a fresh one starts (O_EXCL: never one planted meanwhile).
        renameSync(this.file, this.previous);
        fd = openSync(this.file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o600);
        size = 0;
        this.tailChecked = true;
      }
      let out = text;
      if (!this.tailChecked) {
        this.tailChecked = true;
        if (size > 0 && !endsWithNewline(fd, size)) out = `\n${text}`;
      }
      writeSync(fd, out);
      fsyncSync(fd);
      return { ok: true };
    } catch (error) {
      return { ok: false, why: `${this.file} could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    } finally {
      if (typeof fd === 'number') closeSync(fd);
    }
  }

  /** Opens the file to append (made 0600 if missing), checked on the open descriptor; a string says why not. */
  private openForAppend(): number | string {
    let fd: number;
    try {
      // Read and write: the last byte is read once, to close off a line a crash left torn.
      fd = openSync(this.file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // O_NOFOLLOW on a symlink: ELOOP (EMLINK on some BSDs); a FIFO or socket without a reader: ENXIO.
      const why = code === 'ELOOP' || code === 'EMLINK' ? 'a symlink, not a regular file' : code === 'ENXIO' ? 'a FIFO or a socket, not a regular file' : `not writable (${code ?? 'error'})`;
      return `${this.file} is ${why}`;
    }
    const why = unfitBecause(fstatSync(fd), 'file');
    if (why) {
      closeSync(fd);
      return `${this.file} is ${why}`;
    }
    return fd;
  }

  /** Reads both files (previous first) and folds them; a file not the operator's own is not read, and named. */
  read(): LogRead {
    const problems: string[] = [];
    const dirWhy = checkDir(this.dir, false);
    if (dirWhy === MISSING) return { decisions: [], skipped: 0, torn: false, problems };
    if (dirWhy) return { decisions: [], skipped: 0, torn: false, problems: [`${this.dir} is ${dirWhy}`] };
    const texts: string[] = [];
    for (const file of [this.previous, this.file]) {
      const read = readOwnFile(file, this.maxBytes + MAX_LINE_BYTES * 4);
      if (read.ok) texts.push(read.text);
      else if (read.why !== 'not readable (ENOENT)') problems.push(`${file} is ${read.why}`);
    }
    return { ...foldDecisions(texts), problems };
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}

/** One line of JSON, every string redacted; an oversized line keeps its keys and loses its long texts. */
function serialize(line: DecisionLine | OutcomeLine): string {
  const json = (value: unknown, cap?: number) =>
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? redact(cap !== undefined && v.length > cap ? `${v.slice(0, cap)}… (cut)` : v) : v));
  let text = json(line);
  if (Buffer.byteLength(text) > MAX_LINE_BYTES) text = json(line, 2000);
  return `${text}\n`;
}
