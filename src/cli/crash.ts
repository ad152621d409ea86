// Crash safety for the real process (installed by runCli, never at import
// time, so tests that call main() keep their own streams and handlers).
//
// An uncaught exception, an unhandled rejection or a render error: the UI is
// erased and unmounted, the terminal restored (synchronized update ended, raw
// mode off, attributes reset, cursor shown), a crash report written (see
// crash-report.ts), ONE line on stderr names it, and the process exits 1.
//
// SIGTERM, SIGHUP, SIGINT (sent with kill: in raw mode Ctrl-C is a key) and
// SIGQUIT are requests to stop, not bugs: no report; the UI is taken down
// the orderly way (relay connections closed), one line says which signal
// (none for SIGHUP: the terminal is gone), and the exit code is 128+N. A
// second signal, or a stop that hangs for 3 s, exits at once.
//
// A hang-up (SIGHUP, or writes to the terminal failing with EIO/EPIPE when
// the window closes or SSH drops) is not a crash either: nothing more is
// written to the terminal, there is no report, and the exit code is 129.

import { constants } from 'node:os';
import { displayLine } from '../protocol/sanitize.js';
import { writeReport } from './crash-report.js';
import { knownSecrets } from '../protocol/redact.js';
import { BRACKETED_PASTE_OFF } from '../ui/keys.js';

const STOP_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const;
const STOP_GRACE_MS = 3000;
/** End a synchronized update, reset attributes, show the cursor, stop marking pastes. */
export const RESTORE_SEQUENCE = `\u001b[?2026l\u001b[0m\u001b[?25h${BRACKETED_PASTE_OFF}`;

interface TtyIn {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

interface Out {
  isTTY?: boolean;
  write(text: string): unknown;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
  off?(event: 'error', listener: (error: unknown) => void): unknown;
}

/** Write errors that mean the terminal is gone, not that the console is broken. */
const HANGUP_CODES = new Set(['EIO', 'EPIPE', 'ENOTCONN', 'ECONNRESET', 'EBADF']);
const HANGUP_EXIT = 128 + (constants.signals.SIGHUP ?? 1);

export interface CrashGuardOptions {
  version: string;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdin: TtyIn;
  stdout: Out;
  stderr: Out;
  exit: (code: number) => void;
  /** Where the handlers go (process; tests pass an EventEmitter). */
  target: NodeJS.EventEmitter;
}

export interface CrashGuard {
  /** A secret to scrub from the report (the token, once it is known). */
  addSecret(secret: string | undefined): void;
  /** The UI is on screen; `closeUi` erases and unmounts it (may throw). Returns the detach function. */
  attachUi(closeUi: () => void): () => void;
  /** 128+N once a stop signal N took the UI down, else undefined. */
  stopCode(): number | undefined;
  crash(error: unknown, kind: string): void;
  dispose(): void;
}

export function installCrashGuard(options: CrashGuardOptions): CrashGuard {
  const { stdin, stdout, stderr, target } = options;
  const secrets = new Set<string>();
  // Known before parsing, so even a failure in the argument parser is scrubbed.
  addSecret(options.env.AEP_TOKEN);
  options.argv.forEach((arg, i) => {
    if (/^--?token$/.test(arg)) addSecret(options.argv[i + 1]);
    else if (/^--?token=/.test(arg)) addSecret(arg.slice(arg.indexOf('=') + 1));
  });

  let closeUi: (() => void) | undefined;
  let crashing = false;
  let stopping: number | undefined;

  function addSecret(secret: string | undefined): void {
    if (secret === undefined) return;
    if (secret) secrets.add(secret);
    if (secret.trim()) secrets.add(secret.trim());
  }

  function line(text: string): void {
    try {
      stderr.write(`${displayLine(text, 1000)}\n`);
    } catch {
      // stderr gone (terminal hung up): nothing left to tell
    }
  }

  /** Takes the UI down and puts the terminal back as the shell left it. */
  function restore(): void {
    const ui = closeUi;
    closeUi = undefined;
    let erased = false;
    if (ui) {
      try {
        ui();
        erased = true;
      } catch {
        // a UI that fails to unmount still gets its terminal restored below
      }
    }
    try {
      if (stdin.isTTY && stdin.isRaw) stdin.setRawMode?.(false);
    } catch {
      // not a terminal any more
    }
    if (ui && stdout.isTTY) {
      try {
        // Without the erase, the cursor may sit inside a frame: move below it.
        stdout.write(`${RESTORE_SEQUENCE}${erased ? '' : '\r\n'}`);
      } catch {
        // terminal gone
      }
    }
  }

  function crash(error: unknown, kind: string): void {
    if (crashing) {
      // A failure inside the crash path: the first one is being reported.
      options.exit(1);
      return;
    }
    crashing = true;
    restore();
    const report = writeReport({
      version: options.version,
      kind,
      error,
      argv: options.argv,
      env: options.env,
      secrets: [...secrets, ...knownSecrets()],
      time: new Date(),
    });
    line(
      report.ok
        ? `aep-console: internal error (${kind}); crash report: ${report.file}`
        : `aep-console: internal error (${kind}); the crash report could not be written (${report.reason})`,
    );
    options.exit(1);
  }

  /** The terminal is gone: put raw mode back if it can be, write nothing, leave. */
  function hangUp(): void {
    closeUi = undefined;
    try {
      if (stdin.isTTY && stdin.isRaw) stdin.setRawMode?.(false);
    } catch {
      // not a terminal any more
    }
    options.exit(stopping ?? HANGUP_EXIT);
  }

  function onSignal(signal: (typeof STOP_SIGNALS)[number]): void {
    if (signal === 'SIGHUP' && !crashing) return hangUp();
    const code = 128 + (constants.signals[signal] ?? 0);
    if (stopping !== undefined || crashing || !closeUi) {
      // Nothing to take down the orderly way (or asked twice): go now.
      restore();
      if (stopping === undefined && signal !== 'SIGHUP') line(`aep-console: stopped by ${signal}`);
      options.exit(stopping ?? code);
      return;
    }
    stopping = code;
    restore();
    if (signal !== 'SIGHUP') line(`aep-console: stopped by ${signal}`);
    setTimeout(() => options.exit(code), STOP_GRACE_MS).unref();
  }

  // Without a listener, a failed write to a closed terminal is thrown as an
  // uncaught exception (and was reported as a crash).
  const onOutputError = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && HANGUP_CODES.has(code)) hangUp();
    else crash(error, 'output error');
  };
  stdout.on?.('error', onOutputError);
  stderr.on?.('error', onOutputError);
  const onException = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && HANGUP_CODES.has(code) && (error as { syscall?: unknown }).syscall === 'write') return hangUp();
    crash(error, 'uncaught exception');
  };
  const onRejection = (reason: unknown) => crash(reason, 'unhandled rejection');
  const signalHandlers = STOP_SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const);
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  for (const [signal, handler] of signalHandlers) target.on(signal, handler);

  return {
    addSecret,
    attachUi(close) {
      closeUi = close;
      return () => {
        if (closeUi === close) closeUi = undefined;
      };
    },
    stopCode: () => stopping,
    crash,
    dispose() {
      stdout.off?.('error', onOutputError);
      stderr.off?.('error', onOutputError);
      target.off('uncaughtException', onException);
      target.off('unhandledRejection', onRejection);
      for (const [signal, handler] of signalHandlers) target.off(signal, handler);
    },
  };
}
