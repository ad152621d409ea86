import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON } from '../ui/keys.js';

/**
 * Ctrl-Z, as a shell expects of a full-screen program. In raw mode the
 * terminal driver does not turn Ctrl-Z into SIGTSTP, so the console stops
 * itself: the terminal is handed back (raw mode off, cursor shown, below the
 * frame), then SIGTSTP; on SIGCONT (`fg`) raw mode comes back and a resize
 * makes the frame writer clear the screen the shell drew on and repaint whole.
 */
export interface SuspendTarget {
  stdin: { setRawMode?: (raw: boolean) => unknown; isTTY?: boolean };
  stdout: { write: (data: string) => unknown; emit: (event: 'resize') => unknown };
  /** process.once('SIGCONT', …) */
  onContinue: (resume: () => void) => void;
  /** process.kill(process.pid, 'SIGTSTP') */
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
    target.stdout.write(BRACKETED_PASTE_ON);
    target.stdout.emit('resize');
  };
  target.stdin.setRawMode?.(false);
  // The shell gets its terminal as it was: cursor shown, pastes not marked.
  target.stdout.write(`\u001b[?25h${BRACKETED_PASTE_OFF}\r\n`);
  target.onContinue(resume);
  target.stop();
  // Without job control (an orphaned process group: started by \`sh -c\`, by
  // tmux directly) the kernel discards SIGTSTP and nothing stops: the
  // console must not stay in cooked mode. If it did stop, this fires after
  // \`fg\`, beside SIGCONT; either way the terminal is taken back once.
  target.later(resume);
}

export function suspendProcess(): void {
  suspend({
    stdin: process.stdin,
    stdout: process.stdout,
    onContinue: (resume) => process.once('SIGCONT', resume),
    stop: () => process.kill(process.pid, 'SIGTSTP'),
    later: (then) => setTimeout(then, 100).unref(),
  });
}
