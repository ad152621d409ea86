import { readFileSync } from 'node:fs';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON } from '../ui/keys.js';
import { MOUSE_OFF, MOUSE_ON } from '../ui/mouse.js';
import { withKeys } from '../ui/key-labels.js';
// The place records hand the key table its shipped keys as they load: this file names keys as it loads.
import '../ui/places/registry.js';
import { ALT_SCREEN_OFF, ALT_SCREEN_ON, CURSOR_HIDE, CURSOR_SHOW } from '../ui/terminal/screen.js';

/**
 * Ctrl-Z, as a shell expects of a full-screen program. In raw mode the
 * terminal driver does not turn Ctrl-Z into SIGTSTP, so the console stops
 * itself: the terminal is handed back (raw mode off, the normal screen,
 * cursor shown), then SIGTSTP to the whole foreground job; on SIGCONT (`fg`)
 * raw mode, the alternate screen and the hidden cursor come back and the
 * frame is drawn again whole.
 */
export interface SuspendTarget {
  stdin: { setRawMode?: (raw: boolean) => unknown; isTTY?: boolean };
  stdout: { write: (data: string) => unknown; emit: (event: 'resize') => unknown };
  /** Drawing on the alternate screen (not --inline): the shell gets its own screen back. */
  altScreen: boolean;
  /** Mouse reporting is on (mouse.ts): off while stopped, like the paste marks, on again after `fg`. */
  mouse?: boolean;
  /** Clears the screen and writes the last frame whole (the frame writer's redraw). */
  redraw: () => void;
  /** process.once('SIGCONT', …) */
  onContinue: (resume: () => void) => void;
  /** process.kill(0, 'SIGTSTP'): the process group, not only this process. */
  stop: () => void;
  /** Runs `then` shortly (a timer: it cannot run while the process is stopped). */
  later: (then: () => void) => void;
}

export function suspend(target: SuspendTarget): void {
  let resumed = false;
  const resume = () => {
    if (resumed) return;
    resumed = true;
    target.stdin.setRawMode?.(true);
    target.stdout.write(
      `${target.altScreen ? ALT_SCREEN_ON : ''}${CURSOR_HIDE}${BRACKETED_PASTE_ON}${target.mouse ? MOUSE_ON : ''}`,
    );
    // The size may have changed while stopped (the resize repaints), and
    // may not have (the redraw does; the shell drew on the screen either way).
    target.stdout.emit('resize');
    target.redraw();
  };
  target.stdin.setRawMode?.(false);
  // The shell gets its terminal as it was: its screen, cursor shown, pastes not marked, no mouse reports.
  const off = `${CURSOR_SHOW}${BRACKETED_PASTE_OFF}${target.mouse ? MOUSE_OFF : ''}`;
  target.stdout.write(target.altScreen ? `${ALT_SCREEN_OFF}${off}` : `${off}\r\n`);
  target.onContinue(resume);
  target.stop();
  // Where job control could not be told (no /proc) and there was none, the
  // kernel discarded SIGTSTP and nothing stopped: the console must not stay
  // in cooked mode. If it did stop, this fires after `fg`, beside SIGCONT;
  // either way the terminal is taken back once.
  target.later(resume);
}

/**
 * Whether the shell can stop this process and bring it back, from
 * /proc/self/stat (Linux): `undefined` where that cannot be told. A process
 * in its session's own process group (pgrp = session id) was started
 * without job control (`ssh -t host aep-console`, `sh -c`, a tmux window
 * running the command directly): that group is orphaned, the kernel
 * discards SIGTSTP, and no shell would ever `fg` it.
 */
export function jobControl(stat: string | undefined): boolean | undefined {
  if (!stat) return undefined;
  // The command name may hold spaces and parentheses: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgrp = Number(fields[2]);
  const session = Number(fields[3]);
  if (!Number.isInteger(pgrp) || !Number.isInteger(session) || pgrp <= 0) return undefined;
  return pgrp !== session;
}

function ownStat(): string | undefined {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Said in the footer instead of suspending, so no `fg` typed afterwards lands in the console as keys (Ctrl-Z cannot be
 * rebound: made once).
 */
export const NO_JOB_CONTROL = withKeys(
  'browse',
  '{suspend}: no job control here to suspend to (ssh host cmd, sh -c, tmux)',
);

/**
 * Ctrl-Z in the real process. The whole process group is stopped: under
 * `npm start` npm and its `sh -c` are in the console's job, and with only
 * the console stopped they would keep the terminal and the shell its prompt
 * from coming back. Returns a notice instead of stopping where there is no
 * job control.
 */
export function suspendProcess(
  screen: { altScreen: boolean; mouse?: boolean; redraw: () => void },
  stat: string | undefined = ownStat(),
): string | undefined {
  if (jobControl(stat) === false) return NO_JOB_CONTROL;
  suspend({
    stdin: process.stdin,
    stdout: process.stdout,
    ...screen,
    onContinue: (resume) => process.once('SIGCONT', resume),
    stop: () => process.kill(0, 'SIGTSTP'),
    later: (then) => setTimeout(then, 100).unref(),
  });
  return undefined;
}
