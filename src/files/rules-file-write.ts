// `a` → `y`: one rule added to the rules file, written like an editor saves
// (files/editor.ts: a symlink updated at its target, atomically, under a
// lock, 0600 or narrower; a file it cannot write left alone, the rule shown
// as JSON to add by hand), keeping the operator's own text: the new rule is inserted before the
// closing `]` of the rules array, so comments cannot exist (JSON) but layout,
// order and every other rule stay byte for byte. The result is parsed again
// before it replaces anything: a file this could break is left alone.

import { saveConfigFile } from './editor.js';
import { parseRules, type Rule } from '../protocol/rules.js';
import { displayLine } from '../protocol/sanitize.js';

const MAX_RULES_BYTES = 1024 * 1024;

/** The rule as the file holds it (never its in-memory `run`). */
function ruleText(rule: Rule): string {
  return JSON.stringify({ name: rule.name, match: rule.match, decide: rule.decide });
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
  const next = `${head}${empty ? '' : ','}\n${empty ? `${closeIndent}  ` : indent}${ruleText(rule)}\n${closeIndent}${text.slice(close)}`;
  const after = parseRules(next);
  if (!after.ok || after.rules.length !== before.rules.length + 1)
    return { ok: false, reason: `the new rule would not read back (${after.ok ? 'count' : after.error})` };
  return { ok: true, text: next };
}

/** Adds `rule` to the file at `path` (made, with its directory, if absent); a file it cannot write is left alone and the rule given as JSON. */
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
