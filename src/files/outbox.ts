// The durable outbox: every answer the operator gives is written
// to disk (mode 0600, fsync'd) before it goes on the wire, and removed once
// the agent acknowledges it or its request is shown closed. A console stopped
// by SIGTERM, a crash or a reboot leaves its unacknowledged answers behind;
// the next console for the same relay takes them over and, once a complete
// replay shows their requests (outbox-recovery.ts), resends those still open
// with their original command ids (the target dedupes, AEP-0004 §3) and drops
// those shown closed, saying so either way.
//
// These files are answers sent with the operator's token, so the directory
// and every file must be the operator's own (state-files.ts):
// otherwise the console neither reads nor writes there (answers are still
// sent, from memory) and says why.
//
// One file per answer, in `$XDG_STATE_HOME/aep-console/outbox/` (0700),
// named for its relay, command id and owner (outbox-names.ts). Ownership is
// the lock: a console only takes over files whose owner process is gone, and
// takes them by renaming them to its own name, which is atomic: of two
// consoles starting at once, exactly one gets each answer.

import { mkdirSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive, processStart } from './process-start.js';
import { track } from './pending.js';
import { readOwnFile } from './read.js';
import { checkDir, MISSING } from './trust.js';
import { cleanLeftovers, syncDir, writeFileCarefullyAsync } from './write.js';
import { canonicalRelay } from '../protocol/relay-url.js';
import { entryName, heldByLive, parseEntryName, relayHash, type Owner } from './outbox-names.js';
import { agreesWithItsRequest, isEntry, type JournaledAnswer, type Recovery } from './outbox-entry.js';

export type { JournaledAnswer, Recovery } from './outbox-entry.js';

export interface OutboxOptions {
  /** This process (tests play several consoles in one process). */
  pid?: number;
  /** This process's start time (process-start.ts); undefined where it cannot be read. */
  start?: string;
  /** Is the process that owns a file still running? */
  alive?: (pid: number) => boolean;
  /** The start time of a running process (undefined: unknown, and then liveness alone decides). */
  startOf?: (pid: number) => string | undefined;
  /** The relays this console watches: saved answers for any other relay are counted, never touched. */
  relays?: readonly string[];
  /** Answers held at once; past it an answer is still sent, but not journaled (and that is said). */
  maxEntries?: number;
  /** Largest journal entry in bytes (a form answer with long texts). */
  maxEntryBytes?: number;
}

