// Whether a file the console keeps may be trusted: one policy for every
// file (the outbox, the history, the rules, crash reports). A file is
// trusted when only the operator (or root) could have put it there: a
// regular file (no FIFO, device or directory), owned by the user (or, for
// the rules and config, root: a home-manager target is root's and
// read-only), writable by no one else. The state directory and its files
// keep the stricter rule: the user's own and never a symlink, since they
// hold answers sent with the operator's token.

import { lstatSync, mkdirSync, type Stats } from 'node:fs';

// Windows has neither POSIX owners nor modes: the checks that cannot be
// made there are skipped (the console targets Linux and macOS).
export const POSIX = process.platform !== 'win32';

/** Who may own a trusted file: the user alone (state), or the user or root (rules, config). */
export type Owners = 'own' | 'own-or-root';

export function myUid(): number | undefined {
  return POSIX && typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/** An errno code as words may show it (a code is never more than a short capital word). */
export function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,20}$/.test(code) ? code : 'error';
}

export function kindOf(stat: Stats): string {
  if (stat.isSymbolicLink()) return 'a symlink';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isDirectory()) return 'a directory';
  return 'a special file';
}

/** Why `stat`'s owner may not be trusted, or undefined when it may. */
export function ownerUnfit(stat: Stats, owners: Owners = 'own'): string | undefined {
  const uid = myUid();
  if (uid === undefined || stat.uid === uid || (owners === 'own-or-root' && stat.uid === 0)) return undefined;
  return `owned by uid ${stat.uid}, not by you (uid ${uid})${owners === 'own-or-root' ? ' or root' : ''}`;
}

/** Why `stat` is not fit to trust as a `want`, or undefined when it is. */
export function unfitBecause(stat: Stats, want: 'directory' | 'file', owners: Owners = 'own'): string | undefined {
  const isWanted = want === 'directory' ? stat.isDirectory() : stat.isFile();
  if (!isWanted || stat.isSymbolicLink())
    return `${kindOf(stat)}, not a ${want === 'file' ? 'regular file' : 'directory'}`;
  const owner = ownerUnfit(stat, owners);
  if (owner) return owner;
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
    if (code !== 'ENOENT') return `not readable (${errorCode(error)})`;
    if (!create) return MISSING;
    try {
      mkdirSync(path, { recursive: true, mode: 0o700 });
      stat = lstatSync(path);
    } catch (made) {
      return `not creatable (${errorCode(made)})`;
    }
  }
  return unfitBecause(stat, 'directory');
}
