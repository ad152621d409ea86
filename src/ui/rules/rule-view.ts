// The rules on screen: a row's status gains the rule's words (`rule: allow
// (tests ok)` while it only suggests, `✓ allow · rule tests ok` once it
// answered), and the detail a line saying the same.

import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';

type Status = { text: string; color: string } | undefined;

export function withRuleText(status: Status, rule: string | undefined): Status {
  if (rule === undefined) return status;
  // Once an answer of ours is under way its state speaks; the rule names who gave it.
  if (rule.startsWith('·')) return status ? { ...status, text: `${status.text} ${rule}` } : { text: rule, color: 'magenta' };
  return status ?? { text: rule, color: 'magenta' };
}

export function withRuleLine(cause: Line[] | undefined, rule: string | undefined, width: number): Line[] | undefined {
  if (rule === undefined) return cause;
  const text = rule.startsWith('·') ? `answered by ${rule.slice(2)}` : rule.startsWith('rule: ask') ? `${rule}: the rules leave this to you` : `${rule}: highlighted; nothing is sent until Enter`;
  return [...(cause ?? []), [seg(fit(text, width), { color: 'magenta' })]];
}
