// What a list row says of a request in few columns: its prompt's excerpt,
// its kind where it is not the common one, and its severity in four letters.
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import { fit, stringWidth } from '../text/wrap.js';
import { glyphs } from '../glyphs.js';

/** A severity in four letters, as its row column says it. */
export const SEVERITY_WORD: Record<string, string> = {
  critical: 'crit',
  error: 'err',
  warning: 'warn',
  notice: 'note',
  info: 'info',
  debug: 'dbug',
};

/** The kind, where it is not the common case (a permission prompt). */
export function kindTag(record: RequestRecord): string {
  const kind = record.payload.kind || 'unknown';
  return kind === 'permission' ? '' : `[${displayLine(kind, 12)}] `;
}

/** A separator that ends a boilerplate lead-in ("Permission requested: ", "codex asks — "). */
const LEAD_IN = /^(.{3,48}?)(?::\s+|\s+\u2014\s+|\s+-\s+)/;

/**
 * As much of the prompt as fits in `room` columns. When it does not all fit
 * it is cut where it says least: an agent's own lead-in before the command
 * ("Permission requested: Bash — rm -rf build/" keeps "Bash — rm -rf build/",
 * and in a narrower room "rm -rf build/").
 */
export function promptExcerpt(prompt: string, room: number): string {
  if (room <= 0) return '';
  let text = displayLine(prompt, 400);
  if (stringWidth(text) <= room) return text;
  // Lead-ins are dropped one at a time while it still does not fit
  // ("Permission requested: " then "Bash — "), never down to a stub.
  for (let cut = 0; cut < 3 && stringWidth(text) + (cut ? 1 : 0) > room; cut++) {
    const lead = LEAD_IN.exec(text.startsWith(glyphs().cut) ? text.slice(1) : text);
    if (!lead) break;
    const rest = (text.startsWith(glyphs().cut) ? text.slice(1) : text).slice(lead[0].length);
    if (rest.length < 12) break;
    text = `${glyphs().cut}${rest}`;
  }
  return fit(text, room);
}
