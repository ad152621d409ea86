// The rules file (`--rules F`): `{"rules": [...]}`, in order, each rule a
// `name`, a `match` and a `decide`. Parsing is pure and strict: the file is
// the operator's, but a typo in it must never widen what gets answered, so an
// unknown key, a wrong type or a rule that would answer on content alone
// (AEP-0002 §8: `severity`, `type` and the prompt are emitter-asserted) is an
// error naming the rule, never a rule silently ignored.

import { displayLine, showsAsIs } from './sanitize.js';
import { pathGlobProblem } from './path-glob.js';
import { parseUntil } from './rule-until.js';

export const MATCH_KEYS = ['source', 'agent', 'session', 'relay', 'kind', 'tool', 'command_prefix', 'path'] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];

export type RuleMatch = Partial<Record<MatchKey, string>>;

export type RuleDecide = { option: string } | 'deny' | 'ask';

export interface Rule {
  name: string;
  match: RuleMatch;
  decide: RuleDecide;
  /**
   * When the rule ends (ms since the epoch; the file says it as RFC 3339
   * UTC, `"until": "2026-12-08T01:00:00Z"`): at and after it the rule
   * matches nothing (rule-match.ts, given the time).
   */
  until?: number;
  /**
   * Made with `a` for one run (never read from a file, never written): it
   * matches only requests of that run, so it ends with it.
   */
  run?: string;
}

export type ParsedRules = { ok: true; rules: Rule[] } | { ok: false; error: string };

/** Rules a file may hold, and how long a name or a match value may be: bounds on a hostile or mistaken file. */
export const MAX_RULES = 1000;
const MAX_VALUE = 1000;

const RULE_KEYS = new Set(['name', 'match', 'decide', 'until']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (s: string) => JSON.stringify(displayLine(s, 60));

/** A glob that names nobody (`*`, `?*`): it is no provenance at all. */
export function globMatchesAnything(glob: string): boolean {
  return /^[*?]*$/.test(glob) && glob.includes('*');
}

const WILD = /[*?]/;
/** A glob segment that starts with a literal character: it names a fixed host or agent, not any. */
const literalStart = (segment: string | undefined): boolean =>
  segment !== undefined && segment !== '' && !WILD.test(segment[0]!);

/**
 * Whether a `source` glob names an emitter: a literal scheme and then a
 * literal host (`aep://ci-*\/…`: the first segment after the scheme starts
 * with a literal character) or a literal agent segment (`…/agent/claude-*\/…`).
 * `*`, `aep://*`, `aep:*` and `aep://*.example/…` (a `*` crosses `/`, so a
 * suffix pins nothing) do not.
 */
export function sourceNamesEmitter(glob: string): boolean {
  const colon = glob.indexOf(':');
  if (colon <= 0 || WILD.test(glob.slice(0, colon))) return false;
  // The host, or an opaque URI's first part: after the scheme and any literal slashes.
  const segments = glob
    .slice(colon + 1)
    .replace(/^\/+/, '')
    .split('/');
  if (literalStart(segments[0])) return true;
  for (let i = 1; i + 1 < segments.length; i++)
    if (segments[i] === 'agent' && literalStart(segments[i + 1])) return true;
  return false;
}

/**
 * Whether a rule's `match` names its provenance: an `agent` glob other than
 * `*` (or any glob that matches everything), or a `source` glob that names
 * an emitter (sourceNamesEmitter). `relay`, `session` and the content keys
 * never do (AEP-0002 §8: they are the relay's or the emitter's to assert).
 */
export function namesProvenance(match: RuleMatch): boolean {
  const agent = match.agent !== undefined && match.agent !== '' && !globMatchesAnything(match.agent);
  return agent || (match.source !== undefined && sourceNamesEmitter(match.source));
}

/** Parses the text of a rules file. The error is one line: which rule, what is wrong. */
export function parseRules(text: string): ParsedRules {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `not JSON (${displayLine(error instanceof Error ? error.message : String(error), 120)})`,
    };
  }
  if (!isObject(doc)) return { ok: false, error: 'not a JSON object {"rules": [...]}' };
  for (const key of Object.keys(doc))
    if (key !== 'rules') return { ok: false, error: `unknown key ${shown(key)} (the file holds only "rules")` };
  if (!Array.isArray(doc.rules)) return { ok: false, error: '"rules" must be an array' };
  if (doc.rules.length > MAX_RULES) return { ok: false, error: `${doc.rules.length} rules (at most ${MAX_RULES})` };
  const rules: Rule[] = [];
  const names = new Set<string>();
  for (const [index, raw] of doc.rules.entries()) {
    const parsed = parseRule(raw, index);
    if ('error' in parsed) return { ok: false, error: parsed.error };
    if (names.has(parsed.rule.name))
      return { ok: false, error: `rule ${index + 1} ${shown(parsed.rule.name)}: the name is used twice` };
    names.add(parsed.rule.name);
    rules.push(parsed.rule);
  }
  return { ok: true, rules };
}

