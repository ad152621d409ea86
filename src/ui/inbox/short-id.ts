// Short ids tell requests apart (Hostile input V): where the detail has no
// room for a request's whole id it cuts it, but never shorter than the part
// that tells it from every other request shown. Ids raised in one
// millisecond (ULIDs) share their first 16 characters, so a fixed cut at 16
// showed the git push and the docker prune under one id.

import { displayLine } from '../../protocol/sanitize.js';
import { stringWidth } from '../text/wrap.js';

/** The cap the detail shows an id at (code points). */
export const ID_SHOWN_CHARS = 120;

/** An id as the detail shows it. */
export const shownId = (id: string): string => displayLine(id, ID_SHOWN_CHARS);

/**
 * Columns of the shortest prefix of `id` that no other id starts with, as
 * shown: one code point past the longest prefix it shares with any of
 * `others`; the whole id when another starts with all of it. Its own id
 * among `others` is skipped (the list holds the request itself). Compared
 * raw (no sanitizing per id: the list may hold thousands), measured shown.
 */
export function distinctColumns(id: string, others: Iterable<string>): number {
  const mine = Array.from(id);
  let shared = 0;
  for (const other of others) {
    if (other === id) continue;
    let n = 0;
    // Code point by code point, from the start, while they agree.
    for (const ch of other) {
      if (n >= mine.length || mine[n] !== ch) break;
      n++;
    }
    if (n > shared) shared = n;
  }
  return stringWidth(shownId(mine.slice(0, Math.min(mine.length, shared + 1)).join('')));
}
