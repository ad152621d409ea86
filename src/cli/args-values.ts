// Flags that take a value must be given one. meow reads a flag with its
// value missing (`--relay` last, or followed by another flag) as "" or as
// nothing at all: `list --relay` then silently read the default relay and
// `--token-file` named an empty file. So the command line is checked for it
// first, with the flag's usage in the message.
import { UsageError } from './usage-error.js';
import { kebabCase, valueFlags } from './flag-table.js';

/** Each value-taking flag: what its value is, and its usage as --help writes it (from the flag table). */
const VALUE_FLAGS = valueFlags();

/** What the flag parser takes as a value after `--flag`: anything but another flag (a negative number is a value; so is "-"). */
function isValue(next: string | undefined): next is string {
  if (next === undefined) return false;
  return next === '-' || !next.startsWith('-') || /^-\d/.test(next);
}

/** The kebab-case name of `--name` or `--name=…` (meow takes camelCase too). */
function flagName(arg: string): string | undefined {
  const m = /^--([^=]+)/.exec(arg);
  return m ? kebabCase(m[1]) : undefined;
}

/** Throws a usage error for the first value-taking flag given without its value (`--flag` at the end or before a flag, or `--flag=`). */
export function requireFlagValues(argv: readonly string[]): void {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return; // the rest are arguments, not flags
    const name = flagName(arg);
    const spec = name === undefined ? undefined : VALUE_FLAGS[name];
    if (!spec) continue;
    const inline = arg.indexOf('=');
    const missing = inline >= 0 ? arg.length === inline + 1 : !isValue(argv[i + 1]);
    if (missing) throw new UsageError(`--${name} needs ${spec.what} (usage: ${spec.usage})`);
    if (inline < 0) i++;
  }
}