/** Names looked at per scan: a directory stuffed with files cannot stall start-up. */
const MAX_SCAN = 10_000;
export const KEPT_ASIDE = 'kept-aside';

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone: the outcome is the same
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export class Outbox {
  readonly stateDir: string;
  readonly dir: string;
  /** This console: pid and start time. */
  private readonly me: Owner;
  private readonly alive: (pid: number) => boolean;
  private readonly startOf: (pid: number) => string | undefined;
  private readonly watched: string[];
  private readonly maxEntries: number;
  private readonly maxEntryBytes: number;
  /** command id → the file this console owns for it. */
  private readonly owned = new Map<string, string>();
  /** Why the directory is not trusted ("<dir> is <why>"), as last checked. */
  private problem?: string;
  /** check(true) was made in this synchronous run (checkOncePerTask). */
  private checkedThisTask = false;
  /** Told when `problem` changes (every relay's status line says it). */
  private readonly problemListeners: Array<() => void> = [];
  /** canonical relay → what the last recovery found (for the status line). */
  private readonly found = new Map<string, Omit<Recovery, 'entries' | 'unfit'>>();

  constructor(stateDir: string, options: OutboxOptions = {}) {
    this.stateDir = stateDir;
    this.dir = join(stateDir, 'outbox');
    this.startOf = options.startOf ?? processStart;
    const pid = options.pid ?? process.pid;
    const start = 'start' in options ? options.start : this.startOf(pid);
    this.me = start === undefined ? { pid } : { pid, start };
    this.alive = options.alive ?? processAlive;
    this.watched = (options.relays ?? []).map(canonicalRelay);
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
  }

  /**
   * Checks the state directory and the outbox in it (made, 0700, when
   * `create`; a console that never answers leaves no trace): undefined when
   * both are the operator's own or not there yet, else "<dir> is <why>".
   * Checked again before every read and write.
   */
  check(create = false): string | undefined {
    let why: string | undefined;
    for (const dir of [this.stateDir, this.dir]) {
      const unfit = checkDir(dir, create);
      if (unfit === MISSING) break; // nothing there: nothing to distrust, nothing to read
      if (unfit) {
        why = `${dir} is ${unfit}`;
        break;
      }
    }
    const changed = why !== this.problem;
    this.problem = why;
    if (changed) for (const listener of this.problemListeners) listener();
    return why;
  }

  /**
   * check(true), made once per synchronous run: a batch journals its 50
   * answers in one loop of the key that confirmed it, and the directory is
   * the same for all of them (each write still makes the file's own checks,
   * writeFileCarefullyAsync). Anything after that loop (the next microtask
   * on) checks again.
   */
  private checkOncePerTask(): string | undefined {
    if (this.checkedThisTask) return this.problem;
    this.checkedThisTask = true;
    queueMicrotask(() => (this.checkedThisTask = false));
    return this.check(true);
  }

  /** `listener` is called whenever the directory turns unfit, or fit again. */
  onProblem(listener: () => void): void {
    this.problemListeners.push(listener);
  }

  /** The status-line notes about saved answers for `relay` (empty when there is nothing to say). */
  notes(relay: string): string[] {
    if (this.problem) return [`answers are not saved to disk: ${this.problem}`];
    const found = this.found.get(canonicalRelay(relay));
    if (!found) return [];
    const out: string[] = [];
    if (found.held)
      out.push(`${plural(found.held, 'saved answer is', 'saved answers are')} held by another running console`);
    if (found.keptAside.length) {
      const why = [...new Set(found.keptAside.map((k) => k.why))].slice(0, 2).join('; ');
      out.push(
        `${plural(found.keptAside.length, 'saved answer file was', 'saved answer files were')} ` +
          `unreadable (${why}): kept aside in ${join(this.dir, KEPT_ASIDE)}`,
      );
    }
    if (found.unwatched)
      out.push(
        `${plural(found.unwatched, 'saved answer is', 'saved answers are')} for relays this console does not watch (${this.dir})`,
      );
    return out;
  }

  /**
   * Journals an answer before it is sent: written, flushed to disk, then
   * renamed into place, off the event loop (a batch of answers must not
   * hold up a key's frame). The caller sends once this resolves; a stop
   * waits for it (files/pending.ts).
   */
  async record(entry: JournaledAnswer): Promise<{ ok: true } | { ok: false; reason: string; unfit?: boolean }> {
    const id = entry.event.id;
    if (!/^[0-9A-Za-z_-]{1,128}$/.test(id)) return { ok: false, reason: 'command id unfit for a file name' };
    if (this.owned.size >= this.maxEntries) return { ok: false, reason: `${this.maxEntries} answers already waiting` };
    const text = JSON.stringify(entry);
    if (Buffer.byteLength(text) > this.maxEntryBytes) return { ok: false, reason: 'answer too large to journal' };
    const unfit = this.checkOncePerTask();
    if (unfit) return { ok: false, reason: unfit, unfit: true };
    // The id is checked above (no separator, no dot segment): the name is joined without normalizing.
    const file = `${this.dir}/${entryName(relayHash(entry.relay), id, this.me)}`;
    this.owned.set(id, file);
    try {
      await track(writeFileCarefullyAsync(file, text));
    } catch (error) {
      if (this.owned.get(id) === file) this.owned.delete(id);
      return { ok: false, reason: (error as NodeJS.ErrnoException).code ?? 'write failed' };
    }
    // Settled (acknowledged, or its request closed) while the write was under way: not needed on disk.
    if (this.owned.get(id) !== file) unlinkQuietly(file);
    return { ok: true };
  }

  /** The answer was acknowledged, or its request shown closed, or dropped: forgotten for good. */
  clear(commandId: string): void {
    const file = this.owned.get(commandId);
    if (!file) return;
    this.owned.delete(commandId);
    unlinkQuietly(file);
  }

  /** Whether this console holds `commandId` in its journal. */
  holds(commandId: string): boolean {
    return this.owned.has(commandId);
  }

  /** The ids this console holds. */
  ids(): string[] {
    return [...this.owned.keys()];
  }

  /**
   * Takes over the answers for `relay` that a console no longer running left
   * behind, oldest first. Unreadable or torn files are moved aside and
   * reported, never sent and never deleted; files of running consoles and of
   * other relays are counted, not touched. Nothing at all is read from a
   * directory that is not the operator's own.
   */
  recover(relay: string): Recovery {
    const mine = relayHash(relay);
    const result: Recovery = { entries: [], held: 0, keptAside: [], unwatched: 0 };
    const unfit = this.check();
    if (unfit) return { ...result, unfit };
    // A crash mid-write left a temporary file: removed (its answer was never sent: a send waits for its journal).
    cleanLeftovers(this.dir, this.alive);
    let names: string[];
    try {
      names = readdirSync(this.dir).slice(0, MAX_SCAN);
    } catch {
      return result;
    }
    const watched = new Set(this.watched.map(relayHash));
    for (const name of names) {
      const parsed = parseEntryName(name);
      if (!parsed) continue;
      const { hash, id, owner } = parsed;
      if (hash !== mine) {
        if (!watched.has(hash)) result.unwatched++;
        continue;
      }
      if (this.owned.has(id)) continue;
      if (heldByLive(owner, this.me, this.alive, this.startOf)) {
        result.held++;
        continue;
      }
      const taken = join(this.dir, entryName(hash, id, this.me));
      try {
        renameSync(join(this.dir, name), taken); // atomic: the one console that gets here first owns it
      } catch {
        continue;
      }
      const entry = this.readTaken(taken, relay, id);
      if (typeof entry === 'string') {
        result.keptAside.push({ name, why: entry });
        this.putAside(taken, name);
        continue;
      }
      this.owned.set(id, taken);
      result.entries.push(entry);
    }
    syncDir(this.dir);
    this.found.set(canonicalRelay(relay), {
      held: result.held,
      keptAside: result.keptAside,
      unwatched: this.isFirstWatched(relay) ? result.unwatched : 0,
    });
    result.entries.sort((a, b) => a.createdAt - b.createdAt);
    return result;
  }

  /** A file just taken over: its saved answer for `relay` and command `id`, or why it is not one. */
  private readTaken(taken: string, relay: string, id: string): JournaledAnswer | string {
    const read = readOwnFile(taken, this.maxEntryBytes);
    if (!read.ok) return read.why || 'not a saved answer';
    let entry: unknown;
    try {
      entry = JSON.parse(read.text);
    } catch {
      return 'torn: not complete JSON';
    }
    if (!isEntry(entry) || canonicalRelay(entry.relay) !== canonicalRelay(relay) || entry.event.id !== id)
      return 'not a saved answer for this relay';
    return agreesWithItsRequest(entry, relay) ? entry : "its command's session or subject is not its request's";
  }

  /** The unwatched count is said once, on the first relay this console watches. */
  private isFirstWatched(relay: string): boolean {
    return this.watched.length === 0 || this.watched[0] === canonicalRelay(relay);
  }

  /** Keeps an unreadable file out of the journal without destroying what it holds. */
  private putAside(file: string, originalName: string): void {
    const aside = join(this.dir, KEPT_ASIDE);
    try {
      mkdirSync(aside, { mode: 0o700 });
    } catch {
      // exists already (checked below) or cannot be made
    }
    try {
      if (checkDir(aside, false)) throw new Error('unfit');
      renameSync(file, join(aside, `${originalName}.torn`));
    } catch {
      // No safe place for it: renamed in place so it is never taken as an answer again.
      try {
        renameSync(file, `${file}.torn`);
      } catch {
        // gone meanwhile
      }
    }
  }
}
