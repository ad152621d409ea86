// Which rule answers a request, and how: pure, no I/O; the time comes in as
// a parameter (a rule with `until` needs it). The cause
// Event (for `tool`, `command_prefix` and `path`) is read by the caller through the
// one cause resolver (cause.ts) and handed in as its state. The rules fail
// closed: a deny or ask that needs a cause
// not read is never skipped; while the read is in flight the verdict is
// `waiting`, after it `ask`, and no allow answers past it. The same holds for
// a path that cannot be read against a rule (rule-path.ts) and for a rule's
// end when no time is given.

import type { AepEvent } from '../protocol/types.js';
import type { Rule } from '../protocol/rules.js';
import type { RequestRecord } from './types.js';
import { answerable } from './answerable.js';
import { editPathsOf, pathsMatch, type PathsFact } from './rule-path.js';
import {
  argsWithheld,
  causePending,
  isOwnCause,
  ownCauseEvent,
  withLiveCause,
  type CauseState,
  type CauseStateName,
} from './cause.js';

export type { CauseState } from './cause.js';

/**
 * Why a deny or ask that needs something cannot tell whether it matches:
 * the cause not read (how it stands), its command in a shape the rules do
 * not read, a path it edits unreadable against the rule's `path`
 * (`path-unreadable`), or the rule's end with no time given (`no-clock`).
 */
export type AskWhy = CauseStateName | 'command-shape' | 'path-unreadable' | 'no-clock';

export type RuleVerdict =
  /** No rule decides this request. */
  | { kind: 'none' }
  /** A rule may decide once the cause has been read. */
  | { kind: 'waiting' }
  /**
   * A rule says: leave it to the operator. `cause`: the rule is a deny or an
   * ask that needs the request's own cause, which is not read (how it stands).
   */
  | { kind: 'ask'; rule: string; cause?: AskWhy }
  | { kind: 'answer'; rule: string; option: string; deny: boolean };

/** Option ids that mean "no" (`"deny"` picks the first the request offers). */
export const DENY_IDS = ['deny', 'reject', 'no'] as const;

/**
 * `*` any run of characters (`/` included), `?` exactly one. Iterative with
 * one backtrack point, so a hostile value cannot make it exponential.
 */
export function globMatch(glob: string, value: string): boolean {
  const g = [...glob];
  const v = [...value];
  let gi = 0;
  let vi = 0;
  let star = -1;
  let mark = 0;
  while (vi < v.length) {
    if (gi < g.length && (g[gi] === '?' || (g[gi] !== '*' && g[gi] === v[vi]))) {
      gi++;
      vi++;
    } else if (gi < g.length && g[gi] === '*') {
      star = gi++;
      mark = vi;
    } else if (star >= 0) {
      gi = star + 1;
      vi = ++mark;
    } else return false;
  }
  while (gi < g.length && g[gi] === '*') gi++;
  return gi === g.length;
}

