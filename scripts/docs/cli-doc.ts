// The generated part of docs/cli.md: the usage, the commands, every flag,
// the environment and the exit codes, from the flag table and the usage
// table (src/cli/flag-table.ts, flag-docs.ts, usage-table.ts).
import { FLAG_DOCS } from '../../src/cli/flag-docs.js';
import { withKeys } from '../../src/ui/key-labels.js';
import { FLAG_NAMES, flagUsage } from '../../src/cli/flag-table.js';
import { COMMANDS, ENVIRONMENT, EXIT_CODES, USAGE } from '../../src/cli/usage-table.js';

/** A Markdown table cell: a `|` in it would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function cliMarkdown(): string {
  return [
    '## Usage',
    '',
    '```',
    ...USAGE,
    '```',
    '',
    '| command | what it does |',
    '|---|---|',
    ...COMMANDS.map(({ name, does }) => `| ${name === '(none)' ? '`aep-console` (no command)' : `\`aep-console ${name}\``} | ${cell(does)} |`),
    '',
    '## Flags',
    '',
    ...FLAG_NAMES.flatMap((name) => [`### \`${flagUsage(name)}\``, '', withKeys('browse', FLAG_DOCS[name]), '']),
    '## Environment',
    '',
    '| variable | what it does |',
    '|---|---|',
    ...ENVIRONMENT.map(({ name, does }) => `| \`${name}\` | ${cell(does)} |`),
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---|---|',
    ...EXIT_CODES.map(({ code, doc }) => `| \`${code}\` | ${cell(doc)} |`),
  ].join('\n');
}
