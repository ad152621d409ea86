// The command lines most starts are given (`--relay URL --no-bell`,
// `list --json --relay URL`, `--demo`), read without meow: meow's bundled
// dependencies, read back and run as they load, and its parse (yargs-parser
// and its camel-case passes over every flag) were the largest part of the
// console's own start after React, Ink and Yoga. The forms read here are
// the plainest ones, whose meaning under meow has no corner: each token is
// a word (an argument), a known flag written `--kebab-case` (a switch, or a
// switch's `--no-kebab-case`), or a known flag's value as the token after
// it. Anything else (`--flag=value`, a short flag, `--`, a flag written in
// camelCase, an unknown flag, a value that starts with "-" or is empty, a
// flag given twice that is not a list, a number that is not plain digits,
// `true` or `false` as a word) is left to meow, so every command line
// parses as meow parses it (test/cli/simple-flags.test.ts compares the two
// on command lines of every form read here).
import { FLAG_NAMES, FLAG_TABLE, kebabCase, type FlagName, type FlagSpec } from './flag-table.js';

export interface SimpleFlags {
  /** By camelCase name, as meow gives them: every flag with a default (a list's is []), and those given. */
  flags: Record<string, unknown>;
  input: string[];
}

interface Known {
  name: FlagName;
  spec: FlagSpec;
  negated: boolean;
}

/** Each flag meow reads, by the tokens that name it: `--kebab-case`, and `--no-kebab-case` for a switch. */
const KNOWN = new Map<string, Known>();
for (const name of FLAG_NAMES) {
  const spec: FlagSpec = FLAG_TABLE[name];
  if (spec.respondOnly) continue;
  const kebab = kebabCase(name);
  KNOWN.set(`--${kebab}`, { name, spec, negated: false });
  if (spec.type === 'boolean') KNOWN.set(`--no-${kebab}`, { name, spec, negated: true });
}

function defaults(): Record<string, unknown> {
  const flags: Record<string, unknown> = {};
  for (const { name, spec, negated } of KNOWN.values()) {
    if (negated) continue;
    if (spec.isMultiple) flags[name] = [];
    else if (spec.default !== undefined) flags[name] = spec.default;
  }
  return flags;
}

/** A value read here: not empty, not starting with "-" (a flag, or a negative number, meow's to read). */
const plainValue = (value: string | undefined): value is string =>
  value !== undefined && value !== '' && !value.startsWith('-');

/** `argv` read as meow reads it, when every token is of a form read here; undefined when meow must read it. */
export function simpleFlags(argv: readonly string[]): SimpleFlags | undefined {
  const flags = defaults();
  const input: string[] = [];
  const given = new Set<FlagName>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (!token.startsWith('-')) {
      // yargs-parser reads `true` and `false` after a switch as its value.
      if (token === 'true' || token === 'false') return undefined;
      input.push(token);
      continue;
    }
    const known = KNOWN.get(token);
    if (known === undefined) return undefined;
    const { name, spec, negated } = known;
    if (given.has(name) && !spec.isMultiple) return undefined;
    given.add(name);
    if (spec.type === 'boolean') {
      flags[name] = !negated;
      continue;
    }
    const value = argv[++i];
    if (!plainValue(value)) return undefined;
    if (spec.type === 'number') {
      if (!/^[0-9]{1,15}$/.test(value)) return undefined;
      flags[name] = Number(value);
    } else if (spec.isMultiple) (flags[name] as string[]).push(value);
    else flags[name] = value;
  }
  return { flags, input };
}
