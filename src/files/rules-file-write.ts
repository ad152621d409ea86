// `a` → `y`: one rule added to the rules file, written like an editor saves
// (files/editor.ts: a symlink updated at its target, atomically, under a
// lock, 0600 or narrower; a file it cannot write left alone, the rule shown
// as JSON to add by hand), keeping the operator's own text: the new rule is inserted before the
// closing `]` of the rules array, so comments cannot exist (JSON) but layout,
// order and every other rule stay byte for byte. The result is parsed again
// before it replaces anything: a file this could break is left alone.
// The rules screen's delete (`rules.delete`) is the same save the other way:
// the one rule's text taken out, every other byte kept, read back.

import { lstatSync } from 'node:fs';
import { saveConfigFile } from './editor.js';
import { ruleSpans } from './rules-spans.js';
import { parseRules, type Rule } from '../protocol/rules.js';
import { formatUntil } from '../protocol/rule-until.js';
import { displayLine } from '../protocol/sanitize.js';

const MAX_RULES_BYTES = 1024 * 1024;

/** The rule as the file holds it (never its in-memory `run`; its end as RFC 3339 UTC). */
export function ruleText(rule: Rule): string {
  return JSON.stringify({
    name: rule.name,
    match: rule.match,
    decide: rule.decide,
    ...(rule.until !== undefined ? { until: formatUntil(rule.until) } : {}),
  });
}

