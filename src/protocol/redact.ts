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

import { isInvisible } from './invisible.js';

const secrets = new Set<string>();
/** Longest first, so a secret that contains another is replaced whole. */
let ordered: string[] = [];

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
  ordered = [];
}

/**
 * `text` with every known secret replaced by `[token]` and any `Bearer …`
 * credential by `Bearer [redacted]`. Returns the same string when there is
 * nothing to replace (the common case costs one scan per secret).
 */
export function redact(text: string): string {
  let out = withoutSecrets(text, ordered);
  // Bearer credentials the process never knew (another relay's, a proxy's) are hidden too.
  if (out.length >= 7 && /bearer/i.test(out)) out = out.replace(BEARER, '$1[redacted]');
  return out;
}

/**
 * `text` with each of `secrets` (longest first) replaced by `[token]`, also
 * where invisible characters split it: a token split by zero-width, bidi,
 * variation selectors or tags (the whole set of invisible.ts) still reads
 * whole on screen, so it is matched in the text with those folded away. The
 * crash report scrubs its own list the same way.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return secrets.length ? redactFolded(out, secrets) : out;
}

/** Replaces each secret found in `text` once every invisible code point is skipped. */
function redactFolded(text: string, secrets: readonly string[]): string {
  // Cheap exit: nothing invisible, nothing the plain pass could have missed.
  let any = false;
  for (let i = 0; i < text.length && !any; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xad && (isInvisible(c) || (c >= 0xd800 && c <= 0xdbff && isInvisible(text.codePointAt(i) ?? 0)))) any = true;
  }
  if (!any) return text;
  // folded[k] is visible code unit k; at[k] is where it sits in `text`.
  let folded = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    const units = cp > 0xffff ? 2 : 1;
    if (!isInvisible(cp)) {
      folded += text.slice(i, i + units);
      for (let u = 0; u < units; u++) at.push(i + u);
    }
    i += units;
  }
  // Spans of `text` to replace, from matches in `folded` (longest secrets first).
  const spans: [number, number][] = [];
  const taken = new Uint8Array(folded.length);
  for (const secret of secrets) {
    for (let k = folded.indexOf(secret); k !== -1; k = folded.indexOf(secret, k + secret.length)) {
      if (taken[k] || taken[k + secret.length - 1]) continue;
      taken.fill(1, k, k + secret.length);
      spans.push([at[k], at[k + secret.length - 1] + 1]);
    }
  }
  if (!spans.length) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}
