// `--file F`: Events from an AEP JSONL file (AEP-0003 §3.1: one Event per
// line; an adapter's session log or a capture) into the store, as history.
//
// A file's bytes are as hostile as a relay's: lines are bounded (a longer
// one is skipped to its end and counted), invalid lines are counted, an
// unsupported major version is skipped and reported once (§3.1.3), and a
// last line without its newline is "torn": held while following (the writer
// may be mid-line), counted when the read ends. The file is read from an
// offset, so following it (`tail -f`) re-reads nothing; a file that shrinks
// was rewritten and is read again from the start (dedupe absorbs the overlap).

import { closeSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { countUndecodable, ingestEvent } from '../store/intake.js';
import { MAX_EVENT_BYTES } from '../protocol/parse.js';
import { displayLine } from '../protocol/sanitize.js';
import { fileRelayKey } from '../store/file-relay.js';
import type { ConsoleStore } from '../store/store.js';
import { openRegularFile } from './regular-file.js';

const CHUNK = 64 * 1024;
/** Bytes read per `readAvailable` call: a huge file is read over several polls, never all at once. */
const MAX_READ_PER_CALL = 64 * 1024 * 1024;

export interface JsonlCounts {
  lines: number;
  events: number;
  /** Lines that were not a JSON object or broke an envelope rule. */
  invalid: number;
  /** Lines longer than an Event may be. */
  oversize: number;
  /** Lines of an unsupported major version, skipped. */
  skipped: number;
  /** A last line without its newline (counted at `finish`). */
  torn: number;
}

export class JsonlFile {
  readonly relay: string;
  readonly counts: JsonlCounts = { lines: 0, events: 0, invalid: 0, oversize: 0, skipped: 0, torn: 0 };
  private offset = 0;
  private decoder = new StringDecoder('utf8');
  private partial = '';
  private skipping = false;
  private readonly versionsReported = new Set<string>();

  constructor(
    /** Absolute path (the store's relay key is derived from it). */
    readonly path: string,
    private readonly store: ConsoleStore,
    /** Bytes one `readAvailable` reads at most (tests lower it to cross the budget cheaply). */
    private readonly readPerCall = MAX_READ_PER_CALL,
  ) {
    this.relay = fileRelayKey(path);
    store.addRelay(this.relay);
    store.updateRelay(this.relay, { connection: { kind: 'live' }, file: { path, following: false }, readVia: 'file' });
  }

  /** Whether the last read stopped at its budget with more of the file left to read. */
  more = false;

  /** Reads what the file holds past the last read; false when it cannot be read (said on the status line). */
  readAvailable(): boolean {
    // The name may have been replaced by a FIFO since start-up: opened
    // non-blocking and refused, never waited on (that froze the keys).
    const opened = openRegularFile(this.path);
    if (!opened.ok) {
      this.more = false;
      this.store.warnRelay(this.relay, `the file ${opened.reason}`);
      return false;
    }
    const { fd, size } = opened;
    try {
      if (size < this.offset) {
        this.store.warnRelay(this.relay, 'the file shrank (rewritten?): read again from its start');
        this.offset = 0;
        this.partial = '';
        this.skipping = false;
        this.decoder = new StringDecoder('utf8');
      }
      const buffer = Buffer.alloc(CHUNK);
      let budget = this.readPerCall;
      this.store.batch(() => {
        while (budget > 0) {
          const got = readSync(fd, buffer, 0, CHUNK, this.offset);
          if (got <= 0) break;
          this.offset += got;
          budget -= got;
          this.take(this.decoder.write(buffer.subarray(0, got)));
        }
      });
      this.more = budget <= 0 && this.offset < size;
      return true;
    } catch (error) {
      this.more = false;
      this.store.warnRelay(this.relay, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return false;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * The whole file as it is now, however large (`list`): budget after budget,
   * each applied to the store before the next, so memory holds one chunk of
   * text, never the file.
   */
  readToEnd(): boolean {
    let readable = this.readAvailable();
    while (readable && this.more) readable = this.readAvailable();
    return readable;
  }

  /** The read is over (list, or the console quits): a held partial line is torn. */
  finish(): void {
    const rest = this.partial + this.decoder.end();
    this.partial = '';
    if (rest.trim() !== '' || this.skipping) {
      this.counts.torn++;
      this.store.warnRelay(this.relay, 'its last line is torn (no newline): not read');
    }
    this.skipping = false;
  }

  setFollowing(following: boolean): void {
    this.store.updateRelay(this.relay, {
      file: { path: this.path, following },
      connection: following ? { kind: 'live' } : { kind: 'closed' },
    });
  }

  private take(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const piece = text.slice(start, end);
      start = end + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const line = this.partial + piece;
      this.partial = '';
      this.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (this.skipping) return;
    this.partial += text.slice(start);
    if (this.partial.length > MAX_EVENT_BYTES) {
      // Longer than any Event may be: not buffered, skipped to its newline.
      this.partial = '';
      this.skipping = true;
      this.counts.lines++;
      this.counts.oversize++;
      countUndecodable(this.store, this.relay);
    }
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    this.counts.lines++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.counts.invalid++;
      countUndecodable(this.store, this.relay);
      return;
    }
    const version = typeof value === 'object' && value !== null ? (value as { aep?: unknown }).aep : undefined;
    if (typeof version === 'string' && !version.startsWith('0.')) {
      // §3.1.3: skip the line, report the version once.
      this.counts.skipped++;
      if (!this.versionsReported.has(version) && this.versionsReported.size < 20) {
        this.versionsReported.add(version);
        this.store.warnRelay(this.relay, `skipped lines of AEP ${displayLine(version, 20)} (the console reads 0.1)`);
      }
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.counts.invalid++;
      countUndecodable(this.store, this.relay);
      return;
    }
    if (ingestEvent(this.store, this.relay, line, true, value as Record<string, unknown>)) this.counts.events++;
    else this.counts.invalid++;
  }
}

/** Summary for `list`'s last line and stderr: what the file held and what was wrong with it. */
export function describeCounts(counts: JsonlCounts): string {
  const parts = [`${counts.events} events from ${counts.lines} lines`];
  if (counts.invalid) parts.push(`${counts.invalid} invalid`);
  if (counts.oversize) parts.push(`${counts.oversize} too long`);
  if (counts.skipped) parts.push(`${counts.skipped} of another AEP version skipped`);
  if (counts.torn) parts.push('last line torn');
  return parts.join(', ');
}

/** Follows growing files for the console: polls (fs.watch misses appends on some filesystems and over NFS). */
export class JsonlFollower {
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    readonly files: JsonlFile[],
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    for (const file of this.files) {
      file.readAvailable();
      file.setFollowing(true);
    }
    this.timer = setInterval(() => {
      for (const file of this.files) file.readAvailable();
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const file of this.files) file.setFollowing(false);
  }
}