/** The same rule: name, match (in any key order), decide and end. */
export function sameRule(a: Rule, b: Rule): boolean {
  const match = (r: Rule) => JSON.stringify(Object.entries(r.match).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return (
    a.name === b.name &&
    match(a) === match(b) &&
    JSON.stringify(a.decide) === JSON.stringify(b.decide) &&
    a.until === b.until &&
    a.run === b.run
  );
}

/**
 * The file's new text without `rule`, or why not. The rule is found by its
 * name and must still be the rule shown (an edit since then: nothing is
 * removed). Its element is cut with the comma and space that join it to
 * the next (or, last, to the one before), so a rule `a` added and this
 * removed leaves the file as it was.
 */
export function withRuleDeleted(
  text: string | undefined,
  rule: Rule,
): { ok: true; text: string } | { ok: false; reason: string } {
  if (text === undefined) return { ok: false, reason: 'is gone' };
  const before = parseRules(text);
  if (!before.ok) return { ok: false, reason: `is not a valid rules file (${before.error})` };
  const index = before.rules.findIndex((r) => r.name === rule.name);
  if (index < 0) return { ok: false, reason: `holds no rule ${JSON.stringify(displayLine(rule.name, 80))} now` };
  if (!sameRule(before.rules[index]!, { ...rule, run: undefined }))
    return {
      ok: false,
      reason: `has a different rule ${JSON.stringify(displayLine(rule.name, 80))} now (edited since)`,
    };
  const spans = ruleSpans(text);
  if (!spans || spans.elements.length !== before.rules.length)
    return { ok: false, reason: 'could not be read to find the rule' };
  const { elements } = spans;
  let next: string;
  if (elements.length === 1) next = text.slice(0, spans.open + 1) + text.slice(spans.close);
  else if (index < elements.length - 1) next = text.slice(0, elements[index]![0]) + text.slice(elements[index + 1]![0]);
  else next = text.slice(0, elements[index - 1]![1]) + text.slice(elements[index]![1]);
  const after = parseRules(next);
  const kept = before.rules.filter((_, i) => i !== index);
  if (!after.ok || after.rules.length !== kept.length || after.rules.some((r, i) => !sameRule(r, kept[i]!)))
    return {
      ok: false,
      reason: `would not read back without the rule (${after.ok ? 'the rules differ' : after.error})`,
    };
  return { ok: true, text: next };
}

/** Removes `rule` from the file at `path`, saved as `a` saves (lock, fresh read, atomic replace, a link kept). */
export function deleteRuleFromFile(path: string, rule: Rule): { ok: true } | { ok: false; reason: string } {
  const shown = displayLine(path, 200);
  try {
    lstatSync(path);
  } catch {
    // Never made by a delete: saving would make the directory.
    return { ok: false, reason: `the rules file ${shown} is gone` };
  }
  const saved = saveConfigFile(path, (text) => withRuleDeleted(text, rule), MAX_RULES_BYTES);
  return saved.ok ? { ok: true } : { ok: false, reason: `the rules file ${shown} ${saved.reason}` };
}

/** The rules screen's `deleteRule`: removes from the file at `path` (absent: no file to remove from). */
export function deleteRuleIn(
  path: string | undefined,
): ((rule: Rule) => { ok: true; path: string } | { ok: false; reason: string }) | undefined {
  if (path === undefined) return undefined;
  return (rule) => {
    const deleted = deleteRuleFromFile(path, rule);
    return deleted.ok ? { ok: true, path } : deleted;
  };
}

/** The file's new text with `rule` appended to its rules array, or why not. */
export function withRuleAdded(
  text: string | undefined,
  rule: Rule,
): { ok: true; text: string } | { ok: false; reason: string } {
  if (text === undefined || text.trim() === '')
    return { ok: true, text: `{\n  "rules": [\n    ${ruleText(rule)}\n  ]\n}\n` };
  const before = parseRules(text);
  if (!before.ok) return { ok: false, reason: `the file is not a valid rules file (${before.error})` };
  // "rules" is the only key (the parser refuses any other), so the last `]` closes its array.
  const close = text.lastIndexOf(']');
  if (close < 0) return { ok: false, reason: 'the rules array was not found' };
  const head = text.slice(0, close).replace(/\s*$/, '');
  const indent = /\n([ \t]*)\{[^\n]*$/.exec(head)?.[1] ?? /\n([ \t]*)\S[^\n]*$/.exec(head)?.[1] ?? '    ';
  const empty = before.rules.length === 0;
  const closeIndent = /\n([ \t]*)$/.exec(text.slice(0, close))?.[1] ?? '  ';
  // The space before `]` stays as it was (a one-line file stays one line up to the new rule), so a delete restores the file.
  const gap = text.slice(head.length, close);
  const next = empty
    ? `${head}\n${closeIndent}  ${ruleText(rule)}\n${closeIndent}${text.slice(close)}`
    : `${head},\n${indent}${ruleText(rule)}${gap}${text.slice(close)}`;
  const after = parseRules(next);
  if (!after.ok || after.rules.length !== before.rules.length + 1)
    return { ok: false, reason: `the new rule would not read back (${after.ok ? 'count' : after.error})` };
  return { ok: true, text: next };
}

/**
 * Adds `rule` to the file at `path` (made, with its directory, if absent); a file it cannot write is left alone and
 * the rule given as JSON.
 */
export function addRuleToFile(path: string, rule: Rule): { ok: true } | { ok: false; reason: string; byHand?: string } {
  const saved = saveConfigFile(path, (text) => withRuleAdded(text, rule), MAX_RULES_BYTES);
  if (saved.ok) return { ok: true };
  // Read-only: the rule comes first after the why, so a narrow footer still shows most of it (the path is the operator's own).
  if (saved.readOnly)
    return {
      ok: false,
      reason: `the rules file ${saved.reason}; add it by hand: ${ruleText(rule)}`,
      byHand: ruleText(rule),
    };
  return { ok: false, reason: `the rules file ${displayLine(path, 200)} ${saved.reason}` };
}

/** The App's `saveRule`: adds to the file at `path` (absent: nothing to save to). */
export function saveRuleTo(
  path: string | undefined,
): ((rule: Rule) => { ok: true; path: string } | { ok: false; reason: string; byHand?: string }) | undefined {
  if (path === undefined) return undefined;
  return (rule) => {
    const saved = addRuleToFile(path, rule);
    return saved.ok ? { ok: true, path } : saved;
  };
}

/** The App's two hooks on the rules file at `path` (`a` saves, the rules screen deletes), for the CLI to hand over as one. */
export function rulesFileHooks(path: string | undefined): {
  saveRule: ReturnType<typeof saveRuleTo>;
  deleteRule: ReturnType<typeof deleteRuleIn>;
} {
  return { saveRule: saveRuleTo(path), deleteRule: deleteRuleIn(path) };
}
