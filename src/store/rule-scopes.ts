// `a`, "Always answer like this?": the rules the four scopes would make from
// the open request and the option highlighted, and how many open requests
// each matches now. Pure. A scope that cannot be said exactly (no run, no
// tool or command in the cause, a value a glob cannot spell because it holds
// `*` or `?`) is not offered: a rule wider than what the operator picked is
// never made.

import { namesProvenance, sourceNamesEmitter, type Rule, type RuleMatch } from '../protocol/rules.js';
import { causeFacts, commandPrefixMatch, judge } from './rule-match.js';
import { isOwnCause, ownCauseEvent, type CauseState } from './cause.js';
import type { RequestRecord } from './types.js';

export type ScopeKind = 'run' | 'session' | 'agent-tool' | 'agent-tool-prefix';

export interface RuleScope {
  kind: ScopeKind;
  /** The row's words: "this run", "this session", "codex and Bash", "codex, Bash and npm test". */
  label: string;
  /** Absent when this scope cannot be made for this request (`why` says). */
  rule?: Rule;
  why?: string;
  /** Open requests it would answer now (this one included). */
  matches: number;
}

const exact = (value: string) => !/[*?]/.test(value);
/** An agent name a rule can match exactly and the rules file takes as provenance (not empty). */
const agentNamed = (agent: string) => exact(agent) && namesProvenance({ agent });

/** The first word of a command, and the second too unless it is a flag (`npm test`, `git status`, `ls`). */
export function commandPrefixOf(command: string): string | undefined {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  const prefix = words[1] && !words[1].startsWith('-') ? `${words[0]} ${words[1]}` : words[0]!;
  return commandPrefixMatch(prefix, command) ? prefix : undefined;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  const name = base.slice(0, 72);
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} (${i})`)) return `${name} (${i})`;
}

/** What every scope is made from: the request, the answer, and what its own cause says exactly. */
interface ScopeFacts {
  record: RequestRecord;
  option: string;
  taken: ReadonlySet<string>;
  /** The cause's tool, when it names one a glob can spell. */
  tool?: string;
  /** The cause's command prefix (commandPrefixOf), when it carries a plain command. */
  prefix?: string;
  /** Whether source and session can be matched exactly. */
  provenance: boolean;
}

type Unmatched = Omit<RuleScope, 'matches'>;

function scopeFacts(record: RequestRecord, option: string, cause: CauseState, taken: ReadonlySet<string>): ScopeFacts {
  const own = ownCauseEvent(cause);
  const facts = own && isOwnCause(record, own) ? causeFacts(own) : {};
  return {
    record,
    option,
    taken,
    tool: facts.tool !== undefined && exact(facts.tool) ? facts.tool : undefined,
    prefix: typeof facts.command === 'string' ? commandPrefixOf(facts.command) : undefined,
    // A source the rules file would refuse as no provenance (rules.ts) is never written into one.
    provenance: exact(record.source) && exact(record.session) && sourceNamesEmitter(record.source),
  };
}

/** The run and session scopes match the request's own emitter and kind (and its tool, when known). */
function provenanceMatch({ record, tool }: ScopeFacts): RuleMatch {
  const match: RuleMatch = { source: record.source, session: record.session, kind: record.payload.kind };
  return tool !== undefined ? { ...match, tool } : match;
}

function runScope(f: ScopeFacts): Unmatched {
  const { record, option } = f;
  if (record.run === undefined || !f.provenance)
    return {
      kind: 'run',
      label: 'this run',
      why: record.run === undefined ? 'the request names no run' : 'its source cannot be matched exactly',
    };
  return {
    kind: 'run',
    label: 'this run',
    rule: {
      name: uniqueName(`${option} in run ${record.run}`, f.taken),
      match: provenanceMatch(f),
      decide: { option },
      run: record.run,
    },
  };
}

function sessionScope(f: ScopeFacts): Unmatched {
  const { record, option } = f;
  if (!f.provenance) return { kind: 'session', label: 'this session', why: 'its source cannot be matched exactly' };
  return {
    kind: 'session',
    label: 'this session',
    rule: {
      name: uniqueName(`${option} in session ${record.session}`, f.taken),
      match: provenanceMatch(f),
      decide: { option },
    },
  };
}

function agentToolScope({ record, option, tool, taken }: ScopeFacts): Unmatched {
  if (tool === undefined || !agentNamed(record.agent))
    return { kind: 'agent-tool', label: 'this agent and tool', why: 'its cause names no tool the console could read' };
  return {
    kind: 'agent-tool',
    label: `${record.agent} and ${tool}`,
    rule: {
      name: uniqueName(`${option} ${record.agent} ${tool}`, taken),
      match: { agent: record.agent, tool },
      decide: { option },
    },
  };
}

function agentToolPrefixScope({ record, option, tool, prefix, taken }: ScopeFacts): Unmatched {
  if (tool === undefined || prefix === undefined || !agentNamed(record.agent))
    return {
      kind: 'agent-tool-prefix',
      label: 'this agent, tool and command prefix',
      why: 'its cause carries no plain command',
    };
  return {
    kind: 'agent-tool-prefix',
    label: `${record.agent}, ${tool} and ${prefix}`,
    rule: {
      name: uniqueName(`${option} ${record.agent} ${tool} ${prefix}`, taken),
      match: { agent: record.agent, tool, command_prefix: prefix },
      decide: { option },
    },
  };
}

/**
 * The scopes for `record` answered with `option`. `cause` is what the rules
 * know of its cause; `open` the open requests to count against (each with
 * its cause view); `taken` the rule names in use.
 */
export function ruleScopes(
  record: RequestRecord,
  option: string,
  cause: CauseState,
  open: readonly { record: RequestRecord; cause: CauseState }[],
  taken: ReadonlySet<string>,
): RuleScope[] {
  const facts = scopeFacts(record, option, cause, taken);
  const scopes = [runScope(facts), sessionScope(facts), agentToolScope(facts), agentToolPrefixScope(facts)];
  return scopes.map((scope) => {
    const rule = scope.rule;
    const matches = rule ? open.filter((o) => judge([rule], o.record, o.cause).kind === 'answer').length : 0;
    return { ...scope, matches };
  });
}

/** Whether a scope's rule is kept in memory only (it ends with its run or session) rather than saved. */
export function inMemoryOnly(kind: ScopeKind): boolean {
  return kind === 'run' || kind === 'session';
}
