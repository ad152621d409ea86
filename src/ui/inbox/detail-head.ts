import { displayLine } from '../../protocol/sanitize.js';
import { OPEN_STATES, type RequestRecord } from '../../store/types.js';
import { UNCONFIRMED_MARK } from '../words/marks.js';
import { UTF8_GLYPHS, type Glyphs, glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';
import { fromFileNotes, relayText } from '../../store/file-relay.js';
import { violationNotes } from '../words/violation-text.js';
import { seg, type Line, type Segment } from '../text/line.js';
import { fit, stringWidth, wrapText } from '../text/wrap.js';
import { ageMs, shortDuration, timeLeftMs, timeLeftText } from './ages.js';
import { severityColor, stateColor } from './theme.js';
import { shownId } from './short-id.js';

/** What the head of the detail reads from the detail's input. */
export interface HeadInput {
  record: RequestRecord;
  width: number;
  now: number;
  relay: string;
  /** Live claimants of the session from the roster (undefined = unknown). */
  claimants?: number;
  glyphs?: Glyphs;
  /** "open in console ops-2, 12 s ago": another console has it open (store/open-elsewhere.ts). */
  elsewhere?: string;
  /** Columns of the id that tell it from every other request shown (short-id.ts); a cut id keeps at least these. */
  idDistinct?: number;
  /** The place whose keys the detail names (its copy key): the list's while the request is only shown. */
  keys?: 'browse' | 'answer' | 'locked';
}

/** The top of the detail: the title row, who asked and where from, then every warning about it. */
export interface Head {
  title: Line;
  identity: Line[];
  warnings: Line[];
}

const MAX_ISSUES_LISTED = 12;

const lineWidth = (line: Line) => line.reduce((n, part) => n + stringWidth(part.text), 0);

/** The text, wrapped to `width` (never cut), one coloured row per wrapped line. */
function wrapped(text: string, width: number, color: string): Line[] {
  return wrapText(text, width).map((l): Line => [seg(l, { color })]);
}

/** Mark, kind, state, severity and time left: the age is placed after (placeAge). */
function titleLine(input: HeadInput): Line {
  const { record, width, now } = input;
  const left = timeLeftMs(record, now);
  // A malformed severity or expiry is said where it would have been shown.
  const malformed = (path: string) => record.issues.some((issue) => issue.path === path);
  const expiry =
    left !== undefined
      ? ` ${glyphs().dot} ${timeLeftText(left)}`
      : malformed('data.expires_at')
        ? ` ${glyphs().dot} expiry malformed`
        : '';
  const title: Line = [
    seg(`${(input.glyphs ?? UTF8_GLYPHS).mark(record.state)} `, { color: stateColor(record.state) }),
    seg(fit(displayLine(record.payload.kind || 'unknown', 20), 22), { bold: true }),
    seg(` ${glyphs().dot} ${record.state}`, { color: stateColor(record.state) }),
    seg(` ${glyphs().dot} ${record.severity}${malformed('severity') ? ' (malformed)' : ''}`, {
      color: severityColor(record.severity),
    }),
    // Time left (or a malformed expiry) before the age: a narrow title is cut at its end.
    seg(expiry, { color: left !== undefined && left < 60_000 ? 'red' : 'yellow' }),
  ];
  // Too wide (side by side): the state's word goes first, its mark says it.
  if (lineWidth(title) > width) title.splice(2, 1);
  return title;
}

/** The agent's name whole, wrapped if it must be: the list may have cut it. */
function agentLines(record: RequestRecord, width: number): Line[] {
  const rows = wrapText(displayLine(record.agent, 200), Math.max(8, width - 6));
  return rows.map((part, i): Line => [seg(i ? '      ' : 'agent ', { dim: true }), seg(part, { bold: true })]);
}

/** The age goes at the title's end, or after a one-row name when the title has no room for it and the name has. */
function placeAge(title: Line, agent: Line[], input: HeadInput): void {
  const { record, width, now } = input;
  const raised = seg(` ${glyphs().dot} raised ${shortDuration(ageMs(record, now))} ago`, { dim: true });
  // A narrow detail (side by side) would cut the age off the title: it goes after the name when it fits there.
  const over = (l: Line, extra: Segment) => lineWidth([...l, extra]) > width;
  if (over(title, raised) && agent.length === 1 && !over(agent[0], raised)) agent[0].push(raised);
  else title.push(raised);
}

/**
 * The request's id: whole where it fits (the hint `y copies` goes first);
 * cut only where it does not, and never shorter than the part that tells it
 * from the other requests shown; narrower still, whole on several rows.
 */
function idLines(input: HeadInput): Line[] {
  const shown = shownId(input.record.id);
  const room = Math.max(8, input.width - 8);
  const hint = withKeys(input.keys ?? 'browse', ` ${glyphs().dot} {copyId} copies`);
  const hintWidth = stringWidth(hint);
  const row = (text: string, withHint: boolean): Line => [
    seg('request ', { dim: true }),
    seg(text),
    ...(withHint ? [seg(hint, { dim: true })] : []),
  ];
  const width = stringWidth(shown);
  if (width + hintWidth <= room) return [row(shown, true)];
  if (width <= room) return [row(shown, false)];
  // The distinct part and the cut mark.
  const least = (input.idDistinct ?? 0) + 1;
  if (least + hintWidth <= room) return [row(fit(shown, room - hintWidth), true)];
  if (least <= room) return [row(fit(shown, room), false)];
  return wrapText(shown, room).map((part, i): Line => [seg(i ? '        ' : 'request ', { dim: true }), seg(part)]);
}

/** The request's id, session, host, relay and source, each on its row. */
function whereLines(input: HeadInput): Line[] {
  const { record, width } = input;
  return [
    ...idLines(input),
    [seg('session ', { dim: true }), seg(fit(displayLine(record.session, 120), Math.max(8, width - 8)))],
    [
      seg('host ', { dim: true }),
      seg(displayLine(record.host || '(none in source)', 60)),
      seg(` ${glyphs().dot} relay `, { dim: true }),
      seg(fit(relayText(input.relay), Math.max(8, width - 20))),
    ],
    // Identity is (source, session): two agents may share a session name (AEP-0001 §5.2).
    [seg('source ', { dim: true }), seg(fit(displayLine(record.source, 200), Math.max(8, width - 7)))],
  ];
}

/** Who else has the request open, and whether an answer has exactly one agent to reach. */
function sessionWarnings(input: HeadInput): Line[] {
  const { record, width } = input;
  const lines: Line[] = [];
  if (input.elsewhere)
    for (const l of wrapText(input.elsewhere, width)) lines.push([seg(l, { color: 'magenta', bold: true })]);
  if (input.claimants === 0 && (record.state === 'pending' || record.state === 'answered')) {
    // Wrapped, never cut: it says why an answer would not get through (side by side the detail is narrow).
    const none = `${glyphs().warn} no agent is connected for this session: an answer cannot be delivered now`;
    lines.push(...wrapped(none, width, 'red'));
  } else if (input.claimants !== undefined && input.claimants > 1) {
    const many = `${glyphs().warn} ${input.claimants} agents claim this session: the relay will refuse to pick one`;
    lines.push(...wrapped(many, width, 'red'));
  }
  return lines;
}

/** Every problem with the request itself, not just the first, in at most three rows. */
function issueLines(record: RequestRecord, width: number): Line[] {
  if (!record.issues.length) return [];
  const listed = record.issues
    .slice(0, MAX_ISSUES_LISTED)
    .map((issue) => `${displayLine(issue.path, 60)}: ${displayLine(issue.reason, 80)}`);
  const more = record.issues.length > MAX_ISSUES_LISTED ? ` (+${record.issues.length - MAX_ISSUES_LISTED} more)` : '';
  const rows = wrapText(`${glyphs().warn} malformed request: ${listed.join('; ')}${more}`, width);
  if (rows.length > 3) rows.splice(2, rows.length, fit(rows.slice(2).join(' '), width));
  return rows.map((row): Line => [seg(row, { color: 'red' })]);
}

/** What may be untrue or missing in the request: unconfirmed, its history and violations, withheld content, issues. */
function requestWarnings(record: RequestRecord, width: number): Line[] {
  const lines: Line[] = [];
  if (record.unconfirmed && OPEN_STATES.has(record.state)) {
    const why =
      `${UNCONFIRMED_MARK} not re-confirmed by the relay since it reconnected: its replay did ` +
      `not include this request (the relay may have restarted); it may be answered or gone`;
    lines.push(...wrapped(why, width, 'yellow'));
  }
  for (const note of [
    ...fromFileNotes(record).map((n) => n.replace(/^\u25c7/, glyphs().file)),
    ...violationNotes(record),
  ]) {
    lines.push(...wrapped(note, width, 'red'));
  }
  if (record.capture === 'metadata' || record.capture === 'none') {
    const withheld = `prompt synthesized by the agent: content withheld at capture ${record.capture}`;
    lines.push(...wrapped(withheld, width, 'yellow'));
  }
  return [...lines, ...issueLines(record, width)];
}

/** The detail's head: the title, who asked from where, and the warnings that go with it. */
export function detailHead(input: HeadInput): Head {
  const title = titleLine(input);
  const agent = agentLines(input.record, input.width);
  placeAge(title, agent, input);
  return {
    title,
    identity: [...agent, ...whereLines(input)],
    warnings: [...sessionWarnings(input), ...requestWarnings(input.record, input.width)],
  };
}
