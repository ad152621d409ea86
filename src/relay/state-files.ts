// The console's state directory holds answers it will send with the
// operator's token, so nothing there is trusted unless only the operator
// could have put it there: the directory and every file must be the user's
// own (uid), not a symlink, not a special file (a FIFO planted there must
// never block start-up), and not writable by group or others. Files are
// opened with O_NOFOLLOW | O_NONBLOCK and checked on the open descriptor
// (fstat), so what is checked is what is read.

import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';

// Windows has neither the flags nor POSIX owners and modes: the checks that
// cannot be made there are skipped (the console targets Linux and macOS).
const POSIX = process.platform !== 'win32';
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

function myUid(): number | undefined {
  return POSIX && typeof process.getuid === 'function' ? process.getuid() : undefined;
}

function kindOf(stat: Stats): string {
  if (stat.isSymbolicLink()) return 'a symlink';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isDirectory()) return 'a directory';
  return 'a special file';
}

/** Why `stat` is not fit to trust as a `want`, or undefined when it is. */
export function unfitBecause(stat: Stats, want: 'directory' | 'file'): string | undefined {
  const isWanted = want === 'directory' ? stat.isDirectory() : stat.isFile();
  if (!isWanted || stat.isSymbolicLink()) return `${kindOf(stat)}, not a ${want === 'file' ? 'regular file' : 'directory'}`;
  const uid = myUid();
  if (uid !== undefined && stat.uid !== uid) return `owned by uid ${stat.uid}, not by you (uid ${uid})`;
  if (POSIX && (stat.mode & 0o022) !== 0) {
    const who = (stat.mode & 0o020 ? ['group'] : []).concat(stat.mode & 0o002 ? ['others'] : []).join(' and ');
    return `writable by ${who} (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')})`;
  }
  return undefined;
}

/** checkDir's word for a directory that does not exist (and was not to be made). */
export const MISSING = 'missing';

/**
 * Checks the directory `path` (lstat: a symlink is never followed), making it
 * (0700) when it does not exist and `create` is set. Undefined when it is
 * fit; else why not, in words for "<dir> is <why>".
 */
export function checkDir(path: string, create: boolean): string | undefined {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return `not readable (${code ?? 'error'})`;
    if (!create) return MISSING;
    try {
      mkdirSync(path, { recursive: true, mode: 0o700 });
      stat = lstatSync(path);
    } catch (made) {
      return `not creatable (${(made as NodeJS.ErrnoException).code ?? 'error'})`;
    }
  }
  return unfitBecause(stat, 'directory');
}

export type ReadResult = { ok: true; text: string } | { ok: false; why: string };

/** Reads a file the user owns, never following a symlink and never blocking on a FIFO; at most `maxBytes`. */
export function readOwnFile(path: string, maxBytes: number): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW on a symlink fails with ELOOP (EMLINK on some BSDs).
    return { ok: false, why: code === 'ELOOP' || code === 'EMLINK' ? 'a symlink, not a regular file' : `not readable (${code ?? 'error'})` };
  }
  try {
    const stat = fstatSync(fd);
    const unfit = unfitBecause(stat, 'file');
    if (unfit) return { ok: false, why: unfit };
    if (stat.size > maxBytes) return { ok: false, why: `too large (${stat.size} bytes)` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { ok: true, text: buffer.subarray(0, read).toString('utf8') };
  } catch (error) {
    return { ok: false, why: `not readable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to `path` durably (0600): a fresh temp file (O_EXCL, so a
 * planted name is never written through), flushed, then renamed into place.
 */
export function writeOwnFile(path: string, text: string): void {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o600);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true }); // a half-written temp file is never left behind
    throw error;
  }
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
