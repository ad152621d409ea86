// `t`: a session's recent Events, in the order the relay holds them (newest
// last), each indented under the Event its `cause` names when that is in
// the window too: runs, tool calls, messages, attention, commands. Windowed
// (widgets/window.ts) so it fits 80x24; every producer string is sanitized.

import { displayLine } from '../../protocol/sanitize.js';
import type { AepEvent } from '../../protocol/types.js';
import type { RequestRecord } from '../../store/types.js';
import type { Fetched } from '../model.js';
import type { Glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { windowAt } from '../widgets/window.js';
import { eventSummary } from './event-summary.js';
import { glyphs } from '../glyphs.js';

/** Rows for Events under the title row. */
export function timelineRoom(height: number): number {
  return Math.max(1, height - 1);
}

const MAX_DEPTH = 6;

/** Each Event's depth in the cause tree (within the Events read). */
export function causeDepths(events: AepEvent[]): number[] {
  const at = new Map<string, number>();
  events.forEach((event, i) => at.set(event.id, i));
  const depths: number[] = new Array(events.length).fill(-1);
  const depthOf = (i: number, guard: number): number => {
    if (depths[i] >= 0) return depths[i];
    const parent = events[i].cause !== undefined ? at.get(events[i].cause as string) : undefined;
    // A cause later in the list, or a cycle (hostile data), ends the chain.
    const d = parent === undefined || parent >= i || guard > MAX_DEPTH ? 0 : Math.min(MAX_DEPTH, depthOf(parent, guard + 1) + 1);
    depths[i] = d;
    return d;
  };
  events.forEach((_, i) => depthOf(i, 0));
  return depths;
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

export function buildTimelineLines(record: RequestRecord | undefined, fetched: Fetched | undefined, width: number, height: number, start: number, g: Glyphs): Line[] {
  if (!record) return [[seg(fit('This request is no longer held. Esc returns to the list.', width), { color: 'yellow' })]];
  const who = `${displayLine(record.agent, 30)} ${glyphs().dot} session ${displayLine(record.session, 40)}`;
  const title = (note: string, style: { color?: string; dim?: boolean } = { dim: true }): Line => [seg('Timeline ', { bold: true }), seg(fit(`${who}${note}`, Math.max(0, width - 9)), style)];
  if (!fetched || fetched.state === 'loading') return [title(` ${glyphs().dot} reading the relay${glyphs().ellipsis}`)];
  const result = fetched.result;
  if (!result.ok) return [title(''), [seg(fit(`Could not read the session: ${displayLine(result.reason, 160)}`, width), { color: 'yellow' })]];
  const events = result.events;
  if (!events.length) return [title(''), [seg(fit('The relay holds no Events of this session.', width), { dim: true })]];
  const room = timelineRoom(height);
  const depths = causeDepths(events);
  const window = windowAt(events.length, room, start < 0 ? events.length : start, (i) => i);
  const gone = result.gap || result.dropped ? ` ${glyphs().dot} older Events not shown` : '';
  const place = window.above || window.below ? ` ${glyphs().dot} ${window.start + 1}-${window.start + window.rows.length} of ${events.length}` : ` ${glyphs().dot} ${events.length} Events`;
  const lines: Line[] = [title(`${place}${gone} ${glyphs().dot} newest last`)];
  for (const i of window.rows) {
    const event = events[i];
    const mine = event.id === record.id && event.source === record.source;
    const indent = '  '.repeat(depths[i]) + (depths[i] ? `${g.utf8 ? glyphs().child : '`'} ` : '');
    const type = displayLine(event.type, 40);
    const head = `${mine ? (g.utf8 ? glyphs().here : '>') : ' '} ${clock(event.time)} ${indent}`;
    const rest = Math.max(0, width - head.length - type.length - 1);
    lines.push([seg(head, { dim: !mine, bold: mine }), seg(type, { color: color(event.type), bold: mine }), seg(fit(` ${eventSummary(event)}`, rest))]);
  }
  return lines;
}
