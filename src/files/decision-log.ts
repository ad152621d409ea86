// The decision history on disk: `$XDG_STATE_HOME/aep-console/history.jsonl`
// (0600), one line per decision and one per outcome (store/decisions.ts),
// only ever appended. It follows the outbox's ownership rules
// (state-files.ts): the directory and the file must be the operator's own,
// not a symlink or a special file, not writable by group or others;
// otherwise nothing is read or written there, and that is said. At 10 MB the
// file is rotated to `history.jsonl.1` (one previous file kept, under a
// lock: two consoles rotating at once rotate once). Appends are written off
// the event loop, one at a time. Every string
// has the known secrets taken out before it is written: the token never
// reaches the disk, whatever a relay echoed into a prompt.

import { constants, lstatSync, renameSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { redact } from '../protocol/redact.js';
import type { DecisionLine, OutcomeLine } from '../store/decisions.js';
import { foldDecisions, type FoldResult } from '../store/decision-fold.js';
import { withLock } from './lock.js';
import { track } from './pending.js';
import { readOwnFile } from './read.js';
import { MISSING, checkDir, errorCode, unfitBecause } from './trust.js';
import { ShortWrite } from './write.js';

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
  /** Appends run one after another, in order. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    options: { maxBytes?: number } = {},
  ) {
    this.file = join(dir, HISTORY_FILE);
    this.previous = `${this.file}.1`;
    this.maxBytes = options.maxBytes ?? MAX_HISTORY_BYTES;
  }

  /**
   * Appends lines (one write), off the event loop and one append at a
   * time, in order. Never rejects; a stop waits for it (files/pending.ts).
   */
  append(lines: readonly (DecisionLine | OutcomeLine)[]): Promise<AppendResult> {
    const run = this.chain.then(() => this.appendNow(lines));
    this.chain = run;
    return track(run);
  }

  private async appendNow(lines: readonly (DecisionLine | OutcomeLine)[]): Promise<AppendResult> {
    if (!lines.length) return { ok: true };
    const text = lines.map(serialize).join('');
    const dirWhy = checkDir(this.dir, true);
    if (dirWhy) return { ok: false, why: `${this.dir} is ${dirWhy}` };
    let handle = await this.openForAppend();
    if (typeof handle === 'string') return { ok: false, why: handle };
    try {
      let size = (await handle.stat()).size;
      if (size > 0 && size + Buffer.byteLength(text) > this.maxBytes) {
        await handle.close();
        const rotated = this.rotate(Buffer.byteLength(text));
        handle = await this.openForAppend();
        if (typeof handle === 'string') return { ok: false, why: handle };
        if (!rotated.ok) return { ok: false, why: rotated.why };
        size = (await handle.stat()).size;
      }
      let out = text;
      if (!this.tailChecked) {
        this.tailChecked = true;
        if (size > 0 && !(await endsWithNewline(handle, size))) out = `\n${text}`;
      }
      const buffer = Buffer.from(out);
      let done = 0;
      while (done < buffer.length) {
        const { bytesWritten } = await handle.write(buffer, done, buffer.length - done);
        if (bytesWritten <= 0) throw new ShortWrite(done, buffer.length);
        done += bytesWritten;
      }
      await handle.sync();
      return { ok: true };
    } catch (error) {
      return { ok: false, why: `${this.file} could not be written (${errorCode(error)})` };
    } finally {
      if (typeof handle !== 'string') await handle.close().catch(() => {});
    }
  }

  /**
   * The current file becomes the previous one. Under a lock, and only if the
   * file is still too large once the lock is held: two consoles rotating at
   * once rotate once (the second would otherwise clobber the first's
   * previous file with a nearly empty one).
   */
  private rotate(adding: number): AppendResult {
    const locked = withLock(this.file, (): AppendResult => {
      let size: number;
      try {
        size = lstatSync(this.file).size;
      } catch {
        return { ok: true }; // rotated by another console meanwhile, its new file not made yet
      }
      if (size === 0 || size + adding <= this.maxBytes) return { ok: true };
      renameSync(this.file, this.previous);
      return { ok: true };
    });
    return locked.ok ? locked.value : { ok: false, why: `${this.file} could not be rotated (it ${locked.why})` };
  }

  /** Opens the file to append (made 0600 if missing), checked on the open descriptor; a string says why not. */
  private async openForAppend(): Promise<FileHandle | string> {
    let handle: FileHandle;
    try {
      // Read and write: the last byte is read once, to close off a line a crash left torn.
      handle = await open(
        this.file,
        constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK,
        0o600,
      );
    } catch (error) {
      const code = errorCode(error);
      // O_NOFOLLOW on a symlink: ELOOP (EMLINK on some BSDs); a FIFO or socket without a reader: ENXIO.
      const why =
        code === 'ELOOP' || code === 'EMLINK'
          ? 'a symlink, not a regular file'
          : code === 'ENXIO'
            ? 'a FIFO or a socket, not a regular file'
            : `not writable (${code})`;
      return `${this.file} is ${why}`;
    }
    const why = unfitBecause(await handle.stat(), 'file');
    if (why) {
      await handle.close();
      return `${this.file} is ${why}`;
    }
    return handle;
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

async function endsWithNewline(handle: FileHandle, size: number): Promise<boolean> {
  const last = Buffer.alloc(1);
  const { bytesRead } = await handle.read(last, 0, 1, size - 1);
  return bytesRead === 1 && last[0] === 0x0a;
}

/** One line of JSON, every string redacted; an oversized line keeps its keys and loses its long texts. */
function serialize(line: DecisionLine | OutcomeLine): string {
  const json = (value: unknown, cap?: number) =>
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'string' ? redact(cap !== undefined && v.length > cap ? `${v.slice(0, cap)}… (cut)` : v) : v,
    );
  let text = json(line);
  if (Buffer.byteLength(text) > MAX_LINE_BYTES) text = json(line, 2000);
  return `${text}\n`;
}
