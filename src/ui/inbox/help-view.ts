import { UNCONFIRMED_MARK, stateMark } from '../../store/marks.js';
import type { RequestState } from '../../store/types.js';
import { KEY_HELP } from '../keys.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';

/** The `?` overlay, built from the same key table the handlers use. */
export function buildHelpLines(width: number, height: number): Line[] {
  const lines: Line[] = [[seg('Keys', { bold: true }), seg('  (any key closes this help)', { dim: true })]];
  for (const group of KEY_HELP) {
    lines.push([seg('')]);
    lines.push([seg(group.title, { bold: true })]);
    for (const binding of group.bindings) {
      lines.push([seg(`  ${binding.keys.padEnd(16)}`, { color: 'cyan' }), seg(fit(binding.action, Math.max(10, width - 18)))]);
    }
  }
  lines.push([seg('')]);
  lines.push([seg(fit('On a text row every printable key is text: q j k / ? r y n act elsewhere.', width), { dim: true })]);
  // From the same function the list draws with, so the legend cannot drift from the marks.
  const states: [RequestState, string][] = [
    ['pending', 'pending'],
    ['answered', 'answered'],
    ['informational', 'informational'],
    ['resolved', 'resolved'],
    ['timeout', 'timed out'],
    ['stale', 'stale'],
  ];
  lines.push([seg(fit(`Marks: ${states.map(([state, word]) => `${stateMark(state)} ${word}`).join('  ')}`, width), { dim: true })]);
  lines.push([seg(fit(`       ${UNCONFIRMED_MARK} after a mark: not re-confirmed by the relay since it reconnected`, width), { dim: true })]);
  // Short terminals (80x24) drop the spacer rows before dropping content.
  const fitted = lines.length > height ? lines.filter((l) => l.some((s) => s.text !== '')) : lines;
  return fitted.slice(0, Math.max(1, height));
}
