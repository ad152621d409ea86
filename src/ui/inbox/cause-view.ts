// The detail's "what caused it" (after the prompt): the request's
// own cause as the one resolver sees it (store/cause.ts: the Event its
// `cause` names, from its source and session), and what cancel / pause did
// to the session. Each unknown (absent, unreachable, withheld, only someone
// else's Event under that id) is said in one line, never guessed, and
// another emitter's Event is never shown as the cause.

import { displayLine } from '../../protocol/sanitize.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import type { RequestRecord } from '../../store/types.js';
import { isFromFile } from '../../store/file-relay.js';
import type { CauseState } from '../../store/cause.js';
import type { AepEvent } from '../../protocol/types.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { contentWithheld, eventSummary, toolArgs, toolName } from './event-summary.js';
import { sessionLine } from './control-status.js';
import { glyphs } from '../glyphs.js';
import { causeEdit } from './diff-view.js';

const LABEL = 'Cause: ';

export function causeLines(record: RequestRecord, cause: CauseState, width: number, store: StoreSnapshot): Line[] {
  const lines = causeOnly(record, cause, width);
  const session = sessionLine(record, store);
  if (session) lines.push([seg(fit(session.text, width), { color: session.color })]);
  return lines;
}

function say(text: string, width: number, color?: string): Line[] {
  return [
    [seg(LABEL, { bold: true }), seg(fit(text, Math.max(0, width - LABEL.length)), color ? { color } : { dim: true })],
  ];
}

/** An Event under the cause id that is not this request's own: named as such, with whose it is. */
function notOurs(event: AepEvent, session: boolean): string {
  const whose = session ? `session ${displayLine(event.session ?? '', 40)}` : displayLine(event.source, 60);
  return `${displayLine(event.id, 40)}: not this agent's Event (it is from ${whose}); the cause is not known.`;
}

/** The cause as the detail and the screen reader say it: one line, unless it is a tool call with arguments. */
export function causeText(record: RequestRecord, cause: CauseState): string | undefined {
  if (!record.cause) return undefined;
  const id = displayLine(record.cause, 40);
  if (isFromFile(record)) return `${id} (history from a file: the relay is not asked).`;
  switch (cause.state) {
    case 'none':
      return undefined;
    case 'unread':
    case 'reading':
      return `reading ${id} from the relay${glyphs().ellipsis}`;
    case 'unreadable':
      return `could not be read: ${displayLine(cause.reason, 120)}.`;
    case 'timed-out':
      return `could not be read in time: ${displayLine(cause.reason, 120)}.`;
    case 'absent':
      return `${id} is not held by the relay (gone from its buffer, or filtered).`;
    case 'foreign':
      return notOurs(cause.event, false);
    case 'other-session':
      return notOurs(cause.event, true);
    case 'conflicting':
      // Short: it is one line of the detail, cut at the pane's width (80 columns leave it whole).
      return `${id}: two different Events carry it; cause unknown.`;
    case 'withheld':
    case 'event':
      return `${displayLine(cause.event.type, 40)} ${eventSummary(cause.event)}`.trim();
  }
}

function causeOnly(record: RequestRecord, cause: CauseState, width: number): Line[] {
  // No cause named: nothing to say (the rows go to the prompt and controls).
  const text = causeText(record, cause);
  if (text === undefined) return [];
  const event = cause.state === 'event' || cause.state === 'withheld' ? cause.event : undefined;
  if (!event || isFromFile(record))
    return say(
      text,
      width,
      cause.state === 'unread' || cause.state === 'reading' || isFromFile(record) ? undefined : 'yellow',
    );
  if (!event.type.startsWith('tool.')) return say(text, width);
  const lines: Line[] = [
    [
      seg(LABEL, { bold: true }),
      seg(fit(`${displayLine(event.type, 40)} ${toolName(event)}`, Math.max(0, width - LABEL.length))),
    ],
  ];
  const args = toolArgs(event);
  if (args === undefined) {
    const why = contentWithheld(event)
      ? `arguments withheld (capture ${displayLine(event.capture ?? 'metadata', 10)}; only their digest is sent)`
      : 'no arguments carried';
    lines.push([seg(fit(`  ${why}`, width), { dim: true })]);
    return lines;
  }
  // An edit's strings are read in its diff below: each argument keeps one row, so the diff gets the room.
  const rows = causeEdit(record, cause)?.state === 'diff' ? 1 : 3;
  args.forEach((arg, i) => {
    for (const l of wrapText(arg, Math.max(10, width - 4)).slice(0, rows))
      lines.push(
        argumentRow([seg(`  ${glyphs().rule} `, { dim: true }), seg(fit(l, width - 4), { color: 'cyan' })], i),
      );
  });
  return lines;
}

/** Which argument a row of the cause shows (kept beside the row, as targets.ts keeps a click's): the detail counts what it cannot show. */
const argumentRows = new WeakMap<Line, number>();

function argumentRow(row: Line, index: number): Line {
  argumentRows.set(row, index);
  return row;
}

/** The argument `row` shows (its index among the cause's), or undefined for any other row. */
export function argumentOf(row: Line): number | undefined {
  return argumentRows.get(row);
}
