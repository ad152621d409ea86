import { UNCONFIRMED_MARK } from '../words/marks.js';
import { UTF8_GLYPHS, type Glyphs, glyphs } from '../glyphs.js';
import type { RequestState } from '../../store/types.js';
import type { Scope } from '../key-table.js';
import { keyRows } from '../key-rows.js';
import { PLACES } from '../places/registry.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { windowAt } from '../widgets/window.js';

/** Trying `list` on the demo: the relay is on loopback with a random token, kept in a 0600 file. */
function demoLines(demo: { relay: string; listCommand: string }, width: number): Line[] {
  const lines: Line[] = [
    [seg(fit(`Demo relay: ${demo.relay} ${glyphs().dot} list it from another terminal:`, width), { color: 'cyan' })],
  ];
  // Wrapped, never cut: it is there to be copied whole (a shell reads the
  // trailing backslashes as one command).
  const parts = wrapText(demo.listCommand, Math.max(10, width - 6)).map((part) => part.trimEnd());
  parts.forEach((part, i) =>
    lines.push([seg(`  ${part}${i < parts.length - 1 ? ' \\' : ''}`, { color: 'cyan', bold: true })]),
  );
  return lines;
}

/** The legend: what the marks, the severities and the groups on the list mean. */
function legendLines(width: number, g: Glyphs): Line[] {
  // From the same function the list draws with, so the legend cannot drift from the marks.
  const states: [RequestState, string][] = [
    ['pending', 'pending'],
    ['answered', 'answered'],
    ['informational', 'informational'],
    ['resolved', 'resolved'],
    ['timeout', 'timed out'],
    ['stale', 'stale'],
  ];
  const lines: Line[] = [];
  lines.push([
    seg(fit(`Marks: ${states.map(([state, word]) => `${g.mark(state)} ${word}`).join('  ')}`, width), { dim: true }),
  ]);
  lines.push([
    seg(fit(`       ${UNCONFIRMED_MARK} after a mark: not re-confirmed by the relay since it reconnected`, width), {
      dim: true,
    }),
  ]);
  lines.push([
    seg(
      fit(
        `       ${g.tagged} marked for a batch ${glyphs().dot} ${g.draft} unsent draft ` +
          `${glyphs().dot} ${g.timeLeft}35s time left, ${g.timeLeft}exp expired`,
        width,
      ),
      { dim: true },
    ),
  ]);
  lines.push([
    seg(fit(`       severity: crit err warn note info ${glyphs().dot} [form]: the kind, if not permission`, width), {
      dim: true,
    }),
  ]);
  // Every group the list can show, wrapped (never cut): a group the legend does not name reads as something gone wrong.
  for (const part of wrapText(
    `Groups: Pending ${glyphs().dot} No agent connected (its agent is gone) ${glyphs().dot} ` +
      `Snoozed (z: not now; back by itself) ${glyphs().dot} Recent`,
    Math.max(10, width - 7),
  ))
    lines.push([seg(`${part.startsWith('Groups:') ? '' : '       '}${part}`, { dim: true })]);
  lines.push([seg(fit(`       last call on a row: 15 s or less left, rung once more`, width), { dim: true })]);
  return lines;
}

/** Every key, grouped under the title of where it acts, a blank row before each group. */
function keyLines(width: number): Line[] {
  const lines: Line[] = [];
  let scope: Scope | undefined;
  for (const row of keyRows()) {
    if (row.scope !== scope) {
      scope = row.scope;
      lines.push([seg('')]);
      lines.push([seg(PLACES[scope].titles.help().replace('…', glyphs().ellipsis), { bold: true })]);
    }
    // A long description wraps under itself rather than being cut: help must say it all.
    // Keys too long for their column get a row of their own, the words below them.
    const own = row.keys.length > 16;
    if (own) lines.push([seg(`  ${row.keys}`, { color: 'cyan' })]);
    wrapText(row.does, Math.max(10, width - 19)).forEach((part, i) =>
      lines.push([seg(`  ${(i === 0 && !own ? `${row.keys} ` : '').padEnd(17)}`, { color: 'cyan' }), seg(part)]),
    );
  }
  return lines;
}

/** The lines in `height` rows: spacer rows go first, then it scrolls from `scroll`. */
function fitHelp(lines: Line[], width: number, height: number, scroll: number): Line[] {
  // Short terminals (80x24) drop the spacer rows before dropping content.
  const fitted = lines.length > height ? lines.filter((l) => l.some((s) => s.text !== '')) : lines;
  if (fitted.length <= height || height < 3) return fitted.slice(0, Math.max(1, height));
  // Still too tall: it scrolls, with a last row saying what is hidden (the footer says how to see it).
  const room = height - 1;
  const window = windowAt(fitted.length, room, scroll, (i) => fitted[i]);
  const { up, down } = glyphs();
  const more = [window.above ? `${up}${window.above} above` : '', window.below ? `${down}${window.below} more` : '']
    .filter(Boolean)
    .join(` ${glyphs().dot} `);
  return [...window.rows, [seg(fit(more, width), { dim: true })]];
}

/** The `?` overlay, built from the same key table the handlers use. */
export function buildHelpLines(
  width: number,
  height: number,
  scroll = 0,
  g: Glyphs = UTF8_GLYPHS,
  demo?: { relay: string; listCommand: string },
): Line[] {
  // How to scroll and close it is said once, by the footer (hintsFor('help')), not here and again at the bottom.
  const lines: Line[] = [
    [seg('Keys', { bold: true })],
    ...(demo ? demoLines(demo, width) : []),
    ...legendLines(width, g),
    ...keyLines(width),
    [seg('')],
    [seg(fit('On a text row every printable key is text: q j k / ? r y n act elsewhere.', width), { dim: true })],
  ];
  return fitHelp(lines, width, height, scroll);
}
