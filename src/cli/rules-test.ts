// `aep-console rules test`: the relays' history read once (as `list` reads
// it), and every request in it put to the rules as if it were still pending:
// per rule, which requests it would have answered and how, and what no rule
// answers. Nothing is sent. The cause Events the rules read come from the
// same history (a bounded number of them), judged by the console's one cause
// resolver: the request's own Event (id, source and session), and the same
// verdicts as the console gives (a deny that needs a cause not in the history
// makes it `ask`, never an allow).

import type { Rule } from '../protocol/rules.js';
import { displayLine } from '../protocol/sanitize.js';
import { relayUrls } from '../protocol/relay-url.js';
import { CauseKeepingStore } from './cause-store.js';
import { inboxOrder } from '../store/index.js';
import { relayText } from '../store/file-relay.js';
import { judge, needsCause, type RuleVerdict } from '../store/rule-match.js';
import { causeMissingText, type CauseState } from '../store/cause.js';
import type { RequestRecord } from '../store/types.js';
import type { ConsoleOptions } from './args.js';
import { readJsonlFiles } from './jsonl-files.js';
import { idCell, readRelayOnce, type ListIO } from './list.js';

/** The verdict had the request still been pending (and vouched for) when the rules saw it. */
export function verdictThen(rules: readonly Rule[], record: RequestRecord, cause: CauseState): RuleVerdict {
  if (record.state === 'informational') return { kind: 'none' };
  return judge(rules, { ...record, state: 'pending', unconfirmed: false }, cause);
}

export async function runRulesTest(options: ConsoleOptions, io: ListIO): Promise<number> {
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
    const verdict = verdictThen(rules, record, cause);
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
    const why = verdict.kind === 'ask' && verdict.cause ? `; cause not read: ${causeMissingText(verdict.cause)}` : '';
    byRule
      .get(verdict.rule)
      ?.push(
        `  ${how.padEnd(16)} ${displayLine(record.agent, 20).padEnd(14)} ${displayLine(record.session, 24)} · ${displayLine(record.payload.prompt, 100)} (${record.state}) ${idCell(record.id)}${why}`,
      );
  }
  for (const rule of rules) {
    const rows = byRule.get(rule.name) ?? [];
    io.out(
      `rule ${JSON.stringify(rule.name)}: ${rows.length === 0 ? 'would answer nothing here' : `${rows.length} request${rows.length === 1 ? '' : 's'}`}`,
    );
    for (const row of rows) io.out(row);
  }
  io.out(
    `no rule: ${untouched} of ${records.length} request${records.length === 1 ? '' : 's'} (forms, informational requests, causes not in the history, or no match)`,
  );
  return 0;
}
