// `aep-console history`: the decision history printed, oldest first (the
// file's order, so `| tail` shows the newest), as a text table or one JSON
// object per decision (the contract's members). The file is read under the
// outbox's ownership rules: one that is not the operator's own is not read,
// and that is an error (exit 3); a torn last line (a write cut short by a
// crash) or lines that are not history are skipped and said on stderr.

import { tmpdir } from 'node:os';
import { displayLine } from '../protocol/sanitize.js';
import { readOwnFileAsync } from '../files/read.js';
import { DecisionLog, MAX_HISTORY_BYTES } from '../files/decision-log.js';
import type { DecisionRecorder } from '../files/decision-recorder.js';
import { decisionJson, outcomeSummary, selectDecisions, sentSummary } from '../store/decision-query.js';
import { hideLines, type Decision } from '../store/decisions.js';
import { requestKey, type RequestRecord } from '../store/types.js';
import { foldDecisions, lastOutcome } from '../store/decision-fold.js';
import { formatMs } from '../ui/words/duration.js';
import type { ConsoleOptions } from './args.js';
import { stateDir } from './crash-report.js';
import { idCell, safeJson } from './list.js';

export interface HistoryIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  now?: () => number;
}

export function runHistory(options: ConsoleOptions, io: HistoryIO): number {
  const log = new DecisionLog(stateDir(io.env) ?? tmpdir());
  const read = log.read();
  for (const problem of read.problems) io.err(`aep-console: history: ${displayLine(problem, 300)}: not read`);
  if (read.torn)
    io.err(`aep-console: history: the last line of ${displayLine(log.file, 200)} is torn (a write cut short): skipped`);
  if (read.skipped)
    io.err(
      `aep-console: history: ${read.skipped} ${read.skipped === 1 ? 'line is' : 'lines are'} not history: skipped`,
    );
  const now = (io.now ?? Date.now)();
  const decisions = selectDecisions(read.decisions, {
    since: options.sinceMs === undefined ? undefined : now - options.sinceMs,
    agents: options.agents,
    sessions: options.sessions,
  });
  if (options.json) for (const decision of decisions) io.out(safeJson(decisionJson(decision)));
  else if (decisions.length === 0) io.out(read.decisions.length ? 'no decisions match' : 'no decisions recorded');
  else for (const decision of decisions) io.out(textRow(decision));
  return read.problems.length ? 3 : 0;
}

/** `2026-12-01 10:31:02Z  codex-1  permission  allow → applied allow in 1.2s · Run npm test? [id 01J…]` */
export function textRow(decision: Decision): string {
  const outcome = lastOutcome(decision);
  const latency = outcome?.latency_ms === undefined ? '' : ` in ${formatMs(outcome.latency_ms)}`;
  const time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(decision.time)
    ? `${decision.time.slice(0, 10)} ${decision.time.slice(11, 19)}Z`
    : displayLine(decision.time, 24);
  const cells = [
    time,
    displayLine(decision.agent, 20).padEnd(14),
    displayLine(decision.kind || decision.action, 12).padEnd(10),
    `${displayLine(sentSummary(decision), 80)}${decision.batch ? ` (batch of ${decision.batch})` : ''}` +
      `${decision.by !== 'you' ? ` by ${displayLine(decision.by, 40)}` : ''}`,
    '→',
    `${displayLine(outcomeSummary(decision), 160)}${latency}`,
    '·',
    displayLine(decision.prompt, 100),
    idCell(decision.request),
  ];
  return cells.join(' ');
}

/** What `d` → `y` writes: the request hidden, as a decision of its own, through the recorder (a failed write is said and retried). */
export function recordHide(recorder: DecisionRecorder, now: () => number = Date.now): (record: RequestRecord) => void {
  return (record) => recorder.add(hideLines(record, now()));
}

/** What z writes: the request snoozed, and until when. */
export function recordSnooze(
  recorder: DecisionRecorder,
  now: () => number = Date.now,
): (record: RequestRecord, until: number) => void {
  return (record, until) => recorder.add(hideLines(record, now(), 'snooze', { until: new Date(until).toISOString() }));
}

/** What Z writes for a hide undone: the request shown again (and not hidden at the next start). */
export function recordUnhide(
  recorder: DecisionRecorder,
  now: () => number = Date.now,
): (record: RequestRecord) => void {
  return (record) => recorder.add(hideLines(record, now(), 'unhide'));
}

/**
 * The requests hidden with d in earlier runs: they stay hidden from this
 * console. Read off the event loop once the first frame is out (a full
 * history is ~20 MB), and only the hide lines are parsed.
 */
export function hiddenKeys(log: DecisionLog): () => Promise<ReadonlySet<string>> {
  return async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const keys = new Set<string>();
    const texts: string[] = [];
    for (const file of [log.previous, log.file]) {
      const read = await readOwnFileAsync(file, MAX_HISTORY_BYTES * 2);
      if (!read.ok) continue;
      // Each line kept whole with its newline (a line without one is torn to the fold).
      texts.push(
        read.text
          .split('\n')
          .filter((line) => line.includes('"hide"') || line.includes('"unhide"'))
          .map((line) => `${line}\n`)
          .join(''),
      );
    }
    // In the file's order: a hide undone (Z) later is shown again.
    for (const decision of foldDecisions(texts).decisions) {
      const key = requestKey(decision.relay, decision.session, decision.source, decision.request);
      if (decision.action === 'hide') keys.add(key);
      else if (decision.action === 'unhide') keys.delete(key);
    }
    return keys;
  };
}
