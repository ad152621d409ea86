// V8's code cache of the shipped bundle, kept between runs: with it the
// bundle's functions are read back compiled instead of parsed and compiled
// again, most of what a start costs after Node's own (docs/performance.md).
//
// One file, `$XDG_CACHE_HOME/aep-console/code-cache` (else
// `~/.cache/aep-console/`), trusted as the console's state is: the directory
// and the file the user's own, writable by no one else, the file opened
// without following a symlink and without blocking (a FIFO under the name
// never stalls a start). V8 checks the data against its own version and
// flags, but against the source only by its length (another source of that
// length would run the old code), and not at all against damage (a flipped
// bit crashes V8, or worse, computes wrongly). So the file also holds the
// bundle's bytes the data was made from, and the data twice, and is used
// only when the bytes are the bundle's now and the two copies are the same
// (damage to a file on disk does not strike both copies alike; a write cut
// short leaves the lengths wrong). The second copy replaced a CRC-32: the
// checksum needed zlib, whose load (1.5 ms) cost twice what reading the
// second megabyte does, before the first frame.
// Anything else (missing, not trusted, another bundle's, damaged, too
// large) is no cache: the bundle compiles as it would without one, and once
// the first frame is drawn a new cache is written where the directory is fit
// for one (the user's own, writable by no one else). Two installs of
// different versions share the one file, each replacing the other's.
// A temporary file a crashed write left is removed by the next write when
// the process named in it is gone (on this host: a home shared between
// hosts could lose a write under way to it, and with it only a cache).

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { checkDir, unfitBecause } from '../files/trust.js';

const MAGIC = Buffer.from('aep-console code cache 3\n');
/** After the magic: the bundle's length, then the data's. */
const HEADER = MAGIC.length + 8;
/** V8's data is about the size of the source; a file much larger than both is not one of ours. */
const MAX_DATA = 64 * 1024 * 1024;

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The cache's directory, or undefined when there is no home to put it in. */
export function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/')) return join(env.XDG_CACHE_HOME, 'aep-console');
  let home = env.HOME;
  try {
    home ||= homedir();
  } catch {
    return undefined;
  }
  return home ? join(home, '.cache', 'aep-console') : undefined;
}

export const CACHE_FILE = 'code-cache';

/** The file's bytes: the magic, the bundle's length, the data's, the bundle's bytes, then V8's data twice. */
export function cacheBytes(source: Buffer, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32LE(source.length, 0);
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([MAGIC, header, source, data, data]);
}

/** V8's data in `bytes` when they were made from `source` and the data is whole (its two copies alike), else undefined. */
export function dataFor(bytes: Buffer, source: Buffer): Buffer | undefined {
  if (bytes.length <= HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const length = bytes.readUInt32LE(MAGIC.length);
  const dataLength = bytes.readUInt32LE(MAGIC.length + 4);
  if (length !== source.length || dataLength === 0 || bytes.length !== HEADER + length + 2 * dataLength)
    return undefined;
  if (!bytes.subarray(HEADER, HEADER + length).equals(source)) return undefined;
  const data = bytes.subarray(HEADER + length, HEADER + length + dataLength);
  return data.equals(bytes.subarray(HEADER + length + dataLength)) ? data : undefined;
}

/** Reads the cache in `dir` for `source`: V8's data, or undefined when there is none to trust. Never throws. */
export function readCache(dir: string, source: Buffer): Buffer | undefined {
  if (checkDir(dir, false) !== undefined) return undefined;
  let fd: number;
  try {
    fd = openSync(join(dir, CACHE_FILE), constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (unfitBecause(stat, 'file') !== undefined) return undefined;
    if (stat.size > HEADER + source.length + 2 * MAX_DATA) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n <= 0) break;
      read += n;
    }
    return dataFor(bytes.subarray(0, read), source);
  } catch {
    return undefined;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // nothing more to do with it
    }
  }
}

/**
 * Writes the cache for `source` into `dir` (made 0700 when missing), off the
 * event loop, through a temporary file and a rename (files/write.ts), 0600.
 * Resolves whether it was written; never rejects.
 */
export async function writeCache(dir: string, source: Buffer, data: Buffer): Promise<boolean> {
  if (checkDir(dir, true) !== undefined) return false;
  try {
    // Loaded only now: the careful write brings node:crypto, which the first frame does not need.
    const { cleanLeftovers, writeFileCarefullyAsync } = await import('../files/write.js');
    // A temporary file a crashed write left (named for its process) goes first: nothing else looks in this folder.
    cleanLeftovers(dir);
    await writeFileCarefullyAsync(join(dir, CACHE_FILE), cacheBytes(source, data));
    return true;
  } catch {
    return false;
  }
}
