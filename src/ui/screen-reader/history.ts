// The decision history (H) read as sentences, as the list is: how many
// decisions there are, then the selected one ("2 of 31: on 12-01 at
// 09:29:00 you answered claude-code, allow: applied allow. It asked: …"),
// or one decision whole. Everything from the file is hostile: every string
// goes through displayLine.
import { displayLine } from '../../protocol/sanitize.js';
import type { Decision } from '../../store/decisions.js';
import { sentSummary } from '../../store/decision-query.js';
import { outcomeWords } from '../history/history-view.js';
import type { HistoryView } from '../history/history-state.js';
import { spokenKeys } from '../key-labels.js';
import { formatMs } from '../words/duration.js';
import { plural } from './words.js';

/** "on 12-01 at 09:29:00" from an RFC 3339 time (UTC, as written), or the time as it is. */
function when(time: string): string {
  const m = /^\d{4}-(\d\d-\d\d)T(\d\d:\d\d:\d\d)/.exec(time);
  return m ? `on ${m[1]} at ${m[2]}` : `at ${displayLine(time, 40)}`;
}

const VERBS: Record<string, string> = {
  answer: 'answered',
  cancel: 'cancelled',
  pause: 'paused',
  resume: 'resumed',
  hide: 'hid',
  drop: 'dropped a saved answer to',
  snooze: 'snoozed',
  unhide: 'unhid',
};

/** One decision in a sentence: when, who, what to whom, and what came of it. */
export function decisionSentence(decision: Decision): string {
  const who = decision.by === 'you' ? 'you' : displayLine(decision.by, 60);
  const verb = VERBS[decision.action] ?? displayLine(decision.action, 20);
  const object =
    decision.action === 'cancel' || decision.action === 'pause' || decision.action === 'resume'
      ? `the session of ${displayLine(decision.agent || '?', 40)}`
      : displayLine(decision.agent || '?', 40);
  const sent =
    decision.action === 'answer'
      ? `, ${displayLine(sentSummary(decision), 200)}`
      : decision.action === 'cancel'
        ? ` (${displayLine(sentSummary(decision), 200)})`
        : '';
  const batch = decision.batch ? `, one of a batch of ${decision.batch}` : '';
  return (
    `${when(decision.time)} ${who} ${verb} ${object}${sent}${batch}: ` +
    `${displayLine(outcomeWords(decision), 200)}. It asked: ` +
    `${displayLine(decision.prompt || '(empty prompt)', 300)}`
  );
}

function openDecision(view: HistoryView): string[] {
  const decision =
    view.rows.find((d) => d.command_id === view.open) ?? view.read?.decisions.find((d) => d.command_id === view.open);
  if (!decision)
    return [
      spokenKeys('decision', 'This decision is no longer in the history. {back} returns to the list of decisions.'),
    ];
  const lines = [
    `Decision: ${decisionSentence(decision)}`,
    `Agent ${displayLine(decision.agent, 80)}, session ` +
      `${displayLine(decision.session, 120)}${decision.run ? `, run ${displayLine(decision.run, 80)}` : ''}, ` +
      `on relay ${displayLine(decision.relay, 200)}.`,
    `Request ${displayLine(decision.request, 120)}, ` +
      `${displayLine(decision.kind || 'unknown kind', 20)}, capture ${decision.capture}; ` +
      `command ${displayLine(decision.command_id, 120)}.`,
  ];
  if (decision.cause) lines.push(`Cause: ${displayLine(decision.cause, 600)}.`);
  lines.push(`Sent: ${displayLine(sentSummary(decision), 600)}.`);
  if (!decision.outcomes.length) lines.push('No outcome yet: sent, and no answer from the agent recorded.');
  decision.outcomes.forEach((outcome, i) => {
    const parts = [
      outcome.state,
      outcome.option,
      outcome.text !== undefined ? `text "${outcome.text}"` : undefined,
      outcome.reason,
      outcome.by ? `by ${outcome.by}` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    const latency = outcome.latency_ms === undefined ? '' : `, after ${formatMs(outcome.latency_ms)}`;
    lines.push(
      `Outcome ${i + 1} of ${decision.outcomes.length}, ${when(outcome.time)}: ${displayLine(parts, 400)}${latency}.`,
    );
  });
  return lines;
}

export function historySentences(view: HistoryView): string[] {
  if (!view.read) return ['Reading the decision history.'];
  if (view.open !== undefined) return openDecision(view);
  const read = view.read;
  const total = read.decisions.length;
  const lines = [
    view.filter
      ? `History: ${view.rows.length} of ${plural(total, 'decision')} match the filter ${displayLine(view.filter, 40)}, newest first.`
      : `History: ${plural(total, 'decision')}, newest first.`,
  ];
  for (const problem of read.problems.slice(0, 2)) lines.push(`Not read: ${displayLine(problem, 300)}.`);
  if (read.torn) lines.push('The last line was torn (a write cut short): skipped.');
  if (read.skipped) lines.push(`${plural(read.skipped, 'unreadable line')} skipped.`);
  if (!read.file) return [...lines, 'No history is kept (--no-history).'];
  if (!view.rows.length)
    return [
      ...lines,
      total
        ? spokenKeys('history', 'No decision matches the filter; {back} clears it.')
        : 'No decisions yet: answers, cancels, pauses and resumes sent from this console appear here.',
    ];
  const selected = view.rows[Math.min(view.selected, view.rows.length - 1)];
  return [
    ...lines,
    `${Math.min(view.selected, view.rows.length - 1) + 1} of ${view.rows.length}: ${decisionSentence(selected)}`,
  ];
}
