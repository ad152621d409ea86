// Who owns a journal file (outbox.ts): a pid alone is not a process. After a
// reboot, or in a container where every console is pid 1, a pid names some
// other program, and a file "held" by it would never be resent. A process is
// its pid plus its start time: on Linux field 22 (`starttime`, clock ticks
// since boot) of /proc/<pid>/stat, which no later process with the same pid
// can share within one boot.

import { readFileSync } from 'node:fs';

/**
 * The start time of process `pid` as recorded by the kernel, or undefined
 * where it cannot be read (no /proc: macOS, the BSDs; or the process is
 * gone). Callers then fall back to pid liveness alone.
 */
export function processStart(pid: number): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  let text: string;
  try {
    // A small file the kernel writes; /proc entries report size 0, so read it whole.
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // Field 2 is the command name in parentheses and may itself hold spaces and
  // parentheses: the fields after it start after the LAST ')'.
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 is fields[19].
  const start = fields[19];
  return start !== undefined && /^\d{1,20}$/.test(start) ? start : undefined;
}

/** Is process `pid` running (whoever owns it)? */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