// A command that chains or substitutes another is not "a command starting
// with the prefix": `npm test && rm -rf ~` must not ride on an `npm test` rule.
const SHELL_CONTROL = /[;&|`$<>\n\r()]/;

/** `command` starts with `prefix` at a word boundary, and does nothing else a shell would run. */
export function commandPrefixMatch(prefix: string, command: string): boolean {
  const p = prefix.trim();
  const c = command.trim();
  if (p === '' || !c.startsWith(p)) return false;
  if (c.length > p.length && !/\s/.test(c[p.length]!)) return false;
  return !SHELL_CONTROL.test(c);
}

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A `command` argument in a shape the rules cannot read: anything but a
 * string or an argv array of strings (a nested array, an object, a number,
 * null), or `args` itself not an object. Read as an unread cause, never as
 * "no command": a deny that cannot see `rm` must not let an allow answer.
 */
export const UNREADABLE = Symbol('unreadable command');

/** The command a cause carries: a string as it is, an argv array as its words joined by spaces. */
function commandOf(args: unknown): string | undefined | typeof UNREADABLE {
  if (!isData(args)) return UNREADABLE;
  if (!Object.prototype.hasOwnProperty.call(args, 'command')) return undefined;
  const command = args.command;
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((word) => typeof word === 'string')) return command.join(' ');
  return UNREADABLE;
}

/**
 * The tool name and `command` argument a cause Event carries (each absent
 * when it carries none; `command` UNREADABLE when it carries one in a shape
 * the rules do not read).
 */
export function causeFacts(event: AepEvent): { tool?: string; command?: string | typeof UNREADABLE } {
  const data = isData(event.data) ? event.data : {};
  const tool = isData(data.tool) && typeof data.tool.name === 'string' ? data.tool.name : undefined;
  const raw = causeArgs(event);
  const command = raw === undefined ? undefined : commandOf(raw);
  return command === undefined ? { tool } : { tool, command };
}

/** The arguments a cause Event carries, as the rules read them: `args`, else `args_redacted`. */
export function causeArgs(event: AepEvent): unknown {
  const data = isData(event.data) ? event.data : {};
  return data.args !== undefined ? data.args : data.args_redacted;
}

/** The command a cause carries when the rules can read it (a string, or an argv array joined). */
export function readableCommand(event: AepEvent): string | undefined {
  const { command } = causeFacts(event);
  return typeof command === 'string' ? command : undefined;
}

/** Whether the rule looks at the cause at all. */
export function needsCause(rule: Rule): boolean {
  return rule.match.tool !== undefined || rule.match.command_prefix !== undefined || rule.match.path !== undefined;
}

/** Whether the rule has ended at `now` (ms); `undefined` when it has an end and no time is given. */
export function ruleEnded(rule: Rule, now: number | undefined): boolean | undefined {
  if (rule.until === undefined) return false;
  return now === undefined ? undefined : now >= rule.until;
}

/** The rule's keys that do not need the cause. */
function matchesRequest(rule: Rule, record: RequestRecord): boolean {
  const m = rule.match;
  if (m.source !== undefined && !globMatch(m.source, record.source)) return false;
  if (m.agent !== undefined && !globMatch(m.agent, record.agent)) return false;
  if (m.session !== undefined && !globMatch(m.session, record.session)) return false;
  if (m.relay !== undefined && !globMatch(m.relay, record.relay)) return false;
  if (m.kind !== undefined && m.kind !== record.payload.kind) return false;
  if (rule.run !== undefined && record.run !== rule.run) return false;
  return true;
}

/**
 * Whether the rule's cause keys match the own cause; `undefined` when the
 * Event withholds what they need, `path-unreadable` when a path it edits
 * cannot be read against the rule's `path`. `strict`: the rule is a deny
 * or an ask (a path rule then matches when any path the edit touches does;
 * an allow only when every one does).
 */
function matchesCause(
  rule: Rule,
  event: AepEvent,
  paths: () => PathsFact,
  strict: boolean,
): boolean | undefined | 'path-unreadable' {
  const facts = causeFacts(event);
  const withheld = argsWithheld(event);
  const { tool, command_prefix: prefix, path } = rule.match;
  if (tool !== undefined) {
    if (facts.tool === undefined) return withheld ? undefined : false;
    if (!globMatch(tool, facts.tool)) return false;
  }
  if (prefix !== undefined) {
    if (facts.command === undefined) return withheld ? undefined : false;
    if (facts.command === UNREADABLE || !commandPrefixMatch(prefix, facts.command)) return false;
  }
  if (path !== undefined) {
    const fact = paths();
    // Tools that are not edits have no path: as a cause without a command, the rule does not match.
    if (fact.kind === 'none') return withheld ? undefined : false;
    const matched = pathsMatch(path, fact, strict);
    if (matched !== true) return matched;
  }
  return true;
}

type Outcome = { kind: 'ask' } | { kind: 'answer'; option: string; deny: boolean };

function outcomeOf(rule: Rule, record: RequestRecord): Outcome | undefined {
  const offered = record.payload.options.map((o) => o.id);
  if (rule.decide === 'ask') return { kind: 'ask' };
  if (rule.decide === 'deny') {
    const id = offered.find((o) => (DENY_IDS as readonly string[]).includes(o));
    return id === undefined ? undefined : { kind: 'answer', option: id, deny: true };
  }
  const id = rule.decide.option;
  if (!offered.includes(id)) return undefined;
  return { kind: 'answer', option: id, deny: (DENY_IDS as readonly string[]).includes(id) };
}

/**
 * What the rules (in order) say about a request. R: the rules that match on everything but the cause. A matching
 * deny wins, then a deny or ask in R that needs a cause not read (`waiting`
 * while it is being read, else `ask`), then a matching ask, then an allow;
 * among equals, the first in the file. An allow that needs a cause not read
 * never matches. `off`: names of rules turned off for this session. `now`
 * (ms): a rule at or past its `until` matches nothing; without it, a rule
 * with an end is one that cannot be shown in force: an allow never matches,
 * a deny or ask gives `ask` (`no-clock`).
 */
export function judge(
  rules: readonly Rule[],
  record: RequestRecord,
  given: CauseState,
  off: ReadonlySet<string> = new Set(),
  now?: number,
): RuleVerdict {
  if (!answerable(record, 'rule')) return { kind: 'none' };
  // Read to the end: a different Event under the cause's identity, arrived live since, makes it unreadable.
  const cause = withLiveCause(record, given);
  // Checked again here: whatever a caller hands in, only the request's own Event decides.
  const read = ownCauseEvent(cause);
  const ours = read && isOwnCause(record, read) ? read : undefined;
  // A command in a shape the rules do not read makes the whole cause unread (fail closed, as an unread cause).
  const own = ours && causeFacts(ours).command !== UNREADABLE ? ours : undefined;
  const unread = ours && !own ? 'command-shape' : cause.state;
  const reading = causePending(cause);
  // The edit's paths, read once and only when a path rule asks.
  let pathFact: PathsFact | undefined;
  const paths = () => (pathFact ??= editPathsOf(own!));
  let deny: RuleVerdict | undefined;
  let ask: RuleVerdict | undefined;
  let allow: RuleVerdict | undefined;
  /** The first deny or ask in R that needs a cause not known (or a path or an end it cannot read), and why. */
  let blocked: { rule: string; why: AskWhy } | undefined;
  /** An allow in R that may match once the cause is read. */
  let allowMayMatch = false;
  for (const rule of rules) {
    if (off.has(rule.name) || !matchesRequest(rule, record)) continue;
    const outcome = outcomeOf(rule, record);
    if (!outcome) continue;
    const strict = outcome.kind === 'ask' || outcome.deny;
    const ended = ruleEnded(rule, now);
    if (ended === true) continue;
    if (ended === undefined) {
      if (strict) blocked ??= { rule: rule.name, why: 'no-clock' };
      continue;
    }
    if (needsCause(rule)) {
      const matched = own ? matchesCause(rule, own, paths, strict) : undefined;
      if (matched === false) continue;
      if (matched === 'path-unreadable') {
        // Like a command that cannot be read: a deny or ask that needs it asks, an allow never matches.
        if (strict) blocked ??= { rule: rule.name, why: 'path-unreadable' };
        continue;
      }
      if (matched === undefined) {
        if (strict) blocked ??= { rule: rule.name, why: unread };
        else if (reading) allowMayMatch = true;
        continue;
      }
    }
    if (outcome.kind === 'ask') ask ??= { kind: 'ask', rule: rule.name };
    else if (outcome.deny) deny ??= { kind: 'answer', rule: rule.name, option: outcome.option, deny: true };
    else allow ??= { kind: 'answer', rule: rule.name, option: outcome.option, deny: false };
  }
  if (deny) return deny;
  // A rule blocked by its cause waits while the cause is read; one blocked by a path or an end it cannot read asks at once.
  if (blocked !== undefined)
    return reading && blocked.why === unread
      ? { kind: 'waiting' }
      : { kind: 'ask', rule: blocked.rule, cause: blocked.why };
  if (ask) return ask;
  // An allow that needs the cause may still come first in the file: wait for it rather than answer with another.
  if (allowMayMatch) return { kind: 'waiting' };
  return allow ?? { kind: 'none' };
}
