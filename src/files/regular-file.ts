// Opening a file the operator named (--file, --ca, --token-file) without
// trusting what the name points at. `open(2)` on a FIFO blocks until a writer
// appears, and it blocks the whole event loop (keys stop for good); a check
// by name first (stat, then open) loses the race to a name replaced between
// the two; /dev/zero reads forever. So: open non-blocking, `fstat` the
// descriptor actually opened, refuse anything but a regular file, and read
// at most a bound.

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type OpenedFile = { ok: true; fd: number; size: number; mode: number } | { ok: false; reason: string };

// O_NONBLOCK makes open() of a FIFO return at once; O_NOCTTY keeps a terminal
// named by mistake from becoming ours. Neither exists on Windows (no FIFOs to fear there).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,20}$/.test(code) ? code : 'error';
}

/** Opens `path` for reading if it is a regular file; the caller closes `fd`. */
export function openRegularFile(path: string): OpenedFile {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { ok: false, reason: `cannot be read (${errorCode(error)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      closeSync(fd);
      return { ok: false, reason: `is not a regular file (${kindOf(stat)})` };
    }
    return { ok: true, fd, size: stat.size, mode: stat.mode };
  } catch (error) {
    closeSync(fd);
    return { ok: false, reason: `cannot be read (${errorCode(error)})` };
  }
}

function kindOf(stat: import('node:fs').Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}

export type ReadFile = { ok: true; text: string; mode: number } | { ok: false; reason: string };

/**
 * A small regular file read whole (UTF-8), or why not: never more than
 * `maxBytes` is read, and a file that is (or grows) larger is refused.
 */
export function readRegularFile(path: string, maxBytes: number): ReadFile {
  const opened = openRegularFile(path);
  if (!opened.ok) return opened;
  try {
    if (opened.size > maxBytes)
      return { ok: false, reason: `is too large (${opened.size} bytes; at most ${maxBytes})` };
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const got = readSync(opened.fd, buffer, length, buffer.length - length, null);
      if (got <= 0) break;
      length += got;
      if (length > maxBytes) return { ok: false, reason: `is too large (more than ${maxBytes} bytes)` };
    }
    return { ok: true, text: buffer.subarray(0, length).toString('utf8'), mode: opened.mode };
  } catch (error) {
    return { ok: false, reason: `cannot be read (${errorCode(error)})` };
  } finally {
    closeSync(opened.fd);
  }
}
