// Every secret the process knows (the bearer token from --token, AEP_TOKEN,
// each read of --token-file, the demo's token), and redaction of them from
// any text before it is shown, logged or printed. A relay can echo the
// Authorization header back in an error frame, a prompt or a close reason
// (issue 14): the token must not reach the screen, stderr or `list` output.
//
// One registry per process on purpose: the places text leaves the process
// (sanitize.ts for the screen, the CLI's stderr and `list` output, the crash
// report) are far apart, and a token forgotten in one of them is a leak.
// Pure apart from that registry; nothing here does I/O.

/** What a secret is replaced by. */
export const REDACTED = '[token]';

/**
 * Secrets shorter than this are not replaced inside other text: a token of
 * one or two characters would turn every occurrence of those letters on the
 * screen into `[token]`. Any `Bearer x` credential is still redacted.
 */
export const MIN_SECRET_CHARS = 4;

const secrets = new Set<string>();
/** Longest first, so a secret that contains another is replaced whole. */
let ordered: string[] = [];

// The invisible formatters sanitize.ts shows as markers, and tag characters.
const INVISIBLE_CLASS = '[\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]|\\udb40[\\udc00-\\udc7f]';
const INVISIBLE = new RegExp(INVISIBLE_CLASS);
/** Per secret: the secret with any run of invisible characters between its characters. */
const splitPatterns = new Map<string, RegExp>();

function splitPattern(secret: string): RegExp {
  let pattern = splitPatterns.get(secret);
  if (!pattern) {
    const units = [...secret].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
    pattern = new RegExp(units.join(`(?:${INVISIBLE_CLASS})*`), 'g');
    splitPatterns.set(secret, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}
const BEARER = /(Bearer\s+)[^\s'"\\,;]+/gi;

/** Remembers a secret for redaction from now on (trimmed too: a token file ends with a newline). */
export function addSecret(secret: string | undefined | null): void {
  if (typeof secret !== 'string') return;
  let changed = false;
  for (const s of new Set([secret, secret.trim()])) {
    if (s.length < MIN_SECRET_CHARS || secrets.has(s)) continue;
    secrets.add(s);
    changed = true;
  }
  if (!changed) return;
  ordered = [...secrets].sort((a, b) => b.length - a.length);
}

/** Every secret known, longest first (the crash report scrubs the same set). */
export function knownSecrets(): readonly string[] {
  return ordered;
}

/** Tests only: forget every secret. */
export function forgetSecrets(): void {
  secrets.clear();
  splitPatterns.clear();
  ordered = [];
}

/**
 * `text` with every known secret replaced by `[token]` and any `Bearer …`
 * credential by `Bearer [redacted]`. Returns the same string when there is
 * nothing to replace (the common case costs one scan per secret).
 */
export function redact(text: string): string {
  let out = text;
  // A token split by invisible characters (zero-width, bidi, tags) would still
  // read whole on screen, where each becomes a small marker: look through them.
  for (const secret of ordered) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  if (ordered.length && INVISIBLE.test(out)) {
    for (const secret of ordered) out = out.replace(splitPattern(secret), REDACTED);
  }
  // Bearer credentials the process never knew (another relay's, a proxy's) are hidden too.
  if (out.length >= 7 && /bearer/i.test(out)) out = out.replace(BEARER, '$1[redacted]');
  return out;
}
