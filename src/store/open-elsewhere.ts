// Who else has a request open: the newest
// note another console sent about it (attention.routed with
// `data.to` = `aep-console:<name>`), while it is younger than the lapse and
// the request is still open. A console never shows its own instance (its
// `source`, RelayStatus.noticeSource). Pure: read from the record and a clock.
import { displayLine } from '../protocol/sanitize.js';
import { consoleRouteName, ROUTED_LAPSE_MS } from '../protocol/routed.js';
import { OPEN_STATES, type RequestRecord } from './types.js';

export interface OpenElsewhere {
  /** The other console's --name, as its note gives it (sanitize before display: openElsewhereText does). */
  name: string;
  /** When the note counts as sent (ms). */
  at: number;
}

/** The other console that has `record` open now, if any. */
export function openElsewhere(record: RequestRecord, now: number, own: string | undefined): OpenElsewhere | undefined {
  if (record.routed.length === 0 || !OPEN_STATES.has(record.state)) return undefined;
  let newest: OpenElsewhere | undefined;
  for (const note of record.routed) {
    if (note.at === undefined || (own !== undefined && note.source === own)) continue;
    const name = consoleRouteName(note.to);
    if (name === undefined || now - note.at >= ROUTED_LAPSE_MS) continue;
    if (!newest || note.at >= newest.at) newest = { name, at: note.at };
  }
  return newest;
}

/** When the last console note about `record` lapses (undefined: none is live): a cached row is rebuilt then. */
export function openNoteLapsesAt(record: RequestRecord, now: number): number | undefined {
  let last: number | undefined;
  for (const note of record.routed) {
    if (note.at === undefined || consoleRouteName(note.to) === undefined) continue;
    const lapse = note.at + ROUTED_LAPSE_MS;
    if (lapse > now && (last === undefined || lapse > last)) last = lapse;
  }
  return last;
}

/** "12 s ago", "1 min ago": how long since the note, as the detail says it. */
export function agoText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} s ago` : `${Math.floor(s / 60)} min ago`;
}

/** "open in console ops-2, 12 s ago" (the detail). */
export function openElsewhereText(open: OpenElsewhere, now: number): string {
  return `open in console ${displayLine(open.name, 40)}, ${agoText(now - open.at)}`;
}

/** "open in console ops-2" (a row: no age, so the row holds still while the note does). */
export function openElsewhereWord(open: OpenElsewhere): string {
  return `open in console ${displayLine(open.name, 24)}`;
}
