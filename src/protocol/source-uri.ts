// What an Event's `source` may be, read by scans rather than regular
// expressions (a fleet has a source per session, read at intake speed).
// A source is an absolute URI of RFC 3986 characters only (no spaces,
// controls or non-ASCII, so a source can't smuggle display tricks either):
// /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/,
// checked by isUriSource's scan (test/protocol/uri-source.test.ts holds it to that pattern).

/**
 * Whether `source` is an absolute URI of RFC 3986 characters (the URI pattern
 * at the top of this file), by a scan over a table of allowed characters: a fleet has a source
 * per session, thousands of them, too many to remember and too many to run a
 * regular expression on each time.
 */
export function isUriSource(source: string): boolean {
  const n = source.length;
  if (n === 0 || !isAlpha(source.charCodeAt(0))) return false;
  let i = 1;
  for (; i < n; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x3a) break; // the scheme's ':'
    if (!(isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2e || c === 0x2d)) return false;
  }
  if (i === n) return false;
  for (i++; i < n; i++) {
    const c = source.charCodeAt(i);
    if (c < 128 && URI_CHAR[c] === 1) continue;
    if (c !== 0x25 || i + 2 >= n || !isHex(source.charCodeAt(i + 1)) || !isHex(source.charCodeAt(i + 2))) return false;
    i += 2;
  }
  return true;
}

const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
/** 1 for the characters a URI may hold outside the scheme without %-escape. */
const URI_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=")
  URI_CHAR[c.charCodeAt(0)] = 1;

/**
 * The host of an `aep://host/...` source ('' for anything else), without
 * userinfo. Still producer text: pass it through displayText.
 */
export function hostFromSource(source: unknown): string {
  if (typeof source !== 'string' || source.length < 6) return '';
  // Read once per request as it arrives: a scan, not a regular expression and its match.
  if (!source.startsWith('aep://') && source.slice(0, 6).toLowerCase() !== 'aep://') return '';
  const limit = Math.min(source.length, 2048);
  let end = 6;
  let at = 5;
  for (; end < limit; end++) {
    const c = source.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break; // / ? #
    if (c === 0x40) at = end; // @
  }
  return source.slice(at + 1, end);
}
