// The detail's "what caused it" (CONSOLE.md: after the prompt): the Event
// the request's `cause` names, read lazily from the relay (fetches.ts), and
// what cancel / pause did to the session. Each unknown (absent, unreachable,
// withheld) is said in one line, never guessed.

import { displayLine } from '../../protocol/sanitize.js';
import type { StoreSnapshot } from '../store-snapshot.js';
import type { RequestRecord } from '../../store/types.js';
import { isHistory } from '../../store/history.js';
import type { Fetched } from '../model.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { contentWithheld, eventSummary, toolArgs, toolName } from './event-summary.js';
import { sessionLine } from './control-status.js';
import { glyphs } from '../glyphs.js';

const LABEL = 'Cause: ';

export function causeLines(record: RequestRecord, fetched: Fetched | undefined, width: number, store: StoreSnapshot): Line[] {
  const lines = causeOnly(record, fetched, width);
  const session = sessionLine(record, store);
  if (session) lines.push([seg(fit(session.text, width), { color: session.color })]);
  return lines;
}

function say(text: string, width: number, color?: string): Line[] {
  return [[seg(LABEL, { bold: true }), seg(fit(text, Math.max(0, width - LABEL.length)), color ? { color } : { dim: true })]];
}

function causeOnly(record: RequestRecord, fetched: Fetched | undefined, width: number): Line[] {
  // No cause named: nothing to say (the rows go to the prompt and controls).
  if (!record.cause) return [];
  const id = displayLine(record.cause, 40);
  if (isHistory(record)) return say(`${id} (history from a file: the relay is not asked).`, width);
  if (!fetched || fetched.state === 'loading') return say(`reading ${id} from the relay${glyphs().ellipsis}`, width);
  const result = fetched.result;
  if (!result.ok) return say(`could not be read: ${displayLine(result.reason, 120)}.`, width, 'yellow');
  const event = result.events.find((e) => e.id === record.cause && e.source === record.source) ?? result.events.find((e) => e.id === record.cause);
  if (!event) return say(`${id} is not held by the relay (gone from its buffer, or filtered).`, width, 'yellow');
  const head = `${displayLine(event.type, 40)} ${eventSummary(event)}`.trim();
  if (!event.type.startsWith('tool.')) return say(head, width);
  const lines: Line[] = [[seg(LABEL, { bold: true }), seg(fit(`${displayLine(event.type, 40)} ${toolName(event)}`, Math.max(0, width - LABEL.length)))]];
  const args = toolArgs(event);
  if (args === undefined) {
    const why = contentWithheld(event) ? `arguments withheld (capture ${displayLine(event.capture ?? 'metadata', 10)}; only their digest is sent)` : 'no arguments carried';
    lines.push([seg(fit(`  ${why}`, width), { dim: true })]);
    return lines;
  }
  for (const arg of args) for (const l of wrapText(arg, Math.max(10, width - 4)).slice(0, 3)) lines.push([seg(`  ${glyphs().rule} `, { dim: true }), seg(fit(l, width - 4), { color: 'cyan' })]);
  return lines;
}
