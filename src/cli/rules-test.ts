// `aep-console rules test`: the relays' history read once (as `list` reads
// it), and every request in it put to the rules as if it were still pending:
// per rule, which requests it would have answered and how, and what no rule
// answers. Nothing is sent. The cause Events the rules read come from the
// same history (a bounded number of them), judged by the console's one cause
// resolver: the request's own Event (id, source and session), and the same
// verdicts as the console gives (a deny that needs a cause not in the history
// makes it `ask`, never an allow). Rules are judged at the time of the run:
// a rule past its `until` answers nothing and says when it ended; a rule
// with `path` shows the paths of each edit it answered, and an ask because
// a path could not be read against it says which.

import type { Rule } from '../protocol/rules.js';
import { displayLine } from '../protocol/sanitize.js';
import { relayUrls } from '../protocol/relay-url.js';
import { CauseKeepingStore } from './cause-store.js';
import { inboxOrder } from '../store/index.js';
import { relayText } from '../store/file-relay.js';
import { judge, needsCause, ruleEnded, type RuleVerdict } from '../store/rule-match.js';
import { causeMissingText, ownCauseEvent, type CauseState } from '../store/cause.js';
import { editPathsOf, pathsWhy } from '../store/rule-path.js';
import { formatUntil } from '../protocol/rule-until.js';
import type { RequestRecord } from '../store/types.js';
import type { ConsoleOptions } from './args.js';
import { readJsonlFiles } from './jsonl-files.js';
import { idCell, readRelayOnce, type ListIO } from './list.js';

/** The verdict had the request still been pending (and vouched for) when the rules saw it. */
export function verdictThen(
  rules: readonly Rule[],
  record: RequestRecord,
  cause: CauseState,
  now?: number,
): RuleVerdict {
  if (record.state === 'informational') return { kind: 'none' };
  return judge(rules, { ...record, state: 'pending', unconfirmed: false }, cause, undefined, now);
}

/** What a row adds for a rule with `path`: the edit's paths (a few), and why they could not be read when that is the ask. */
function pathNote(rule: Rule | undefined, verdict: RuleVerdict, cause: CauseState): string {
  const glob = rule?.match.path;
  const event = ownCauseEvent(cause);
  if (glob === undefined || !event) return '';
  const fact = editPathsOf(event);
  if (verdict.kind === 'ask' && verdict.cause === 'path-unreadable')
    return `; path not read: ${pathsWhy(glob, fact) ?? 'its edit cannot be read'}`;
  if (fact.kind !== 'paths') return '';
  const shown = fact.paths.slice(0, 3).map((path) => displayLine(path, 60));
  const more = fact.paths.length > 3 ? ` and ${fact.paths.length - 3} more` : '';
  return ` · edit ${shown.join(', ')}${more}`;
}

/** The rule's header: its name, its end when it has one. */
function ruleHeader(rule: Rule, rows: number, now: number): string {
  const name = `rule ${JSON.stringify(rule.name)}`;
  if (ruleEnded(rule, now)) return `${name}: ended ${formatUntil(rule.until!)}, answers nothing`;
  const end = rule.until !== undefined ? ` (until ${formatUntil(rule.until)})` : '';
  return `${name}${end}: ${rows === 0 ? 'would answer nothing here' : `${rows} request${rows === 1 ? '' : 's'}`}`;
}

/** One request a rule would answer (or leave to you): how, whose, where, what it asks, and what the row adds. */
function requestRow(how: string, record: RequestRecord, tail: string): string {
  return (
    `  ${how.padEnd(16)} ${displayLine(record.agent, 20).padEnd(14)} ` +
    `${displayLine(record.session, 24)} · ${displayLine(record.payload.prompt, 100)} ` +
    `(${record.state}) ${idCell(record.id)}${tail}`
  );
}

export async function runRulesTest(options: ConsoleOptions, io: ListIO & { now?: () => number }): Promise<number> {
  const now = (io.now ?? Date.now)();
  const rules = options.rules ?? [];
  const store = new CauseKeepingStore();
  // The console's own subscription carries no tool calls: when a rule reads
  // the cause, a second single pass reads just those (`type: tool.*`).
  const passes = rules.some(needsCause) ? [options.filter, { ...options.filter, type: ['tool.*'] }] : [options.filter];
  for (const relay of options.relays) {
    for (const filter of passes) {
      const result = await readRelayOnce(options, io, store, relay, filter);
      if (!result.ok) {
        io.err(`aep-console: ${relayText(relayUrls(relay).relay)}: ${displayLine(result.reason, 300)}`);
        return 3;
      }
    }
  }
  for (const { path, problems } of readJsonlFiles(options.files, store))
    if (problems) io.err(`aep-console: ${path}: ${problems}`);
  const records = inboxOrder(store.allRequests());
  const byRule = new Map<string, string[]>(rules.map((rule) => [rule.name, []]));
  let untouched = 0;
  for (const record of records) {
    const cause = store.causeOf(record);
    const verdict = verdictThen(rules, record, cause, now);
    if (verdict.kind === 'none' || verdict.kind === 'waiting') {
      untouched++;
      continue;
    }
    // The verb once: an option named like it (`deny`) is not said again.
    const verb = verdict.kind === 'ask' ? 'ask' : verdict.deny ? 'deny' : 'answer';
    const how =
      verdict.kind === 'ask'
        ? 'ask (left to you)'
        : verdict.option === verb
          ? verb
          : `${verb} ${displayLine(verdict.option, 30)}`;
    // An ask because the cause this rule needs is not known says why: it is what the console does too.
    const why =
      verdict.kind === 'ask' && verdict.cause && verdict.cause !== 'path-unreadable'
        ? `; cause not read: ${causeMissingText(verdict.cause)}`
        : '';
    const paths = pathNote(
      rules.find((rule) => rule.name === verdict.rule),
      verdict,
      cause,
    );
    byRule.get(verdict.rule)?.push(requestRow(how, record, `${why}${paths}`));
  }
  for (const rule of rules) {
    const rows = byRule.get(rule.name) ?? [];
    io.out(ruleHeader(rule, rows.length, now));
    for (const row of rows) io.out(row);
  }
  io.out(
    `no rule: ${untouched} of ${records.length} request${records.length === 1 ? '' : 's'} ` +
      `(forms, informational requests, causes not in the history, or no match)`,
  );
  return 0;
}
