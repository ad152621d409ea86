import { applyBindings } from './ui/key-table.js';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseArgs } from './cli/args.js';
import { runList } from './cli/list.js';
import { runHistory } from './cli/history.js';
import { runRulesTest } from './cli/rules-test.js';
import { runConsole } from './cli/console.js';
import { runWatch } from './cli/watch.js';
import { runRespond } from './cli/respond.js';
import { installCrashGuard } from './cli/crash.js';
import { watchHeap } from './cli/heap-watch.js';
import { shapeHeap } from './cli/heap-shape.js';
import { addSecret, redact } from './protocol/redact.js';
import type { MainIO } from './cli/io.js';

export type { MainIO };

let version: string | undefined;

/** The package's version, read once (the parser and the console both ask for it before the first frame). */
function packageVersion(): string {
  if (version !== undefined) return version;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    version = pkg.version ?? '0.0.0';
  } catch {
    version = '0.0.0';
  }
  return version;
}

const defaultIO: MainIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[], given: MainIO = defaultIO): Promise<number> {
  // Every line for stdout or stderr passes through redaction: a relay may echo
  // the token back in an error or a close reason.
  const io: MainIO = { ...given, out: (line) => given.out(redact(line)), err: (line) => given.err(redact(line)) };
  const remember = (secret: string | undefined) => {
    addSecret(secret);
    io.crash?.addSecret(secret);
  };
  const parsed = parseArgs(argv, io.env, packageVersion);
  switch (parsed.kind) {
    case 'help':
      io.out(parsed.text);
      return 0;
    case 'version':
    case 'print':
      io.out(parsed.text);
      return 0;
    case 'usage-error':
      io.err(`aep-console: ${parsed.message}`);
      return 2;
  }
  const options = parsed.options;
  remember(options.token);
  for (const warning of parsed.warnings) io.err(`aep-console: ${warning}`);
  if (options.command === 'list') return runList(options, { out: io.out, err: io.err, host: hostname() });
  if (options.command === 'history') return runHistory(options, { out: io.out, err: io.err, env: io.env });
  if (options.command === 'rules-test') return runRulesTest(options, { out: io.out, err: io.err, host: hostname() });
  if (options.command === 'watch') return runWatch(options, { out: io.out }, remember);
  if (options.command === 'respond') return runRespond(options, io, remember);
  // config.json's key map, in force for the whole run: every footer, help row and spoken key reads it.
  if (options.keys) applyBindings(options.keys);
  return runConsole(options, io, remember);
}

/** What the bin gives runCli. */
export interface Boot {
  /** Called once the full-screen console's first frame is drawn, before the heap is shaped (the bin keeps its code cache). */
  firstFrame?: () => void;
}

/**
 * The real process: crash guard, then main(); sets the exit code. The bin
 * (and the source runner the CLI tests use) call only this.
 */
export async function runCli(argv: string[] = process.argv.slice(2), boot: Boot = {}): Promise<void> {
  // On Linux this overwrites the argv that /proc (and ps) show, so a --token
  // given on the command line stops being readable there from this point on
  // (meow does the same, but only once the arguments are parsed).
  process.title = 'aep-console';
  const crash = installCrashGuard({
    // Read when a report is written: reading package.json (and the module's url) waits for a crash.
    get version() {
      return packageVersion();
    },
    argv,
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => process.exit(code),
    target: process,
  });
  // Heap exhaustion kills the process without a handler: stop the orderly way just before it.
  watchHeap((error) => crash.crash(error, 'out of memory'));
  // The heap's shape (cli/heap-shape.ts) once the start's synchronous work is
  // done, and before any Event is read off a socket; for the full-screen
  // console once its first frame is drawn (for --demo that waits for its
  // relay), after the bin's code cache is made: V8 refuses a cache made
  // under other flags than the next run's.
  let shaped = false;
  let fullScreen = false;
  const shape = () => {
    if (shaped) return;
    shaped = true;
    shapeHeap();
  };
  const firstFrame = {
    starts: () => {
      fullScreen = true;
    },
    none: () => shape(),
    drawn: () => {
      try {
        boot.firstFrame?.();
      } catch {
        // the bin's cache is a speed-up: never a reason for the console to stop
      }
      shape();
    },
  };
  setImmediate(() => {
    if (!fullScreen) shape();
  });
  try {
    process.exitCode = await main(argv, { ...defaultIO, crash, firstFrame });
  } catch (error) {
    crash.crash(error, 'error');
  }
}
