// The history view's rows: a title, then one row per decision (time,
// agent, what you sent, outcome, the prompt in what room is left), or one
// decision whole. Everything read from the file is as hostile as anything
// off the network (another program may have written it, or a relay's text
// may be in it): every string goes through displayLine / displayText, so no
// control character reaches the terminal.

import { displayLine, displayText } from '../../protocol/sanitize.js';
import type { Decision } from '../../store/decisions.js';
import { outcomeColor as historyColor, outcomeLead } from '../../store/answer/index.js';
import { lastOutcome } from '../../store/decision-fold.js';
import { outcomeSummary, sentSummary } from '../../store/decision-query.js';
import { formatMs } from '../words/duration.js';
import type { Glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit, pad, wrapText } from '../text/wrap.js';
import { cutName } from '../words/agent-name.js';
import { promptExcerpt } from '../words/prompt-excerpt.js';
import { choiceWindow } from '../widgets/window.js';
import type { HistoryView } from './history-state.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

/** `12-01 10:31:02` from an RFC 3339 time (UTC, as written). */
function stamp(time: string): string {
  const m = /^\d{4}-(\d\d-\d\d)T(\d\d:\d\d:\d\d)/.exec(time);
  return m ? `${m[1]} ${m[2]}` : fit(displayLine(time, 14), 14).padEnd(14);
}

function outcomeColor(decision: Decision): string | undefined {
  return historyColor(lastOutcome(decision)?.state);
}

/**
 * The outcome in words for the history's rows: the gate's states said as a
 * person reads them (`held, not sent: …`, `not sent: …`), the rest as the
 * CLI's `history` says them.
 */
export function outcomeWords(decision: Decision): string {
  const outcome = lastOutcome(decision);
  const lead = outcomeLead(outcome?.state);
  if (!lead) return outcomeSummary(decision);
  const reason = outcome?.reason?.replace(/^Not sent: /, '');
  return `${lead}${reason ? `: ${reason}` : ''}`;
}

function notes(view: HistoryView, width: number): Line[] {
  const read = view.read!;
  const lines: Line[] = [];
  for (const problem of read.problems.slice(0, 2))
    lines.push([seg(fit(`${glyphs().warn} not read: ${displayLine(problem, 300)}`, width), { color: 'red' })]);
  const skipped = [
    read.torn ? 'the last line was torn (a write cut short): skipped' : '',
    read.skipped ? `${read.skipped} unreadable ${read.skipped === 1 ? 'line' : 'lines'} skipped` : '',
  ].filter(Boolean);
  if (skipped.length) lines.push([seg(fit(`${glyphs().warn} ${skipped.join('; ')}`, width), { color: 'yellow' })]);
  return lines;
}

export function buildHistoryLines(view: HistoryView, width: number, height: number, g: Glyphs): Line[] {
  if (!view.read) return [[seg('History ', { bold: true }), seg(`reading${glyphs().ellipsis}`, { dim: true })]];
  if (view.open !== undefined) return decisionLines(view, width, height);
  const read = view.read;
  const total = read.decisions.length;
  const count = view.filter
    ? `${view.rows.length} of ${total} decisions match "${displayLine(view.filter, 40)}"`
    : `${total} ${total === 1 ? 'decision' : 'decisions'}`;
  const where = read.file ? ` ${glyphs().dot} ${displayLine(read.file, 200)}` : '';
  const lines: Line[] = [
    [
      seg('History ', { bold: true }),
      seg(fit(`${count}, newest first${where}`, Math.max(0, width - 8)), { dim: true }),
    ],
    ...notes(view, width),
  ];
  if (!read.file) {
    lines.push([seg(fit('No history is kept (--no-history).', width), { dim: true })]);
    return lines;
  }
  if (!view.rows.length) {
    lines.push([
      seg(
        fit(
          total
            ? withKeys('history', 'No decision matches the filter ({back} clears it).')
            : 'No decisions yet: answers, cancels, pauses and resumes sent from this console appear here.',
          width,
        ),
        { dim: true },
      ),
    ]);
    return lines;
  }
  const room = Math.max(1, height - lines.length);
  const window = choiceWindow(view.rows.length, room, view.selected, (i) => i);
  for (const i of window.rows) lines.push(rowLine(view.rows[i], i === view.selected, width, g));
  return lines;
}

/** `▸ 12-01 10:31:02 codex-1      allow            applied allow  Run the tests?` */
function rowLine(decision: Decision, selected: boolean, width: number, g: Glyphs): Line {
  const pointer = selected ? `${g.pointer} ` : '  ';
  // Cut as the list cuts names, keeping the end where a fleet's names differ (claude-…-12, not claude-code… ×N).
  const agent = pad(cutName(displayLine(decision.agent || '?', 40), 12, glyphs().cut), 12);
  const sentWidth = width >= 100 ? 24 : 16;
  const outcomeWidth = width >= 100 ? 28 : 20;
  const sent = fit(displayLine(sentSummary(decision), 120), sentWidth).padEnd(sentWidth);
  const outcome = fit(displayLine(outcomeWords(decision), 160), outcomeWidth).padEnd(outcomeWidth);
  const head = `${pointer}${stamp(decision.time)} ${agent} ${sent} `;
  const promptWidth = Math.max(0, width - head.length - outcomeWidth - 1);
  return [
    seg(head, { bold: selected, inverse: selected }),
    seg(outcome, { color: outcomeColor(decision), inverse: selected }),
    // Cut as the list cuts a prompt: the agent's lead-in goes before the command does.
    seg(promptWidth > 1 ? ` ${promptExcerpt(decision.prompt, promptWidth - 1)}` : fit(' ', promptWidth), {
      dim: !selected,
      inverse: selected,
    }),
  ];
}

