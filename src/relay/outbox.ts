// The durable outbox (issue 14): every answer the operator gives is written
// to disk (mode 0600, fsync'd) before it goes on the wire, and removed once
// the agent acknowledges it or its request closes. A console stopped by
// SIGTERM, a crash or a reboot leaves its unacknowledged answers behind; the
// next console for the same relay resends those whose request is still open,
// with their original command ids (the target dedupes, AEP-0004 §3), and
// drops the others, saying so either way.
//
// One file per answer, `<relay hash>-<command id>.<owner pid>.json`, in
// `$XDG_STATE_HOME/aep-console/outbox/` (0700). Ownership is the lock: a
// console only takes over files whose owner process is gone, and takes them
// by renaming them to its own pid, which is atomic: of two consoles starting
// at once, exactly one gets each answer, so nothing is sent twice.

import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { AepEvent, Answer } from '../protocol/types.js';

/** One journaled answer. */
export interface JournaledAnswer {
  relay: string;
  requestKey: string;
  event: AepEvent;
  answer: Answer;
  ackWindowMs: number;
  createdAt: number;
}

export interface OutboxOptions {
  /** This process (tests play several consoles in one process). */
  pid?: number;
  /** Is the process that owns a file still running? */
  alive?: (pid: number) => boolean;
  /** Answers held at once; past it an answer is still sent, but not journaled (and that is said). */
  maxEntries?: number;
  /** Largest journal entry in bytes (a form answer with long texts). */
  maxEntryBytes?: number;
}

const ENTRY = /^([0-9a-f]{16})-([0-9A-Za-z_-]{1,128})\.(\d{1,10})\.json$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function relayHash(relay: string): string {
  return createHash('sha256').update(relay).digest('hex').slice(0, 16);
}

function isEntry(value: unknown): value is JournaledAnswer {
  const v = value as Partial<JournaledAnswer> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.relay === 'string' && typeof v.requestKey === 'string' &&
    typeof v.event === 'object' && v.event !== null && typeof v.event.id === 'string' && typeof v.answer === 'object' && v.answer !== null &&
    typeof v.ackWindowMs === 'number' && typeof v.createdAt === 'number'
  );
}

export class Outbox {
  readonly dir: string;
  private readonly pid: number;
  private readonly alive: (pid: number) => boolean;
  private readonly maxEntries: number;
  private readonly maxEntryBytes: number;
  /** command id → the file this console owns for it. */
  private readonly owned = new Map<string, string>();

  constructor(stateDir: string, options: OutboxOptions = {}) {
    this.dir = join(stateDir, 'outbox');
    this.pid = options.pid ?? process.pid;
    this.alive = options.alive ?? processAlive;
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
  }

  /** Journals an answer before it is sent: written, flushed to disk, then renamed into place. */
  record(entry: JournaledAnswer): { ok: true } | { ok: false; reason: string } {
    const id = entry.event.id;
    if (!/^[0-9A-Za-z_-]{1,128}$/.test(id)) return { ok: false, reason: 'command id unfit for a file name' };
    if (this.owned.size >= this.maxEntries) return { ok: false, reason: `${this.maxEntries} answers already waiting` };
    const text = JSON.stringify(entry);
    if (Buffer.byteLength(text) > this.maxEntryBytes) return { ok: false, reason: 'answer too large to journal' };
    const file = join(this.dir, `${relayHash(entry.relay)}-${id}.${this.pid}.json`);
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const temp = `${file}.tmp`;
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
      this.syncDir();
      this.owned.set(id, file);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: (error as NodeJS.ErrnoException).code ?? 'write failed' };
    }
  }

  /** The answer was acknowledged, or its request closed: forgotten for good. */
  clear(commandId: string): void {
    const file = this.owned.get(commandId);
    if (!file) return;
    this.owned.delete(commandId);
    try {
      unlinkSync(file);
    } catch {
      // already gone: the outcome is the same
    }
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
   * behind, oldest first. Unreadable entries are removed (they cannot be sent).
   */
  recover(relay: string): JournaledAnswer[] {
    const prefix = relayHash(relay);
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const found: JournaledAnswer[] = [];
    for (const name of names) {
      const match = ENTRY.exec(name);
      if (!match || match[1] !== prefix) continue;
      const owner = Number(match[3]);
      if (owner === this.pid || this.alive(owner)) continue;
      const mine = join(this.dir, `${match[1]}-${match[2]}.${this.pid}.json`);
      try {
        renameSync(join(this.dir, name), mine); // atomic: the one console that gets here first owns it
      } catch {
        continue;
      }
      let entry: unknown;
      try {
        const text = readFileSync(mine, 'utf8');
        entry = text.length <= this.maxEntryBytes ? JSON.parse(text) : undefined;
      } catch {
        entry = undefined;
      }
      if (!isEntry(entry) || entry.relay !== relay || entry.event.id !== match[2]) {
        this.unlink(mine);
        continue;
      }
      this.owned.set(entry.event.id, mine);
      found.push(entry);
    }
    this.syncDir();
    return found.sort((a, b) => a.createdAt - b.createdAt);
  }

  private unlink(file: string): void {
    try {
      unlinkSync(file);
    } catch {
      // gone already
    }
  }

  /** A rename is durable only once its directory is flushed too. */
  private syncDir(): void {
    try {
      const fd = openSync(this.dir, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch {
      // some file systems refuse fsync on a directory; the file itself is flushed
    }
  }
}