function parseRule(raw: unknown, index: number): { rule: Rule } | { error: string } {
  const at = (name?: string) => `rule ${index + 1}${name !== undefined ? ` ${shown(name)}` : ''}`;
  if (!isObject(raw)) return { error: `${at()}: not an object` };
  const name = raw.name;
  if (typeof name !== 'string' || name.trim() === '') return { error: `${at()}: "name" must be a non-empty string` };
  if (name.length > 80 || !showsAsIs(name, 80))
    return { error: `${at(name)}: the name must be at most 80 printable characters` };
  for (const key of Object.keys(raw))
    if (!RULE_KEYS.has(key)) return { error: `${at(name)}: unknown key ${shown(key)}` };
  if (!isObject(raw.match)) return { error: `${at(name)}: "match" must be an object` };
  const match: RuleMatch = {};
  for (const [key, value] of Object.entries(raw.match)) {
    if (!(MATCH_KEYS as readonly string[]).includes(key))
      return { error: `${at(name)}: unknown match key ${shown(key)} (known: ${MATCH_KEYS.join(', ')})` };
    if (typeof value !== 'string') return { error: `${at(name)}: match ${shown(key)} must be a string` };
    if (value.length > MAX_VALUE)
      return { error: `${at(name)}: match ${shown(key)} is longer than ${MAX_VALUE} characters` };
    if (key === 'command_prefix' && value.trim() === '')
      return { error: `${at(name)}: match "command_prefix" must not be empty` };
    if (key === 'path') {
      const problem = pathGlobProblem(value);
      if (problem !== undefined) return { error: `${at(name)}: match "path" ${problem}` };
    }
    match[key as MatchKey] = value;
  }
  const decide = parseDecide(raw.decide);
  if (typeof decide === 'object' && 'error' in decide) return { error: `${at(name)}: ${decide.error}` };
  // An "ask" rule never answers, so it may stand on content alone (e.g. every `rm` asks).
  if (decide !== 'ask' && !namesProvenance(match)) {
    return {
      error: `${at(name)}: answers on content alone; name its provenance with "agent" or "source" (AEP-0002 §8)`,
    };
  }
  // An end the console cannot read would leave a rule in force for ever, or end it at once: neither is what was meant.
  if (raw.until === undefined) return { rule: { name, match, decide } };
  const until = parseUntil(raw.until);
  if (until === undefined)
    return { error: `${at(name)}: "until" must be an RFC 3339 time in UTC, such as "2026-12-08T01:00:00Z"` };
  return { rule: { name, match, decide, until } };
}

function parseDecide(raw: unknown): RuleDecide | { error: string } {
  if (raw === 'deny' || raw === 'ask') return raw;
  if (isObject(raw)) {
    for (const key of Object.keys(raw)) if (key !== 'option') return { error: `unknown decide key ${shown(key)}` };
    if (typeof raw.option !== 'string') return { error: '"decide.option" must be a string (an option id)' };
    if (raw.option === '' || raw.option.length > 200 || !showsAsIs(raw.option, 200))
      return { error: '"decide.option" must be a non-empty id of printable characters' };
    return { option: raw.option };
  }
  return { error: '"decide" must be {"option": ID}, "deny" or "ask"' };
}
