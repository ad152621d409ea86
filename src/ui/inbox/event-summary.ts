// One Event in a few words, for the cause line and the timeline: its type,
// the tool and arguments, the prompt, the run, the command's scope and
// reason. Every producer string goes through displayLine (escape sequences,
// controls and bidi overrides stripped, length bounded): an Event fetched
// for display is as hostile as any live one.

import { displayLine } from '../../protocol/sanitize.js';
import { CAPTURE_LEVELS, type AepEvent } from '../../protocol/types.js';
import { formatMs } from '../words/duration.js';
import { glyphs } from '../glyphs.js';

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 80) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? displayLine(String(v), max) : '';

/** Whether content fields are withheld at this Event's capture level (below `redacted`). */
export function contentWithheld(event: AepEvent): boolean {
  const level = CAPTURE_LEVELS.indexOf(event.capture ?? 'metadata');
  return level >= 0 && level < CAPTURE_LEVELS.indexOf('redacted');
}

/** A tool call's arguments (`args_redacted`, else `args`) as `key: value` strings, or undefined when none are carried. */
export function toolArgs(event: AepEvent, maxEntries = 6): string[] | undefined {
  const data = isData(event.data) ? event.data : {};
  const args = data.args_redacted ?? data.args;
  if (args === undefined) return undefined;
  if (!isData(args)) return [text(args, 300) || '(not an object)'];
  const out: string[] = [];
  // A command is what runs: it is said first, whatever else the call carries (a `diff` member, a path).
  const entries = Object.entries(args).sort(([a], [b]) => Number(b === 'command') - Number(a === 'command'));
  for (const [key, value] of entries) {
    if (out.length >= maxEntries) {
      out.push(`${glyphs().ellipsis} ${Object.keys(args).length - maxEntries} more`);
      break;
    }
    const shown = isData(value) || Array.isArray(value) ? displayLine(safeJson(value), 300) : text(value, 300);
    out.push(`${displayLine(key, 40)}: ${shown}`);
  }
  return out;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '(unreadable)';
  }
}

/** The tool an Event names (`data.tool.name`, else its subject). */
export function toolName(event: AepEvent): string {
  const data = isData(event.data) ? event.data : {};
  const tool = isData(data.tool) ? data.tool : {};
  return text(tool.name, 40) || text(event.subject, 40);
}

/** A few words after the type. */
export function eventSummary(event: AepEvent): string {
  const data = isData(event.data) ? event.data : {};
  const type = event.type;
  if (type.startsWith('tool.')) {
    const args = toolArgs(event, 3);
    const withheld = args === undefined && contentWithheld(event) ? ' (arguments withheld)' : '';
    return `${toolName(event)}${args ? ` ${args.join(', ')}` : withheld}`;
  }
  if (type === 'attention.requested') return `${text(data.kind, 20)}: ${text(data.prompt, 120)}`;
  if (type === 'attention.answered') {
    const answer = isData(data.answer) ? data.answer : {};
    return [
      text(answer.option, 30) || (answer.text !== undefined ? 'text' : answer.values !== undefined ? 'form' : ''),
      text(data.by, 30) && `by ${text(data.by, 30)}`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (type === 'attention.resolved') return text(data.resolution, 20);
  if (type === 'attention.timeout')
    return typeof data.after_ms === 'number' && Number.isFinite(data.after_ms) && data.after_ms >= 0
      ? `after ${formatMs(data.after_ms)}`
      : '';
  if (type.startsWith('run.'))
    return [event.run && `run ${text(event.run, 30)}`, text(data.reason, 80)].filter(Boolean).join(': ');
  if (type.startsWith('control.')) {
    const by = `by ${text(event.agent, 30)}`;
    if (type === 'control.rejected') return `${text(data.reason, 20)} ${text(data.detail, 80)}`.trim();
    return [
      text(data.scope, 10),
      event.run && `run ${text(event.run, 30)}`,
      text(data.reason, 80) && `"${text(data.reason, 80)}"`,
      type === 'control.accepted' ? '' : by,
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (type.startsWith('message.')) return text(data.text ?? data.content ?? data.message, 120);
  if (type.startsWith('progress.')) return [text(data.phase, 30), text(data.message, 80)].filter(Boolean).join(': ');
  if (type.startsWith('session.')) return text(data.reason, 40);
  return '';
}
