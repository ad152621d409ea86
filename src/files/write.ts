// The one careful write, as an editor saves: a temporary file in the
// target's own directory (O_EXCL: a planted name is never written through),
// every byte written (a short write is retried, never taken for done),
// flushed, renamed over the target, and the directory flushed so the
// rename itself survives a power cut. A failed write removes its temporary
// file; a crash's leftovers (temporary files and locks, marked as the
// console's and named for the process that made them) are removed by the
// next console to look at the directory (leftovers.ts).

import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { OWN_MARK } from './leftovers.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;

/** A write that wrote nothing: the disk is full or the file system refuses more. */
export class ShortWrite extends Error {
  readonly code = 'ESHORT';
  constructor(wrote: number, wanted: number) {
    super(`short write: ${wrote} of ${wanted} bytes`);
  }
}

/** Writes all of `data` at the descriptor's offset, looping over short writes. */
export function writeAll(fd: number, data: string | Buffer): void {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  let done = 0;
  while (done < buffer.length) {
    const n = writeSync(fd, buffer, done, buffer.length - done);
    if (n <= 0) throw new ShortWrite(done, buffer.length);
    done += n;
  }
}

/**
 * The temporary name beside `path`: hidden, marked as the console's own (leftovers.ts), and named for this process so
 * a crash's leftover can be told from a live write.
 */
export function tempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${OWN_MARK}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

export { cleanLeftovers } from './leftovers.js';

/**
 * Writes `text` to `path` durably (`mode`, 0600 by default) through a temporary file and a rename. Throws on failure,
 * leaving nothing behind.
 */
export function writeFileCarefully(path: string, text: string, mode = 0o600): void {
  const temp = tempPath(path);
  const fd = openSync(temp, CREATE, mode);
  try {
    try {
      writeAll(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDir(dirname(path));
}

/**
 * Careful writes under way at once; the others wait their turn, first come
 * first served. Node's file system work runs on four threads, so a batch of
 * 50 answers is written no slower this way, but each write's next step (and
 * the answer sent once it is on disk) then runs as an earlier one finishes,
 * a few at a time, instead of all 50 at once in one turn of the event loop,
 * and the acknowledgements come back spread out the same way: a key typed
 * meanwhile never waits behind the whole batch.
 */
const WRITES_AT_ONCE = 4;
let writing = 0;
const waitingTurn: Array<() => void> = [];

/** Resolves once a write may start; the caller then calls `done` exactly once. */
function writeTurn(): Promise<void> {
  if (writing < WRITES_AT_ONCE) {
    writing++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waitingTurn.push(resolve));
}

function writeDone(): void {
  const next = waitingTurn.shift();
  // The turn passes straight to the next write waiting (the count stays as it is).
  if (next) next();
  else writing--;
}

/** The same write off the event loop (the outbox's journal: a batch of answers must not hold up a key's frame). */
export async function writeFileCarefullyAsync(path: string, text: string | Buffer, mode = 0o600): Promise<void> {
  await writeTurn();
  try {
    await writeCarefully(path, text, mode);
  } finally {
    writeDone();
  }
}

async function writeCarefully(path: string, text: string | Buffer, mode: number): Promise<void> {
  const temp = tempPath(path);
  const handle = await open(temp, CREATE, mode);
  try {
    try {
      const buffer = typeof text === 'string' ? Buffer.from(text) : text;
      let done = 0;
      while (done < buffer.length) {
        const { bytesWritten } = await handle.write(buffer, done, buffer.length - done, done);
        if (bytesWritten <= 0) throw new ShortWrite(done, buffer.length);
        done += bytesWritten;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirAsync(dirname(path));
}

/** A rename is durable only once its directory is flushed too. */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, constants.O_RDONLY | NOFOLLOW);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // some file systems refuse fsync on a directory; the file itself is flushed
  }
}

export async function syncDirAsync(dir: string): Promise<void> {
  try {
    const handle = await open(dir, constants.O_RDONLY | NOFOLLOW);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // as syncDir
  }
}
