// `aep-console rules test [--rules F] [connection flags]`: the connection
// flags are `list`'s (it reads the history the same way), `--rules` names the
// file (else the default one, which must then exist).

import { displayLine } from '../protocol/sanitize.js';
import type { ConsoleOptions, ParsedArgs } from './options.js';
import { loadRules } from './rules-file.js';

export { rulesOptions } from './rules-file.js';

/** `argv` starts with "rules"; `parseList` parses the rest as `list` would. */
export function parseRulesTest(
  argv: string[],
  env: NodeJS.ProcessEnv,
  parseList: (argv: string[]) => ParsedArgs,
): ParsedArgs {
  if (argv[1] !== 'test')
    return {
      kind: 'usage-error',
      message:
        `"rules" takes "test" (aep-console rules test [--rules F] [connection ` +
        `flags])${argv[1] ? `, not "${displayLine(argv[1], 40)}"` : ''}`,
    };
  const rest: string[] = [];
  let given: string | undefined;
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--rules') {
      given = argv[++i];
      if (given === undefined || given.startsWith('--'))
        return { kind: 'usage-error', message: '--rules needs a file' };
    } else if (arg.startsWith('--rules=')) given = arg.slice('--rules='.length);
    else if (arg === '--json' || arg === '--auto')
      return { kind: 'usage-error', message: `${arg} does not apply to "aep-console rules test"` };
    else rest.push(arg);
  }
  const listed = parseList(['list', ...rest]);
  if (listed.kind !== 'run') return listed;
  const loaded = loadRules(given, env);
  if (!loaded.ok) return { kind: 'usage-error', message: loaded.error };
  if (loaded.rules.length === 0)
    return { kind: 'usage-error', message: 'no rules to test (--rules F, or $XDG_CONFIG_HOME/aep-console/rules.json)' };
  const options: ConsoleOptions = { ...listed.options, command: 'rules-test', rules: loaded.rules };
  return { kind: 'run', options, warnings: listed.warnings };
}
