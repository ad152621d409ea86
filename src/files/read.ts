// The one trusted read: what is checked is what is read. A file is opened
// non-blocking (a FIFO planted under a trusted name never blocks start-up),
// then checked on the open descriptor (fstat), then read to a bound.
//
// - `state` files (the outbox, the history): O_NOFOLLOW, the user's own.
// - `config` files (the rules): may be a symlink when the link is the
//   user's own; its target must be a regular file, the user's or root's,
//   writable by no one else.

import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { errorCode, ownerUnfit, unfitBecause } from './trust.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const NOCTTY = constants.O_NOCTTY ?? 0;

export type ReadResult = { ok: true; text: string; mode: number } | { ok: false; why: string; missing?: boolean };

function openFailed(error: unknown): { ok: false; why: string; missing?: boolean } {
  const code = errorCode(error);
  // O_NOFOLLOW on a symlink fails with ELOOP (EMLINK on some BSDs).
  if (code === 'ELOOP' || code === 'EMLINK') return { ok: false, why: 'a symlink, not a regular file' };
  return code === 'ENOENT'
    ? { ok: false, why: 'not readable (ENOENT)', missing: true }
    : { ok: false, why: `not readable (${code})` };
}

function readFd(fd: number, stat: Stats, maxBytes: number): ReadResult {
  if (stat.size > maxBytes) return { ok: false, why: `too large (${stat.size} bytes; at most ${maxBytes})` };
  const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
  let read = 0;
  for (;;) {
    const n = readSync(fd, buffer, read, buffer.length - read, read);
    if (n <= 0) break;
    read += n;
    if (read > maxBytes) return { ok: false, why: `too large (more than ${maxBytes} bytes)` };
    if (read === buffer.length) break;
  }
  return { ok: true, text: buffer.subarray(0, read).toString('utf8'), mode: stat.mode };
}

/** A state file (the user's own, never through a symlink), at most `maxBytes`. */
export function readOwnFile(path: string, maxBytes: number): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK | NOCTTY);
  } catch (error) {
    return openFailed(error);
  }
  try {
    const stat = fstatSync(fd);
    const unfit = unfitBecause(stat, 'file');
    return unfit ? { ok: false, why: unfit } : readFd(fd, stat, maxBytes);
  } catch (error) {
    return { ok: false, why: `not readable (${errorCode(error)})` };
  } finally {
    closeSync(fd);
  }
}

/** A state file read off the event loop (the history at start: ~20 MB must not hold up a frame). */
export async function readOwnFileAsync(path: string, maxBytes: number): Promise<ReadResult> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK | NOCTTY);
  } catch (error) {
    return openFailed(error);
  }
  try {
    const stat = await handle.stat();
    const unfit = unfitBecause(stat, 'file');
    if (unfit) return { ok: false, why: unfit };
    if (stat.size > maxBytes) return { ok: false, why: `too large (${stat.size} bytes; at most ${maxBytes})` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead <= 0) break;
      read += bytesRead;
    }
    return { ok: true, text: buffer.subarray(0, read).toString('utf8'), mode: stat.mode };
  } catch (error) {
    return { ok: false, why: `not readable (${errorCode(error)})` };
  } finally {
    await handle.close();
  }
}

/** Why the name `path` (a config file) may not be followed, or undefined: a symlink must be the user's own. */
export function linkUnfit(path: string): { why?: string; missing?: boolean; link: boolean } {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    const code = errorCode(error);
    return code === 'ENOENT'
      ? { why: 'not readable (ENOENT)', missing: true, link: false }
      : { why: `not readable (${code})`, link: false };
  }
  if (!stat.isSymbolicLink()) return { link: false };
  const owner = ownerUnfit(stat, 'own');
  return owner ? { why: `a symlink ${owner}`, link: true } : { link: true };
}

/** A config file (the rules): a symlink of the user's own is followed; the target must be the user's or root's, writable by no one else. */
export function readConfigFile(path: string, maxBytes: number): ReadResult {
  const link = linkUnfit(path);
  if (link.why) return { ok: false, why: link.why, ...(link.missing ? { missing: true } : {}) };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NONBLOCK | NOCTTY);
  } catch (error) {
    return openFailed(error);
  }
  try {
    const stat = fstatSync(fd);
    const unfit = unfitBecause(stat, 'file', 'own-or-root');
    if (unfit) return { ok: false, why: link.link ? `a symlink whose target is ${unfit}` : unfit };
    return readFd(fd, stat, maxBytes);
  } catch (error) {
    return { ok: false, why: `not readable (${errorCode(error)})` };
  } finally {
    closeSync(fd);
  }
}
