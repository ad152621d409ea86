// Saving a change to a config file (the rules) the way a careful editor
// does: a symlinked file (stow, chezmoi, home-manager) is updated at its
// target, so the link stays a link and the dotfiles copy gets the change;
// the target is replaced atomically (write.ts), under a lock (lock.ts) and
// re-read inside it, so two consoles saving at once lose neither change;
// the mode is 0600, or what it was if narrower. A target that cannot be
// written (read-only, root's, on a read-only file system) is left alone and
// the caller is told so (`readOnly`), to show the change to add by hand.

import { accessSync, constants, mkdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { withLock } from './lock.js';
import { linkUnfit, readConfigFile } from './read.js';
import { errorCode, myUid, unfitBecause } from './trust.js';
import { writeFileCarefully } from './write.js';

export type Change = (text: string | undefined) => { ok: true; text: string } | { ok: false; reason: string };
export type Saved = { ok: true; target: string } | { ok: false; reason: string; readOnly?: boolean };

const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

function existing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why the target (or its directory) cannot be written, or undefined. */
function readOnlyBecause(target: string, stat: Stats | undefined): string | undefined {
  const uid = myUid();
  if (stat && uid !== undefined && uid !== 0 && stat.uid !== uid)
    return `is owned by uid ${stat.uid} (read-only for you)`;
  if (stat && (stat.mode & 0o200) === 0)
    return `is read-only (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')})`;
  try {
    accessSync(dirname(target), constants.W_OK);
  } catch (error) {
    return `is in a directory you cannot write (${errorCode(error)})`;
  }
  return undefined;
}

/** Applies `change` to the config file at `path` (made, with its directory, if absent). */
export function saveConfigFile(path: string, change: Change, maxBytes: number): Saved {
  const link = linkUnfit(path);
  if (link.why && !link.missing) return { ok: false, reason: link.why };
  let target = path;
  if (link.link) {
    try {
      target = realpathSync(path);
    } catch (error) {
      return { ok: false, reason: `is a symlink to nothing (${errorCode(error)})` };
    }
  }
  const before = existing(target);
  if (before) {
    const unfit = unfitBecause(before, 'file', 'own-or-root');
    if (unfit) return { ok: false, reason: `is ${unfit}` };
  } else {
    try {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    } catch (error) {
      return { ok: false, reason: `cannot be made (${errorCode(error)})`, readOnly: true };
    }
  }
  const readOnly = readOnlyBecause(target, before);
  if (readOnly) return { ok: false, reason: readOnly, readOnly: true };
  const locked = withLock(target, (): Saved => {
    // Re-read under the lock: another console may have saved since.
    const read = readConfigFile(target, maxBytes);
    if (!read.ok && !read.missing) return { ok: false, reason: `is ${read.why}` };
    const next = change(read.ok ? read.text : undefined);
    if (!next.ok) return next;
    const mode = read.ok ? read.mode & 0o600 : 0o600;
    try {
      writeFileCarefully(target, next.text, mode);
      return { ok: true, target };
    } catch (error) {
      const code = errorCode(error);
      return {
        ok: false,
        reason: `cannot be written (${code})`,
        ...(READ_ONLY_CODES.has(code) ? { readOnly: true } : {}),
      };
    }
  });
  return locked.ok ? locked.value : { ok: false, reason: locked.why };
}
