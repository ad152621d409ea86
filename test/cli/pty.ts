// Runs the real console (test/cli/run-cli.ts, as the bin does; built once,
// see cli-entry.ts) inside a pseudo-terminal made by util-linux `script`
// (bsdutils: on every Debian).
// Inside the pty a shell records the terminal modes before and after, the
// console's stderr in a file of its own and its exit code, so a test can see
// every byte the console wrote and whether it left the terminal as it found it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEntry } from './cli-entry.js';
import { Screen } from '../support/vt.js';
import { patient } from '../support/patience.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const runner = await cliEntry();

export interface PtyResult {
  /** Exit code of the console (from inside the pty). */
  code: number;
  /** Everything written to the terminal (the console's stdout, and the shell's nothing). */
  output: string;
  stderr: string;
  sttyBefore: string;
  sttyAfter: string;
}

export interface PtyRun {
  /** The console's pid, once it runs. */
  pid(): number | undefined;
  output(): string;
  /** Resolves once the terminal output (from offset `from` on), escapes stripped, matches; from the start, also the screen it leaves. */
  until(pattern: RegExp, what: string, ms?: number, from?: number): Promise<void>;
  /** Resolves once the raw terminal output (escapes and all), from offset `from` on, matches. */
  untilRaw(pattern: RegExp, what: string, from: number): Promise<void>;
  type(keys: string): void;
  /** Kills the terminal itself, as closing its window or losing SSH does. */
  hangUp(): void;
  done: Promise<PtyResult>;
}

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function plain(text: string): string {
  return text.replace(/\u001b\[[0-9;?:]*[A-Za-z]/g, ' ').replace(/\s+/g, ' ');
}

export function runInPty(args: string[], options: { dir: string; env: Record<string, string> }): PtyRun {
  const file = (name: string) => join(options.dir, name);
  const command = [
    'stty cols 100 rows 30',
    `stty -g > ${file('stty-before')}`,
    `node ${shellQuote(runner)} ${args.map(shellQuote).join(' ')} 2> ${file('stderr')}`,
    `echo $? > ${file('code')}`,
    `stty -g > ${file('stty-after')}`,
  ].join('; ');
  return inPty(command, options);
}

/** The console's command line, as a shell would run it (for a test that types it into a shell of its own). */
export function consoleCommand(args: string[]): string {
  return `node ${shellQuote(runner)} ${args.map(shellQuote).join(' ')}`;
}

/**
 * An interactive shell in the pty, with job control (as in a terminal
 * window): a test types its commands. `script` makes the pty the shell's
 * controlling terminal, and the shell gives each job a process group.
 */
export function shellInPty(options: { dir: string; env: Record<string, string> }): PtyRun {
  return inPty(`stty cols 100 rows 30; exec bash --norc --noprofile -i`, options);
}

function inPty(command: string, options: { dir: string; env: Record<string, string> }): PtyRun {
  const file = (name: string) => join(options.dir, name);
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', SHELL: '/bin/sh', TERM: 'xterm-256color', LANG: 'C.UTF-8', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const screen = new Screen(100, 30, true);
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    screen.write(chunk);
    for (const waiter of waiters) waiter();
  });
  child.stderr.resume();
  const done = new Promise<PtyResult>((resolve, reject) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), patient(30_000));
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(killer);
      child.stdin.destroy();
      const read = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), 'utf8') : '');
      resolve({
        code: Number(read('code').trim() || NaN),
        output,
        stderr: read('stderr'),
        sttyBefore: read('stty-before').trim(),
        sttyAfter: read('stty-after').trim(),
      });
    });
  });
  const until = (test: () => boolean, what: string, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!test()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `timed out waiting for ${what}; output so far:\n${plain(output).slice(-2000)}\nscreen:\n${screen.text().join('\n')}`,
          ),
        );
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  // The frame writer sends only the cells that change: text on screen (an age, a typed reply) may never
  // appear whole in the output stream, so a wait from the start also reads the screen it leaves. A wait
  // from an offset is for what came after it, which the screen cannot tell apart.
  const onScreen = (pattern: RegExp) => pattern.test(screen.text().join(' ').replace(/\s+/g, ' '));
  return {
    pid: () => descendants(child.pid ?? -1).find((pid) => isConsole(cmdline(pid))),
    output: () => output,
    until: (pattern, what, ms = patient(20_000), from = 0) =>
      until(() => pattern.test(plain(output.slice(from))) || (from === 0 && onScreen(pattern)), what, ms),
    untilRaw: (pattern, what, from) => until(() => pattern.test(output.slice(from)), what, patient(20_000)),
    type: (keys) => child.stdin.write(keys),
    hangUp: () => child.kill('SIGKILL'),
    done,
  };
}

/**
 * The console's process: node running the runner, or, once meow has parsed
 * the arguments, retitled "aep-console" (which also overwrites the argv that
 * /proc shows). The shell around it names the runner too, so not that.
 */
function isConsole(command: string): boolean {
  return command.startsWith('aep-console') || (/^(\S*\/)?node /.test(command) && command.includes(runner));
}

/** argv of a process, NUL-separated arguments joined with spaces. */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Every process below `pid` (children, grandchildren…), from /proc. */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The CLI without a terminal (pipes), as scripts run `list`. */
export function runPiped(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [runner, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), patient(30_000));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code: code ?? 128 + (signal === 'SIGKILL' ? 9 : 0), stdout, stderr });
    });
  });
}

/**
 * Resolves once process `pid` is gone, or after 10 s (the caller asserts
 * which). A console is a grandchild of the terminal a test kills, so the
 * terminal's exit does not say the console has gone; /proc is read every 50 ms.
 */
export async function exited(pid: number): Promise<boolean> {
  const gone = Date.now() + patient(10_000);
  while (existsSync(`/proc/${pid}`) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 50));
  return !existsSync(`/proc/${pid}`);
}