/** A labelled field, wrapped: the label on its first row, its width in blanks before the rest. */
function fieldLines(label: string, value: string, width: number): Line[] {
  return wrapText(value, Math.max(10, width - label.length)).map((row, i) => [
    seg(i === 0 ? label : ' '.repeat(label.length), { bold: i === 0 }),
    seg(fit(row, width - label.length), {}),
  ]);
}

/** Who decided what, for which agent, request and command. */
function whoLines(decision: Decision, width: number): Line[] {
  const who = decision.by === 'you' ? 'you' : displayLine(decision.by, 60);
  return [
    ...fieldLines(
      'Decided: ',
      `${displayLine(decision.time, 40)} by ${who} ${glyphs().dot} ` +
        `${decision.action}${decision.batch ? ` (one of a batch of ${decision.batch})` : ''}`,
      width,
    ),
    ...fieldLines(
      'Agent:   ',
      `${displayLine(decision.agent, 80)} ${glyphs().dot} session ` +
        `${displayLine(decision.session, 120)}${decision.run ? ` ${glyphs().dot} run ${displayLine(decision.run, 80)}` : ''}`,
      width,
    ),
    ...fieldLines('Source:  ', displayLine(decision.source, 300), width),
    ...fieldLines('Relay:   ', displayLine(decision.relay, 300), width),
    ...fieldLines(
      'Request: ',
      `${displayLine(decision.request, 120)} ${glyphs().dot} ` +
        `${displayLine(decision.kind || '?', 20)} ${glyphs().dot} capture ${decision.capture}`,
      width,
    ),
    ...fieldLines('Command: ', displayLine(decision.command_id, 120), width),
  ];
}

/** The agent's prompt, quoted as the agent's, and the cause when one was recorded. */
function promptLines(decision: Decision, width: number): Line[] {
  const lines: Line[] = [[seg("Prompt (agent text, not the console's):", { bold: true })]];
  for (const row of wrapText(displayText(decision.prompt || '(empty prompt)', 8000), Math.max(4, width - 2)))
    lines.push([seg(`${glyphs().quote} `, { color: 'magenta' }), seg(row)]);
  if (decision.cause) lines.push(...fieldLines('Cause:   ', displayLine(decision.cause, 600), width));
  return lines;
}

/** What was sent, and the values it carried (the first 50). */
function sentLines(decision: Decision, width: number): Line[] {
  const lines = fieldLines('Sent:    ', displayLine(sentSummary(decision), 600), width);
  const values = decision.sent.values;
  if (typeof values === 'object' && values !== null) {
    for (const [key, value] of Object.entries(values).slice(0, 50))
      lines.push(
        ...fieldLines(
          '  ',
          `${displayLine(key, 60)}: ${displayLine(typeof value === 'string' ? value : safe(value), 400)}`,
          width,
        ),
      );
  }
  return lines;
}

/** Every outcome recorded for the decision, oldest first, with how long it took. */
function outcomeLines(decision: Decision, width: number): Line[] {
  const lines: Line[] = [
    [
      seg(decision.outcomes.length ? 'Outcomes:' : 'Outcomes: none yet (sent, no answer from the agent recorded)', {
        bold: true,
      }),
    ],
  ];
  for (const outcome of decision.outcomes) {
    const parts = [
      outcome.state,
      outcome.option,
      outcome.text !== undefined ? `text "${outcome.text}"` : undefined,
      outcome.reason,
      outcome.by ? `by ${outcome.by}` : undefined,
    ]
      .filter(Boolean)
      .join(` ${glyphs().dot} `);
    const latency = outcome.latency_ms === undefined ? '' : ` after ${formatMs(outcome.latency_ms)}`;
    lines.push(...fieldLines('  ', `${displayLine(outcome.time, 40)} ${displayLine(parts, 400)}${latency}`, width));
  }
  return lines;
}

/** One decision whole, scrolled to `view.scroll`, under a title saying its outcome and which rows show. */
function decisionLines(view: HistoryView, width: number, height: number): Line[] {
  const decision =
    view.rows.find((d) => d.command_id === view.open) ?? view.read?.decisions.find((d) => d.command_id === view.open);
  if (!decision)
    return [
      [
        seg(fit(withKeys('decision', 'This decision is no longer in the history. {back} returns to it.'), width), {
          color: 'yellow',
        }),
      ],
    ];
  const body = [
    ...whoLines(decision, width),
    ...promptLines(decision, width),
    ...sentLines(decision, width),
    ...outcomeLines(decision, width),
  ];
  const room = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(view.scroll, body.length - room));
  const place =
    body.length > room
      ? ` ${glyphs().dot} ${start + 1}-${Math.min(body.length, start + room)} of ${body.length} rows`
      : '';
  const title: Line = [
    seg('Decision ', { bold: true }),
    seg(fit(`${displayLine(outcomeWords(decision), 300)}${place}`, Math.max(0, width - 9)), {
      color: outcomeColor(decision),
    }),
  ];
  return [title, ...body.slice(start, start + room)];
}

function safe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '(unreadable)';
  }
}
