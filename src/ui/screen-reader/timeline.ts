// A session's timeline (t) read as sentences: whose session, how many
// Events, then each Event in the timeline's order (timeline-order.ts), when
// it happened, what it is and what it says, and which Event caused it, by
// its number ("Event 4, 10:00:02, tool.requested: Bash rm -rf build,
// caused by event 3."). The request itself is named as such.
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import type { Fetched } from '../model.js';
import type { Glyphs } from '../glyphs.js';
import { spokenKeys } from '../key-labels.js';
import { aboutText } from '../inbox/timeline-view.js';
import { timelineRows } from '../inbox/timeline-order.js';
import { plural } from './words.js';

function clock(time: string): string {
  const m = /T(\d\d:\d\d:\d\d)/.exec(time);
  return m ? m[1] : 'an unreadable time';
}

export function timelineSentences(
  record: RequestRecord | undefined,
  fetched: Fetched | undefined,
  g: Glyphs,
): string[] {
  if (!record) return [spokenKeys('timeline', 'This request is no longer held. {back} returns to the list.')];
  const whose = `Timeline of the session ${displayLine(record.session, 60)} of ${displayLine(record.agent, 40)}`;
  if (!fetched || fetched.state === 'loading') return [`${whose}: reading the relay.`];
  const result = fetched.result;
  if (!result.ok) return [`${whose}: could not read the session: ${displayLine(result.reason, 160)}.`];
  const events = result.events;
  if (!events.length) return [`${whose}: the relay holds no Events of this session.`];
  const rows = timelineRows(events);
  const gone = result.gap || result.dropped ? ' Older Events are not shown.' : '';
  const lines = [
    `${whose}: ${plural(rows.length, 'Event')}, oldest first, each after the Event that caused it.${gone}`,
  ];
  // Rows come in tree order: an Event's cause is the nearest row above it one level up.
  const parents: number[] = [];
  rows.forEach((row, i) => {
    parents[row.depth] = i;
    const event = events[row.index];
    const mine = event.id === record.id && event.source === record.source;
    // Deeper than the tree is drawn: its own cause is not the row one level up.
    const cause = row.deeper
      ? ', deep in a chain of causes'
      : row.depth > 0
        ? `, caused by event ${parents[row.depth - 1] + 1}`
        : '';
    const about = aboutText(events, row, g).trim();
    lines.push(
      `Event ${i + 1}${mine ? ', this request' : ''}, ${clock(event.time)}, ` +
        `${displayLine(event.type, 40)}${about ? `: ${about}` : ''}${row.loop ? ' (its causes loop)' : ''}${cause}.`,
    );
  });
  return lines;
}
