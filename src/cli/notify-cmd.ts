// --notify-cmd PROGRAM (profile key notify_cmd): word to a phone. For each
// new pending request and each last call the console hands this runner one
// JSON line (watch --json's `requested` / `expiring` line), and it runs
// PROGRAM with the lines on its stdin: no shell (argv as given), stdout and
// stderr to /dev/null, an environment without AEP_TOKEN or any variable
// holding a known secret, every line redacted once more here, where it
// leaves the process.
//
// One run at a time. Lines that arrive during a run wait for the next run,
// one line each (never folded into a count). The wait is bounded: at most
// MAX_QUEUED lines. Past that the oldest waiting line is dropped and the
// newest kept: the newest request has the most time left to be answered,
// and a last call is the latest news about its request. The drop is said
// once on the status line. Each run is killed (its whole process group:
// a script's curl too) after KILL_AFTER_MS; the lines behind it still go
// out in the next run. The first failure (cannot start, a non-zero exit,
// killed) is said once on the status line; later ones are not repeated.

import { spawn, type ChildProcess } from 'node:child_process';
import { displayLine } from '../protocol/sanitize.js';
import { redact } from '../protocol/redact.js';
import type { RequestRecord } from '../store/types.js';
import { requestLine } from './watch-lines.js';

/** How long one run may take before it is killed. */
export const KILL_AFTER_MS = 10_000;
/** How many lines may wait for the next run; past this the oldest is dropped. */
export const MAX_QUEUED = 200;

export interface NotifyRunnerOptions {
  /** PROGRAM and its arguments, as given (never through a shell). */
  argv: readonly string[];
  /** The console's environment: the child gets it without the secrets. */
  env: NodeJS.ProcessEnv;
  /** Tests shorten it; default KILL_AFTER_MS. */
  killAfterMs?: number;
  /** Default MAX_QUEUED. */
  maxQueued?: number;
  /** Each run finished (tests await it): how it ended, and how many lines it was given. */
  onRunEnd?: (outcome: { ok: boolean; lines: number; why?: string }) => void;
}

/** The environment PROGRAM runs in: AEP_TOKEN gone, and every variable whose value holds a known secret (or a bearer credential). */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === 'AEP_TOKEN') continue;
    // redact() changes a value exactly when it holds something it hides.
    if (redact(value) !== value || redact(name) !== name) continue;
    out[name] = value;
  }
  return out;
}

export class NotifyRunner {
  private readonly argv: readonly string[];
  private readonly env: NodeJS.ProcessEnv;
  private readonly killAfterMs: number;
  private readonly maxQueued: number;
  private readonly onRunEnd?: NotifyRunnerOptions['onRunEnd'];
  private queue: string[] = [];
  private running?: ChildProcess;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private failureSaid = false;
  private dropSaid = false;
  private say: (text: string) => void = () => {};

  constructor(options: NotifyRunnerOptions) {
    this.argv = options.argv;
    this.env = options.env;
    this.killAfterMs = options.killAfterMs ?? KILL_AFTER_MS;
    this.maxQueued = Math.max(1, options.maxQueued ?? MAX_QUEUED);
    this.onRunEnd = options.onRunEnd;
  }

  /** Lines to send (one per request); `say` puts a word on the status line (a failure, a drop: each once). */
  send(lines: readonly string[], say?: (text: string) => void): void {
    if (say) this.say = say;
    if (this.stopped) return;
    for (const line of lines) {
      // Redacted where it leaves the process, and kept to one line whatever the caller gave.
      this.queue.push(redact(line).replace(/[\r\n\u2028\u2029]/g, ' '));
    }
    if (this.queue.length > this.maxQueued) {
      this.queue.splice(0, this.queue.length - this.maxQueued);
      if (!this.dropSaid) {
        this.dropSaid = true;
        this.say(`--notify-cmd too slow: the oldest waiting lines dropped (${this.maxQueued} wait at most).`);
      }
    }
    this.next();
  }

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Lines waiting for the next run. */
  get waiting(): number {
    return this.queue.length;
  }

  /** The console is leaving: the run under way is killed, nothing more starts. */
  stop(): void {
    this.stopped = true;
    this.queue = [];
    if (this.running) this.kill(this.running);
  }

  private next(): void {
    if (this.running || this.stopped || this.queue.length === 0) return;
    const lines = this.queue;
    this.queue = [];
    let child: ChildProcess;
    try {
      child = spawn(this.argv[0], this.argv.slice(1), {
        stdio: ['pipe', 'ignore', 'ignore'],
        // Taken at each run: a token read later (a rotated --token-file) is a known secret by then.
        env: childEnv(this.env),
        shell: false,
        // Its own process group, so the kill reaches what a script started too.
        detached: true,
      });
    } catch (error) {
      this.ended(lines.length, `it could not be started (${reason(error)})`);
      return;
    }
    this.running = child;
    let done = false;
    const finish = (why: string | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(this.timer);
      this.timer = undefined;
      this.running = undefined;
      this.ended(lines.length, why);
    };
    let killed = false;
    this.timer = setTimeout(() => {
      killed = true;
      this.kill(child);
    }, this.killAfterMs);
    child.on('error', (error) => finish(`it could not be started (${reason(error)})`));
    child.on('exit', (code, signal) => {
      if (killed) finish(`killed after ${Number((this.killAfterMs / 1000).toFixed(1))} s`);
      else if (signal) finish(`ended by ${signal}`);
      else finish(code === 0 ? undefined : `exit ${code}`);
    });
    // A program that does not read its stdin closes the pipe: not our failure, its exit says how it went.
    child.stdin?.on('error', () => {});
    child.stdin?.end(lines.map((line) => line + '\n').join(''));
  }

  private kill(child: ChildProcess): void {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already, or was never made: the child itself then.
      child.kill('SIGKILL');
    }
  }

  private ended(lines: number, why: string | undefined): void {
    this.onRunEnd?.({ ok: why === undefined, lines, ...(why === undefined ? {} : { why }) });
    if (why !== undefined && !this.failureSaid) {
      this.failureSaid = true;
      this.say(`--notify-cmd failed: ${why} (said once).`);
    }
    this.next();
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return displayLine(code ?? (error instanceof Error ? error.message : String(error)), 80);
}

/** The console's hook (AppProps.phone): each request as watch --json's line, to one runner. */
export function phoneFor(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  options: Partial<NotifyRunnerOptions> = {},
): {
  runner: NotifyRunner;
  hook: (records: readonly RequestRecord[], event: 'requested' | 'expiring', say: (text: string) => void) => void;
} {
  const runner = new NotifyRunner({ ...options, argv, env });
  return {
    runner,
    hook: (records, event, say) =>
      runner.send(
        records.map((record) => requestLine(record, true, false, Date.now(), event)),
        say,
      ),
  };
}
