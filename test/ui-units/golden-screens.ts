// The golden key table's screens as text (golden-screens/<scope>.txt, one
// file per place the keys can be): each row's whole screen (status, body,
// footer) under a line naming the row, every row of the screen after a bar,
// so a reader sees what the keys left, and a change shows as the rows that
// changed. The format:
//
//   ── browse: j moves down
//   │aep-console  3 pending · …
//   │
//   │▸ ● permission · bravo …
//
// A screen row is the text after its bar (rows end trimmed, as the table
// draws them); lines that start with neither mark are ignored (blank lines
// between screens).
import { existsSync, readFileSync } from 'node:fs';

const HEAD = '── ';
const BAR = '│';

/** The folder of the screen files. */
export const SCREENS = new URL('./golden-screens/', import.meta.url);

/** The file holding a scope's screens. */
export const screenFile = (scope: string) => new URL(`${scope}.txt`, SCREENS);

/** A row's screen as its file holds it: the name's line, then each screen row after a bar. */
export function formatScreen(name: string, screen: string): string {
  return `${HEAD}${name}\n${screen
    .split('\n')
    .map((row) => `${BAR}${row}`)
    .join('\n')}\n`;
}

/** The screens in a scope's file, by row name (none if it has no file yet). */
export function readScreens(scope: string): Map<string, string> {
  const file = screenFile(scope);
  const screens = new Map<string, string>();
  if (!existsSync(file)) return screens;
  let name: string | undefined;
  let rows: string[] = [];
  const flush = () => {
    if (name !== undefined) screens.set(name, rows.join('\n'));
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith(HEAD)) {
      flush();
      name = line.slice(HEAD.length);
      rows = [];
    } else if (line.startsWith(BAR) && name !== undefined) {
      rows.push(line.slice(BAR.length).trimEnd());
    }
  }
  flush();
  return screens;
}

/**
 * The two screens row by row, as a screen is compared (by position, not by
 * matching lines up): an unchanged row once, a changed one as the file's
 * (-) over what the keys left now (+).
 */
export function screenDiff(want: string, got: string): string {
  const a = want.split('\n');
  const b = got.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) out.push(`  ${BAR}${a[i]}`);
    else {
      if (a[i] !== undefined) out.push(`- ${BAR}${a[i]}`);
      if (b[i] !== undefined) out.push(`+ ${BAR}${b[i]}`);
    }
  }
  return out.join('\n');
}
