// The rules on screen: a row's status gains the rule's words (`rule: allow
// (tests ok)` while it only suggests, `✓ allow · rule tests ok` once it
// answered), and the detail a line saying the same.

import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { displayLine } from '../../protocol/sanitize.js';
import type { RuleScope } from '../../store/rule-scopes.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

type Status = { text: string; color: string } | undefined;

export function withRuleText(status: Status, rule: string | undefined): Status {
  if (rule === undefined) return status;
  // Once an answer of ours is under way its state speaks; the rule names who gave it.
  if (rule.startsWith(glyphs().dot))
    return status ? { ...status, text: `${status.text} ${rule}` } : { text: rule, color: 'magenta' };
  return status ?? { text: rule, color: 'magenta' };
}

export function withRuleLine(cause: Line[] | undefined, rule: string | undefined, width: number): Line[] | undefined {
  if (rule === undefined) return cause;
  const text = rule.startsWith(glyphs().dot)
    ? `answered by ${rule.slice(2)}`
    : rule.startsWith('rule: ask')
      ? `${rule}: the rules leave this to you`
      : `${rule}: ${withKeys('answer', 'highlighted; nothing is sent until {send}')}`;
  return [...(cause ?? []), [seg(fit(text, width), { color: 'magenta' })]];
}

/** `a`'s question: the numbered scopes, each with what it would match now; the one picked highlighted. */
export function buildAlwaysLines(scopes: readonly RuleScope[], index: number, label: string, width: number): Line[] {
  const lines: Line[] = [[seg(fit(`Always answer ${displayLine(label, 40)} like this?`, width), { bold: true })], []];
  scopes.forEach((scope, i) => {
    const picked = i === index;
    const where =
      scope.kind === 'run' || scope.kind === 'session' ? 'this console, ends with it' : 'saved to the rules file';
    const text = scope.rule
      ? `${picked ? glyphs().pointer : ' '} ${i + 1} ${displayLine(scope.label, 80)} ` +
        `${glyphs().dot} matches ${scope.matches} open now ${glyphs().dot} ${where}`
      : `${picked ? glyphs().pointer : ' '} ${i + 1} ${displayLine(scope.label, 80)} ` +
        `${glyphs().dot} not for this request: ${scope.why ?? ''}`;
    lines.push([seg(fit(text, width), scope.rule ? (picked ? { inverse: true, bold: true } : {}) : { dim: true })]);
  });
  lines.push(
    [],
    [
      seg(
        fit(
          withKeys(
            'always',
            `{confirm} saves the rule and sends this answer ${glyphs().dot} {back/} back (nothing saved or sent)`,
          ),
          width,
        ),
        {
          dim: true,
        },
      ),
    ],
  );
  return lines;
}
