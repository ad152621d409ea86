// The terminal's title around the console: the UI writes `aep-console: 3 waiting` (OSC 2); here the title
// is saved first and put back on exit or crash. Terminals keep a stack of
// titles (XTWINOPS 22/23); tmux has none, so inside it the pane's title is
// asked of tmux at start and written back. And with --notify inside tmux,
// whether tmux lets notifications through (allow-passthrough), said once.
import { execFile } from 'node:child_process';
import { TITLE_POP, TITLE_PUSH, titleSequence } from '../ui/alerts.js';

/** A tmux that does not answer within this is not waited for. */
const TMUX_ASK_MS = 1000;

function askTmux(args: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      execFile('tmux', args, { env, timeout: TMUX_ASK_MS, maxBuffer: 4096 }, (error, stdout) =>
        resolve(error ? undefined : String(stdout).replace(/\n$/, '')),
      );
    } catch {
      resolve(undefined);
    }
  });
}

const paneArgs = (env: NodeJS.ProcessEnv) => (env.TMUX_PANE ? ['-t', env.TMUX_PANE] : []);

export interface TerminalTitle {
  /** Puts the title back (once; later calls do nothing). */
  restore(): void;
}

/** Saves the title (when the console will set it) and returns how to put it back. */
export function saveTitle(write: (data: string) => void, env: NodeJS.ProcessEnv, on: boolean): TerminalTitle {
  if (!on) return { restore: () => {} };
  let pane: string | undefined;
  let done = false;
  if (env.TMUX)
    void askTmux(['display-message', '-p', ...paneArgs(env), '#{pane_title}'], env).then((title) => (pane = title));
  else write(TITLE_PUSH);
  return {
    restore: () => {
      if (done) return;
      done = true;
      try {
        write(env.TMUX ? titleSequence(pane ?? '') : TITLE_POP);
      } catch {
        // terminal gone
      }
    },
  };
}

/** Inside tmux with --notify: the words to say once when tmux will drop the notifications (allow-passthrough off). */
export async function passthroughNote(env: NodeJS.ProcessEnv, notify: boolean): Promise<string | undefined> {
  if (!env.TMUX || !notify) return undefined;
  const value = await askTmux(['show-options', '-Apv', ...paneArgs(env), 'allow-passthrough'], env);
  // An older tmux has no such option (it passes them through); an unknown answer says nothing.
  return value === 'off'
    ? 'tmux drops the desktop notifications (--notify) here: turn them on with "tmux set -g allow-passthrough on".'
    : undefined;
}
