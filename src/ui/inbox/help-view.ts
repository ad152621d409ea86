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
  lines.push([seg(fit('While a text row is highlighted every printable key is text; q j k / ? r y n act elsewhere.', width), { dim: true })]);
  lines.push([seg(fit('Marks: ● pending  ◑ answered  ○ informational  ✓ resolved  ⊘ timed out  ✗ stale', width), { dim: true })]);
  return lines.slice(0, Math.max(1, height));
}
