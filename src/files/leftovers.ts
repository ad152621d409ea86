// What a crashed console left beside the files it writes, and only that.
// Its own temporary files and locks carry the literal `aep-console` in their
// name (`.rules.json.aep-console.<pid>.<hex>.tmp`,
// `.rules.json.aep-console.lock`): the rules file's directory is the
// user's, shared with editors and other programs whose `.x.lock` or
// `y.0123456789ab.tmp` look alike by shape and must never be removed. A
// file is removed only when it is the user's own regular file, a temporary
// file only when the process named in it is gone, a lock only when it
// holds the marker, a pid and that process's start time and no such
// process runs. Names earlier versions used (no marker) are removed only
// inside the state directory, which nothing else writes to.

import { lstatSync, readFileSync, unlinkSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive, processStart } from './process-start.js';

/** The literal every file the console makes beside another carries. */
export const OWN_MARK = 'aep-console';

/** A temporary file of this console: `.<file>.aep-console.<pid>.<12 hex>.tmp`. */
const TEMP = /^\..+\.aep-console\.(\d{1,10})\.[0-9a-f]{12}\.tmp$/;
/** A lock of this console: `.<file>.aep-console.lock`. */
const LOCK = /^\..+\.aep-console\.lock$/;
/** What a lock holds: the marker, the owner's pid and its start time (`-` where it cannot be read). */
const LOCK_TEXT = /^aep-console (\d{1,10}) (\d{1,20}|-)\n?$/;

// Names earlier versions used, all without the marker: `.<file>.<pid>.<12 hex>.tmp`,
// `<file>.<12 hex>.tmp` (the outbox), `.rules.json.<pid>.<time>.tmp`, `.<file>.lock` holding a pid.
const OLD_TEMP_PID = /^\..+\.(\d{1,10})\.[0-9a-f]{12}\.tmp$/;
const OLD_TEMP = /^(?:.+\.[0-9a-f]{12}\.tmp|\.rules\.json\.\d{1,10}\.\d{1,16}\.tmp)$/;
const OLD_LOCK = /^\..+\.lock$/;
/** A temporary file without a process in its name is a leftover once this old. */
const OLD_TEMP_MS = 60_000;

let ownLockText: string | undefined;

/** The text a lock of this process holds (read from /proc once: a history append takes the lock each time). */
export function lockText(): string {
  return (ownLockText ??= `${OWN_MARK} ${process.pid} ${processStart(process.pid) ?? '-'}\n`);
}

/** The pid and start time a lock's text names, or undefined when it is not this console's. */
export function lockOwner(text: string): { pid: number; start: string | undefined } | undefined {
  const match = LOCK_TEXT.exec(text);
  if (!match) return undefined;
  return { pid: Number(match[1]), start: match[2] === '-' ? undefined : match[2] };
}

/**
 * Whether process `pid` started at `start` still runs. Without a start time
 * on either side (no /proc), the pid alone answers.
 */
export function ownerRuns(
  pid: number,
  start: string | undefined,
  alive: (pid: number) => boolean = processAlive,
): boolean {
  if (!alive(pid)) return false;
  const now = start === undefined ? undefined : processStart(pid);
  return now === undefined || now === start;
}

/** The user's own regular file (never a link, a directory or someone else's). */
function usersFile(path: string): { mtimeMs: number } | undefined {
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) return undefined;
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) return undefined;
    return stat;
  } catch {
    return undefined;
  }
}

function leftover(dir: string, name: string, alive: (pid: number) => boolean, now: number, state: boolean): boolean {
  const own = TEMP.exec(name);
  const oldPid = own ? undefined : state ? OLD_TEMP_PID.exec(name) : undefined;
  const lock = LOCK.test(name);
  const oldLock = !own && !lock && state && OLD_LOCK.test(name);
  const old = !own && !oldPid && !lock && !oldLock && state && OLD_TEMP.test(name);
  if (!own && !oldPid && !lock && !oldLock && !old) return false;
  const path = join(dir, name);
  const stat = usersFile(path);
  if (!stat) return false;
  const pidIn = own ?? oldPid;
  if (pidIn) {
    const pid = Number(pidIn[1]);
    return pid !== process.pid && !alive(pid);
  }
  if (old) return now - stat.mtimeMs > OLD_TEMP_MS;
  let text: string;
  try {
    text = readFileSync(path, 'utf8').slice(0, 100);
  } catch {
    return false;
  }
  if (lock) {
    const owner = lockOwner(text);
    return owner !== undefined && owner.pid !== process.pid && !ownerRuns(owner.pid, owner.start, alive);
  }
  // An old lock held only a pid.
  const pid = Number(text.trim());
  return /^\d{1,10}$/.test(text.trim()) && pid > 0 && pid !== process.pid && !alive(pid);
}

/**
 * Removes the temporary files and locks a crashed console left in `dir`
 * (its own writes are never touched; another running console's are left
 * alone; another program's never). `state`: `dir` is the console's state
 * directory, where names of earlier versions are removed too. Returns how
 * many were removed.
 */
export function cleanLeftovers(
  dir: string,
  alive: (pid: number) => boolean = processAlive,
  now = Date.now(),
  options: { state?: boolean } = {},
): number {
  let names: string[];
  try {
    names = readdirSync(dir).slice(0, 10_000);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!leftover(dir, name, alive, now, options.state === true)) continue;
    try {
      unlinkSync(join(dir, name));
      removed++;
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}
