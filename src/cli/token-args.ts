// The bearer token from --token, --token-file or AEP_TOKEN: checked once at
// start-up (a header-safe line, a private file), and for --token-file
// re-read before every connect.
import { readRegularFile } from '../files/regular-file.js';
import type { ConsoleOptions } from './options.js';
import { printable, UsageError } from './usage-error.js';

/**
 * The token as the relay clients take it: with --token-file, a provider that
 * re-reads the file (same checks, same one-line errors, never the token)
 * before every connect, so a rotated token is picked up without a restart;
 * otherwise the token read once. `remember` sees every token read.
 */
export function tokenSource(
  options: Pick<ConsoleOptions, 'token' | 'tokenFile'>,
  remember?: (token: string) => void,
): string | (() => string) | undefined {
  const file = options.tokenFile;
  if (file === undefined) return options.token;
  return () => {
    const token = readTokenFile(file);
    remember?.(token);
    return token;
  };
}

export function readToken(
  flag: string | undefined,
  file: string | undefined,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (flag !== undefined && file !== undefined) throw new UsageError('give either --token or --token-file, not both');
  if (flag !== undefined) {
    if (!flag.trim()) throw new UsageError('--token is empty');
    return checkTokenText(flag.trim(), '--token');
  }
  if (file !== undefined) return readTokenFile(file);
  const fromEnv = env.AEP_TOKEN;
  return fromEnv && fromEnv.trim() ? checkTokenText(fromEnv.trim(), 'AEP_TOKEN') : undefined;
}

/**
 * The token goes into an Authorization header: a character a header cannot
 * carry (a control, anything beyond ASCII such as "€") would make every
 * request throw deep in the HTTP client. Said once, up front, without the
 * token (a bearer token is printable ASCII, RFC 6750 §2.1).
 */
function checkTokenText(token: string, from: string): string {
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad) {
    const cp = bad[0].codePointAt(0) ?? 0;
    throw new UsageError(
      `${from}: the token holds a character an HTTP header cannot carry ` +
        `(U+${cp.toString(16).toUpperCase().padStart(4, '0')} at position ${bad.index + 1}); a ` +
        `bearer token is printable ASCII`,
    );
  }
  return token;
}

/** A token file is one short line; a larger file is not a token file. */
const TOKEN_FILE_MAX_BYTES = 64 * 1024;

function readTokenFile(file: string): string {
  const read = readRegularFile(file, TOKEN_FILE_MAX_BYTES);
  if (!read.ok) throw new UsageError(`--token-file ${printable(file)} ${read.reason}`);
  const mode = read.mode;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(
      `--token-file ${printable(file)} is accessible by other users (mode ${octal}); fix it with: chmod 600 ${shellWord(printable(file))}`,
    );
  }
  const token = read.text.trim();
  if (!token) throw new UsageError(`--token-file ${printable(file)} is empty`);
  if (/\s/.test(token)) throw new UsageError(`--token-file ${printable(file)} must hold the token alone on one line`);
  return checkTokenText(token, `--token-file ${printable(file)}`);
}

/** A path as the user can paste it into a shell. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
