// `t`: a session's recent Events, each emitter's in (epoch, seq) order
// (oldest first), each nested under the Event its `cause` names when that
// was read too (timeline-order.ts): runs, tool calls, messages, attention,
// commands. A lifecycle Event says which request it is about. Windowed
// (widgets/window.ts) so it fits 80x24; every producer string is sanitized.

import { displayLine } from '../../protocol/sanitize.js';
import type { AepEvent } from '../../protocol/types.js';
import type { RequestRecord } from '../../store/types.js';
import type { Fetched } from '../model.js';
import type { Glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit, stringWidth } from '../text/wrap.js';
import { windowAt } from '../widgets/window.js';
import { eventSummary } from './event-summary.js';
import { isAboutRequest, timelineRows, type TimelineRow } from './timeline-order.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

/** Rows for Events under the title row. */
export function timelineRoom(height: number): number {
  return Math.max(1, height - 1);
}

function clock(time: string): string {
  const m = /T(\d\d:\d\d:\d\d)/.exec(time);
  return m ? m[1] : '--:--:--';
}

function color(type: string): string | undefined {
  if (type.startsWith('attention.')) return 'magenta';
  if (type.startsWith('control.')) return 'yellow';
  if (type.startsWith('tool.')) return 'cyan';
  if (type === 'run.cancelled' || type === 'run.failed') return 'red';
  if (type.startsWith('run.')) return 'green';
  return undefined;
}

const VERBS: Record<string, string> = {
  'attention.answered': 'answers',
  'attention.resolved': 'closes',
  'attention.timeout': 'closes',
  'attention.routed': 'routes',
  'control.attention.respond': 'answers',
};

/** The end of an id, which is what tells two ULIDs of one moment apart. */
function idTail(id: string, g: Glyphs): string {
  const shown = displayLine(id, 200);
  return shown.length <= 8 ? shown : `${g.utf8 ? '…' : '...'}${shown.slice(-6)}`;
}

/**
 * What a lifecycle Event says about its request, its own words after:
 * `closes …K9Q2C7: after 45s "git push --force"`. The id end comes first,
 * so a narrow row still says which request it is about.
 */
export function aboutText(events: readonly AepEvent[], row: TimelineRow, g: Glyphs): string {
  const event = events[row.index];
  const summary = eventSummary(event);
  if (!isAboutRequest(event)) return summary ? ` ${summary}` : '';
  const verb = VERBS[event.type] ?? 'about';
  const head = ` ${verb} ${idTail(event.subject as string, g)}${summary ? `: ${summary}` : ''}`;
  if (row.about === undefined) return `${head} (request not among the Events read)`;
  const data = events[row.about].data;
  return typeof data?.prompt === 'string' ? `${head} "${displayLine(data.prompt, 80)}"` : head;
}

function treeIndent(row: TimelineRow, g: Glyphs): string {
  if (!row.depth) return '';
  const branch = row.deeper ? (g.utf8 ? '»' : '+') : g.utf8 ? '└' : '`';
  return `${'  '.repeat(row.depth)}${branch} `;
}

function eventLine(
  events: readonly AepEvent[],
  row: TimelineRow,
  record: RequestRecord,
  width: number,
  g: Glyphs,
): Line {
  const event = events[row.index];
  const mine = event.id === record.id && event.source === record.source;
  const type = displayLine(event.type, 40);
  const head = `${mine ? (g.utf8 ? '▶' : '>') : ' '} ${clock(event.time)} ${treeIndent(row, g)}`;
  const rest = Math.max(0, width - head.length - type.length);
  const text = `${row.loop ? ' (cause loops)' : ''}${aboutText(events, row, g)}`;
  return [
    seg(head, { dim: !mine, bold: mine }),
    seg(type, { color: color(event.type), bold: mine }),
    seg(fit(text, rest)),
  ];
}

export function buildTimelineLines(
  record: RequestRecord | undefined,
  fetched: Fetched | undefined,
  width: number,
  height: number,
  start: number,
  g: Glyphs,
): Line[] {
  if (!record)
    return [
      [
        seg(fit(withKeys('timeline', 'This request is no longer held. {back} returns to the list.'), width), {
          color: 'yellow',
        }),
      ],
    ];
  const who = `${displayLine(record.agent, 30)} ${glyphs().dot} session ${displayLine(record.session, 40)}`;
  const title = (note: string, style: { color?: string; dim?: boolean } = { dim: true }): Line => [
    seg('Timeline ', { bold: true }),
    seg(fit(`${who}${note}`, Math.max(0, width - 9)), style),
  ];
  if (!fetched || fetched.state === 'loading') return [title(` ${glyphs().dot} reading the relay${glyphs().ellipsis}`)];
  const result = fetched.result;
  if (!result.ok)
    return [
      title(''),
      [seg(fit(`Could not read the session: ${displayLine(result.reason, 160)}`, width), { color: 'yellow' })],
    ];
  const events = result.events;
  if (!events.length)
    return [title(''), [seg(fit('The relay holds no Events of this session.', width), { dim: true })]];
  const rows = timelineRows(events);
  const room = timelineRoom(height);
  const window = windowAt(rows.length, room, start < 0 ? rows.length : start, (i) => rows[i]);
  const gone = result.gap || result.dropped ? ` ${glyphs().dot} older Events not shown` : '';
  const place =
    window.above || window.below
      ? ` ${glyphs().dot} ${window.start + 1}-${window.start + window.rows.length} of ${rows.length}`
      : ` ${glyphs().dot} ${rows.length} Events`;
  // Dropped first where the title is too long: where the rows are and what is gone matter more.
  const how =
    stringWidth(`Timeline ${who}${place}${gone} ${glyphs().dot} nested by cause`) <= width
      ? ` ${glyphs().dot} nested by cause`
      : '';
  return [title(`${place}${gone}${how}`), ...window.rows.map((row) => eventLine(events, row, record, width, g))];
}

/** Rows the timeline of these Events has (a duplicate Event is shown once): the keys scroll within them. */
export function timelineRowCount(events: readonly AepEvent[]): number {
  return timelineRows(events).length;
}
