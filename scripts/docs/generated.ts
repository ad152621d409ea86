// The documents made from the code's own tables, and how each is checked:
// `npm run docs` writes them (scripts/docs.ts), and test/docs/generated.test.ts
// fails while one differs from what the tables make now (as lazygit checks
// its keybinding cheatsheet). docs/cli.md and docs/keys.md are written by
// hand around one generated part between the two marks; the man page is
// generated whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyTableMarkdown } from '../../src/ui/places/key-docs.js';
import { cliMarkdown } from './cli-doc.js';
import { manPage } from './man-page.js';

export const REGENERATE = 'npm run docs';
export const BEGIN = `<!-- generated from the code by \`${REGENERATE}\`: edit the source named above, not this part -->`;
export const END = '<!-- end of the generated part -->';

export interface Generated {
  /** The file, from the repository's root. */
  file: string;
  /** Where its words come from (said when it is stale). */
  source: string;
  /** What the file should hold, given what it holds now. */
  expected(current: string): string;
}

/** `current` with its generated part (between BEGIN and END) replaced by `part`. */
export function withPart(file: string, current: string, part: string): string {
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${file} has no generated part: put the lines ${BEGIN} and ${END} where it goes`);
  return `${current.slice(0, begin + BEGIN.length)}\n\n${part}\n\n${current.slice(end)}`;
}

export function generatedDocs(root: string): Generated[] {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return [
    { file: 'docs/cli.md', source: 'src/cli/flag-table.ts, flag-docs.ts, usage-table.ts', expected: (current) => withPart('docs/cli.md', current, cliMarkdown()) },
    { file: 'docs/keys.md', source: 'src/ui/places/registry.ts and each place\'s *-keys.ts', expected: (current) => withPart('docs/keys.md', current, keyTableMarkdown()) },
    { file: 'man/aep-console.1', source: 'src/cli/flag-table.ts, flag-docs.ts, usage-table.ts', expected: () => manPage(version) },
  ];
}
