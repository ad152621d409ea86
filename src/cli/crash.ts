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
//
// Every way out waits (at most 2 s) for the journal and history writes
// under way (files/pending.ts): an answer given just before a hang-up is
// on disk when the process goes.

import { constants } from 'node:os';
import { displayLine } from '../protocol/sanitize.js';
import { writeReport } from './crash-report.js';
import { pendingWrites, settleWrites } from '../files/pending.js';
import { knownSecrets } from '../protocol/redact.js';
import { rawModeOff, restoreTerminal, type Out, type TtyIn } from './terminal-restore.js';

export { RESTORE_SEQUENCE } from './terminal-restore.js';

const STOP_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const;
type StopSignal = (typeof STOP_SIGNALS)[number];
const STOP_GRACE_MS = 3000;

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

function hangUpCode(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && HANGUP_CODES.has(code);
}

/** Exits once the writes under way are done (at most STOP_WAIT_MS); at once when there are none. */
function exitAfterWrites(exit: (code: number) => void, code: number): void {
  if (!pendingWrites()) return exit(code);
  void settleWrites().then(() => exit(code));
}

/** What the guard knows and does: the secrets to scrub, the UI on screen, a crash or a stop under way. */
class Guard {
  readonly secrets = new Set<string>();
  closeUi: (() => void) | undefined;
  crashing = false;
  stopping: number | undefined;

  constructor(private readonly options: CrashGuardOptions) {
    // Known before parsing, so even a failure in the argument parser is scrubbed.
    this.addSecret(options.env.AEP_TOKEN);
    options.argv.forEach((arg, i) => {
      if (/^--?token$/.test(arg)) this.addSecret(options.argv[i + 1]);
      else if (/^--?token=/.test(arg)) this.addSecret(arg.slice(arg.indexOf('=') + 1));
    });
  }

  addSecret(secret: string | undefined): void {
    if (secret === undefined) return;
    if (secret) this.secrets.add(secret);
    if (secret.trim()) this.secrets.add(secret.trim());
  }

  line(text: string): void {
    try {
      this.options.stderr.write(`${displayLine(text, 1000)}\n`);
    } catch {
      // stderr gone (terminal hung up): nothing left to tell
    }
  }

  /** Takes the UI down and puts the terminal back as the shell left it. */
  restore(): void {
    const ui = this.closeUi;
    this.closeUi = undefined;
    restoreTerminal(ui, this.options.stdin, this.options.stdout);
  }

  crash(error: unknown, kind: string): void {
    const { options } = this;
    if (this.crashing) {
      // A failure inside the crash path: the first one is being reported.
      options.exit(1);
      return;
    }
    this.crashing = true;
    this.restore();
    const report = writeReport({
      version: options.version,
      kind,
      error,
      argv: options.argv,
      env: options.env,
      secrets: [...this.secrets, ...knownSecrets()],
      time: new Date(),
    });
    this.line(
      report.ok
        ? `aep-console: internal error (${kind}); crash report: ${report.file}`
        : `aep-console: internal error (${kind}); the crash report could not be written (${report.reason})`,
    );
    exitAfterWrites(options.exit, 1);
  }

  /** The terminal is gone: put raw mode back if it can be, write nothing, leave. */
  hangUp(): void {
    this.closeUi = undefined;
    rawModeOff(this.options.stdin);
    exitAfterWrites(this.options.exit, this.stopping ?? HANGUP_EXIT);
  }

  onSignal(signal: StopSignal): void {
    if (signal === 'SIGHUP' && !this.crashing) return this.hangUp();
    const code = 128 + (constants.signals[signal] ?? 0);
    if (this.stopping !== undefined || this.crashing || !this.closeUi) {
      // Nothing to take down the orderly way (or asked twice): go now.
      this.restore();
      if (this.stopping === undefined && signal !== 'SIGHUP') this.line(`aep-console: stopped by ${signal}`);
      this.options.exit(this.stopping ?? code);
      return;
    }
    this.stopping = code;
    this.restore();
    if (signal !== 'SIGHUP') this.line(`aep-console: stopped by ${signal}`);
    setTimeout(() => this.options.exit(code), STOP_GRACE_MS).unref();
  }
}

/** The guard's handlers on the process (or a test's emitter) and the output streams; returns their removal. */
function listen(guard: Guard, options: CrashGuardOptions): () => void {
  const { stdout, stderr, target } = options;
  // Without a listener, a failed write to a closed terminal is thrown as an
  // uncaught exception (and was reported as a crash).
  const onOutputError = (error: unknown) => (hangUpCode(error) ? guard.hangUp() : guard.crash(error, 'output error'));
  const onException = (error: unknown) => {
    if (hangUpCode(error) && (error as { syscall?: unknown }).syscall === 'write') return guard.hangUp();
    guard.crash(error, 'uncaught exception');
  };
  const onRejection = (reason: unknown) => guard.crash(reason, 'unhandled rejection');
  const signalHandlers = STOP_SIGNALS.map((signal) => [signal, () => guard.onSignal(signal)] as const);
  stdout.on?.('error', onOutputError);
  stderr.on?.('error', onOutputError);
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  for (const [signal, handler] of signalHandlers) target.on(signal, handler);
  return () => {
    stdout.off?.('error', onOutputError);
    stderr.off?.('error', onOutputError);
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
    for (const [signal, handler] of signalHandlers) target.off(signal, handler);
  };
}

export function installCrashGuard(options: CrashGuardOptions): CrashGuard {
  const guard = new Guard(options);
  const unlisten = listen(guard, options);
  return {
    addSecret: (secret) => guard.addSecret(secret),
    attachUi(close) {
      guard.closeUi = close;
      return () => {
        if (guard.closeUi === close) guard.closeUi = undefined;
      };
    },
    stopCode: () => guard.stopping,
    crash: (error, kind) => guard.crash(error, kind),
    dispose: unlisten,
  };
}
