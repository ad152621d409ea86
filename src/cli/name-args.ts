// `--name`: who answered, as other consoles, the history and the agents see
// it. Without the flag it is the operator: `$USER@host` (the contract's
// wording), so two people on one relay are two names, not one shared
// "aep-console". The name is the `agent` of every command and the last
// segment of its source URI (protocol/respond.ts percent-encodes it), so it
// is kept to characters that read the same everywhere: what the login name
// or the hostname holds beyond them becomes "_", and it is cut to 64.
import { hostname, userInfo } from 'node:os';
import { UsageError } from './usage-error.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const MAX_USER = 32;
const MAX_NAME = 64;

/** Only letters, digits, ".", "_" and "-"; no leading punctuation (a name starts with a letter or digit). */
function part(raw: string, max: number): string {
  return raw
    .replace(/[^A-Za-z0-9._-]/gu, '_')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, max);
}

function loginName(env: NodeJS.ProcessEnv): string {
  for (const raw of [env.USER, env.LOGNAME]) {
    const name = part(raw ?? '', MAX_USER);
    if (name) return name;
  }
  try {
    const name = part(userInfo().username, MAX_USER);
    if (name) return name;
  } catch {
    // No passwd entry for this uid (a container's arbitrary user): the uid names it.
  }
  return typeof process.getuid === 'function' ? `uid${process.getuid()}` : 'operator';
}

function hostName(): string {
  try {
    return hostname();
  } catch {
    return '';
  }
}

/** `$USER@host`, sanitized; always a valid `--name`. */
export function defaultName(env: NodeJS.ProcessEnv, host: string = hostName()): string {
  const user = loginName(env);
  // The user part is at most 32 characters: "localhost" always fits the rest.
  const machine = part(host, MAX_NAME - user.length - 1).replace(/[._-]+$/, '') || 'localhost';
  return `${user}@${machine}`;
}

/** The name given, checked, or the default when none was given. */
export function nameOption(raw: string | undefined, env: NodeJS.ProcessEnv): string {
  if (raw === undefined) return defaultName(env);
  if (!NAME.test(raw)) {
    throw new UsageError(
      '--name must be 1-64 characters of letters, digits, ".", "_", "-" or "@", starting with ' +
        'a letter or digit (it goes into the command source URI)',
    );
  }
  return raw;
}
