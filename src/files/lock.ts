// A lock beside a file, so two consoles saving rules at once lose neither:
// `.<name>.aep-console.lock`, made with O_EXCL, holding the marker, the
// owner's pid and its start time (leftovers.ts). The holder
// re-reads the file, changes it and renames the new text into place before
// letting go. A lock whose owner is gone (a crash) is taken over; a lock
// held longer than any save takes is broken. Waiting is bounded and short
// (a save takes milliseconds), and done without spinning the CPU.

import { closeSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { lockOwner, lockText, ownerRuns, OWN_MARK } from './leftovers.js';
import { processAlive } from './process-start.js';
import { errorCode } from './trust.js';
import { writeAll } from './write.js';

const STALE_MS = 10_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

export function lockPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${OWN_MARK}.lock`);
}

function stale(lock: string, alive: (pid: number) => boolean): boolean {
  try {
    const owner = lockOwner(readFileSync(lock, 'utf8').slice(0, 100));
    if (owner && owner.pid !== process.pid && !ownerRuns(owner.pid, owner.start, alive)) return true;
    return Date.now() - statSync(lock).mtimeMs > STALE_MS;
  } catch {
    return false; // gone meanwhile (the next try takes it), or unreadable (waited out)
  }
}

export type Locked<T> = { ok: true; value: T } | { ok: false; why: string };

/** Runs `fn` holding the lock for `path`; waits at most `waitMs` for another holder. */
export function withLock<T>(
  path: string,
  fn: () => T,
  options: { waitMs?: number; alive?: (pid: number) => boolean } = {},
): Locked<T> {
  const lock = lockPath(path);
  const alive = options.alive ?? processAlive;
  const deadline = Date.now() + (options.waitMs ?? 2000);
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') return { ok: false, why: `cannot be locked (${errorCode(error)})` };
    }
    if (fd !== undefined) {
      try {
        writeAll(fd, lockText());
      } finally {
        closeSync(fd);
      }
      try {
        return { ok: true, value: fn() };
      } finally {
        try {
          unlinkSync(lock);
        } catch {
          // broken by someone who thought it stale: nothing to release
        }
      }
    }
    if (stale(lock, alive)) {
      try {
        unlinkSync(lock);
      } catch {
        // another waiter broke it first
      }
      continue;
    }
    if (Date.now() >= deadline) return { ok: false, why: 'is locked by another console' };
    Atomics.wait(sleeper, 0, 0, 5);
  }
}
