// The crash report file: what a maintainer needs to find the bug (version,
// time, what failed, the stack), and never the bearer token: every secret the
// process knows is scrubbed from every line, the argument after --token is
// redacted, and only a few harmless environment variables are copied at all.

import { writeFileCarefully } from '../files/write.js';
import { checkDir } from '../files/trust.js';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { withoutSecrets } from '../protocol/redact.js';

export interface CrashFacts {
  version: string;
  /** What failed: "uncaught exception", "unhandled rejection", "render error"… */
  kind: string;
  error: unknown;
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  secrets: readonly string[];
  time: Date;
}

/** Environment variables worth a look in a terminal bug and harmless to copy. */
const ENV_SHOWN = ['TERM', 'COLORTERM', 'TERM_PROGRAM', 'LANG', 'LC_ALL', 'NO_COLOR', 'NODE_ENV', 'AEP_RELAY'];
/** Present or not is useful; their values are not (or are secret). */
const ENV_PRESENCE = ['AEP_TOKEN', 'TMUX', 'SSH_CONNECTION', 'NODE_EXTRA_CA_CERTS'];

const MAX_REPORT = 64 * 1024;

/** Replaces every secret (and any `Bearer x` credential) in `text`. */
export function scrub(text: string, secrets: readonly string[]): string {
  // Longest first, so a secret that contains another is replaced whole; split by invisible characters too.
  const out = withoutSecrets(
    text,
    [...secrets].filter(Boolean).sort((a, b) => b.length - a.length),
  );
  return out.replace(/(Bearer\s+)[^\s'"]+/gi, '$1[redacted]');
}

/** The command line with the value of --token replaced, whatever its spelling. */
export function redactArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (/^--?token$/.test(arg) && i + 1 < argv.length) {
      out.push(arg, '[redacted]');
      i++;
    } else if (/^--?token=/.test(arg)) {
      out.push(`${arg.split('=')[0]}=[redacted]`);
    } else {
      out.push(arg);
    }
  }
  return out;
}

function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined; depth++) {
    if (current instanceof Error) {
      parts.push(`${depth ? 'caused by: ' : ''}${current.stack ?? `${current.name}: ${current.message}`}`);
      current = current.cause;
    } else {
      parts.push(`${depth ? 'caused by: ' : ''}thrown value: ${inspect(current, { depth: 3, breakLength: 100 })}`);
      current = undefined;
    }
  }
  return parts.join('\n');
}

export function reportText(facts: CrashFacts): string {
  const env = [
    ...ENV_SHOWN.filter((name) => facts.env[name] !== undefined).map((name) => `${name}=${facts.env[name]}`),
    ...ENV_PRESENCE.filter((name) => facts.env[name] !== undefined).map((name) => `${name}=(set)`),
  ];
  const text = [
    'aep-console crash report',
    `version: ${facts.version}`,
    `time: ${facts.time.toISOString()}`,
    `node: ${process.version} ${process.platform} ${process.arch}`,
    `what: ${facts.kind}`,
    `argv: ${redactArgv(facts.argv)
      .map((arg) => JSON.stringify(arg))
      .join(' ')}`,
    `env: ${env.join(' ') || '(none of interest)'}`,
    '',
    describe(facts.error),
    '',
  ].join('\n');
  return scrub(text, facts.secrets).slice(0, MAX_REPORT);
}

/**
 * The state directory: $XDG_STATE_HOME/aep-console, else
 * ~/.local/state/aep-console (the XDG default). The outbox, the decision
 * history and crash reports live there.
 */
export function stateDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/')) return join(env.XDG_STATE_HOME, 'aep-console');
  const home = env.HOME || homedir();
  return home ? join(home, '.local', 'state', 'aep-console') : undefined;
}

/** Where a crash report may go, in order: the state directory, then the temp directory when it cannot be made. */
export function reportDirs(env: NodeJS.ProcessEnv): string[] {
  const state = stateDir(env);
  return state ? [state, tmpdir()] : [tmpdir()];
}

/** Writes the report (mode 0600, written carefully: files/write.ts); its path, or the reason it could not be written. */
export function writeReport(facts: CrashFacts): { ok: true; file: string } | { ok: false; reason: string } {
  const text = reportText(facts);
  const stamp = facts.time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let reason = 'no directory';
  for (const dir of reportDirs(facts.env)) {
    const file = join(dir, `aep-console-crash-${stamp}-${process.pid}.txt`);
    // The state directory is written only when it is the operator's own (as
    // for the outbox, state-files.ts): a symlink or someone else's directory
    // is passed over for the temp directory, where 'wx' never follows a link.
    const unfit = dir === tmpdir() ? undefined : checkDir(dir, true);
    if (unfit) {
      reason = `${dir} is ${unfit}`;
      continue;
    }
    try {
      // The careful write (files/write.ts): a temporary file (O_EXCL, never through a planted name), flushed, renamed into place.
      writeFileCarefully(file, text);
      return { ok: true, file };
    } catch (error) {
      reason = (error as NodeJS.ErrnoException).code ?? 'error';
    }
  }
  return { ok: false, reason };
}
