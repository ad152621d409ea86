// Every secret the process knows (the bearer token from --token, AEP_TOKEN,
// each read of --token-file, the demo's token), and redaction of them from
// any text before it is shown, logged or printed. A relay can echo the
// Authorization header back in an error frame, a prompt or a close reason:
// the token must not reach the screen, stderr or `list` output.
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

import { foldSecret, foldedSpans, type FoldedSecret } from './fold.js';
import { readView } from './redact-view.js';

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
  prepared.clear();
}

/**
 * `text` with every known secret replaced by `[token]` and any `Bearer …`
 * credential by `Bearer [redacted]`. Returns the same string when there is
 * nothing to replace (the common case costs one pass per secret).
 */
export function redact(text: string): string {
  let out = withoutSecrets(text, ordered);
  // Bearer credentials the process never knew (another relay's, a proxy's) are hidden too.
  if (out.length >= 7 && /bearer/i.test(out)) out = out.replace(BEARER, '$1[redacted]');
  return out;
}

/**
 * `text` with each of `secrets` (longest first) replaced by `[token]`, also
 * where characters the eye skips split it (fold.ts): invisible ones (zero
 * widths, bidi, variation selectors, tags), combining marks, blank-looking
 * letters and spaces. Such a token still reads whole on screen, so it is
 * matched in the text with those folded away. The crash report scrubs its
 * own list the same way.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  if (!secrets.length) return text;
  let out = redactFolded(text, secrets);
  // A secret too short once folded is looked for only as it is.
  for (const secret of secrets) {
    if (folded(secret) === undefined && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  // Then as the text is read: escape sequences gone, percent-encoding
  // decoded, the sanitizer's markers gone (redact-view.ts).
  const read = readView(out);
  if (read) {
    const spans = foldedSpansAll(read.view, secrets).map(([a, b]): [number, number] => [
      read.starts[a],
      read.ends[b - 1],
    ]);
    if (spans.length) out = replaceSpans(out, spans);
  }
  return out;
}

/** Every span of `text` where one of `secrets` is found folded (longest first, none overlapping). */
function foldedSpansAll(text: string, secrets: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  let taken: Uint8Array | undefined;
  for (const secret of secrets) {
    const f = folded(secret);
    if (f === undefined) continue;
    for (const [start, end] of foldedSpans(text, f)) {
      taken ??= new Uint8Array(text.length);
      if (taken.subarray(start, end).includes(1)) continue;
      taken.fill(1, start, end);
      spans.push([start, end]);
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** `text` with each of `spans` (sorted, not overlapping) replaced by `[token]`. */
function replaceSpans(text: string, spans: readonly [number, number][]): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    if (start < from) continue;
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/** Secrets folded once (the same few are looked for in every text), up to a bound. */
const prepared = new Map<string, FoldedSecret | null>();
const PREPARED_CAP = 64;

function folded(secret: string): FoldedSecret | undefined {
  let f = prepared.get(secret);
  if (f === undefined) {
    if (prepared.size >= PREPARED_CAP) prepared.clear();
    f = foldSecret(secret, MIN_SECRET_CHARS) ?? null;
    prepared.set(secret, f);
  }
  return f ?? undefined;
}

/** Replaces each secret found in `text` once every folding code point is skipped (longest secrets first). */
function redactFolded(text: string, secrets: readonly string[]): string {
  const spans = foldedSpansAll(text, secrets);
  return spans.length ? replaceSpans(text, spans) : text;
}
