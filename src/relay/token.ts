// The token for one connect. A provider (the CLI re-reads --token-file) is
// asked every time, so a rotated token is picked up without a restart; when
// it fails, the last token it gave is used and the reason, never the token,
// is returned for the status line.
import { displayLine } from '../protocol/sanitize.js';

export function readToken(
  source: string | (() => string | undefined) | undefined,
  last: string | undefined,
): { token: string | undefined; failure?: string } {
  if (typeof source !== 'function') return { token: source };
  try {
    return { token: source() };
  } catch (err) {
    return { token: last, failure: displayLine(err instanceof Error ? err.message : 'unknown error', 200) };
  }
}
