// The command line: meow reads the flags, and every value is checked here
// (or by the helper named for it) before anything connects. The outcome is a
// ParsedArgs (options.ts); a mistake is a usage error, never a print or an exit.
import { closeSync } from 'node:fs';
import { resolve } from 'node:path';
import meow from 'meow';
import { CAPTURE_LEVELS, type Capture } from '../protocol/types.js';
import { HELP } from './help.js';
import { kebabCase, meowFlags } from './flag-table.js';
import { openRegularFile } from '../files/regular-file.js';
import { historyOptions } from './history-args.js';
import { parseRulesTest, rulesOptions } from './rules-args.js';
import { parseRespond, parseWatch } from './respond-args.js';
import type { ParsedArgs } from './options.js';
import { printable, UsageError } from './usage-error.js';
import { readToken } from './token-args.js';
import { readCa } from './ca-args.js';
import { buildFilter } from './filter-args.js';
import { requireFlagValues } from './args-values.js';
import { simpleFlags } from './simple-flags.js';
import { nameOption } from './name-args.js';
import { checkRelayUrl, isLoopback, isTls, socketIdentity } from './relay-args.js';
import { applyProfile, profilesText, profileTokenError, type ProfileFlags } from './profiles.js';
import { keymapOption, keysText } from './keys.js';

export type { ConsoleOptions, ParsedArgs } from './options.js';
export { tokenSource } from './token-args.js';
export { checkRelayUrl } from './relay-args.js';

export const DEFAULT_RELAY = 'http://127.0.0.1:8787';

// The flag table (flag-table.ts) is the one home of every flag: meow reads
// its types from there, and --help and the docs are made from the same rows.
const FLAGS = meowFlags();

const SHORT_FLAGS = new Set<string>(
  Object.values(FLAGS).flatMap((flag) => ('shortFlag' in flag ? [flag.shortFlag] : [])),
);

/** Every flag meow parsed must be one of FLAGS (by its camelCase or kebab-case name, or a short flag). */
function rejectUnknownFlags(parsed: Record<string, unknown>): void {
  for (const name of Object.keys(parsed)) {
    const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camel in FLAGS || SHORT_FLAGS.has(name)) continue;
    const kebab = kebabCase(name);
    throw new UsageError(`unknown flag ${kebab.length === 1 ? '-' : '--'}${kebab} (see --help)`);
  }
}

/** The console's version, or where to read it when asked (--version, meow): the bin's start does not read package.json. */
type Version = string | (() => string);

const versionText = (version: Version) => (typeof version === 'function' ? version() : version);

/** Parses and validates the command line. Never prints; never exits. */
export function parseArgs(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  version: Version = '0.0.0',
): ParsedArgs {
  try {
    const again = (rest: string[]) => parseArgs(rest, env, version);
    if (argv[0] === 'watch') return parseWatch(argv, again);
    if (argv[0] === 'respond') return parseRespond(argv, again);
    return argv[0] === 'rules' ? parseRulesTest(argv, env, again) : parse(argv, env, version);
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}

/** The command line read by meow (exported for the test that holds simple-flags.ts to it). */
export function meowFlagsOf(argv: string[], version: string) {
  // meow's own check for unknown flags prints and exits the process; a
  // parser must do neither, so it lets them through and they are found here.
  const cli = meow(HELP, {
    importMeta: import.meta,
    argv,
    flags: FLAGS,
    autoHelp: false,
    autoVersion: false,
    allowUnknownFlags: true,
    description: false,
    pkg: { name: 'aep-console', version },
  });
  rejectUnknownFlags(cli.unnormalizedFlags);
  return { flags: cli.flags, input: cli.input };
}

type Read = ReturnType<typeof meowFlagsOf>;
type Flags = Read['flags'];

/** The flags and arguments: the plainest command lines without meow (simple-flags.ts), the rest by meow. */
function readFlags(argv: string[], version: Version): Read {
  const simple = simpleFlags(argv);
  return simple ? { flags: simple.flags as Flags, input: simple.input } : meowFlagsOf(argv, versionText(version));
}

function parse(argv: string[], env: NodeJS.ProcessEnv, version: Version): ParsedArgs {
  requireFlagValues(argv);
  const cli = readFlags(argv, version);
  const flags = cli.flags;
  if (flags.help) return { kind: 'help', text: HELP.trim() };
  if (flags.version) return { kind: 'version', text: versionText(version) };

  const [command, ...extra] = cli.input;
  if (command !== undefined && !['list', 'history', 'profiles', 'keys'].includes(command))
    throw new UsageError(
      `unknown command "${printable(command)}" (the commands are "list", "watch", "respond", ` +
        `"history", "profiles", "keys" and "rules test")`,
    );
  if (extra.length) throw new UsageError(`unexpected argument "${printable(extra[0])}"`);
  if (command === 'profiles') {
    if (argv.length > 1) throw new UsageError('"aep-console profiles" takes no flags');
    return { kind: 'print', text: profilesText(env) };
  }
  if (command === 'keys') {
    if (argv.length > 1) throw new UsageError('"aep-console keys" takes no flags');
    return { kind: 'print', text: keysText(env) };
  }
  if (command === 'history') {
    const history = historyOptions(flags, argv);
    if ('error' in history) throw new UsageError(history.error);
    return { kind: 'run', options: history, warnings: [] };
  }
  return parseRun(flags, command === 'list', env, argv);
}

/** Flags that belong to another command, or to none together. */
function checkModes(flags: Flags, isList: boolean): void {
  if (flags.since !== undefined) throw new UsageError('--since only applies to "aep-console history"');
  if (flags.json && !isList)
    throw new UsageError('--json only applies to "aep-console list", "watch", "respond" and "history"');
  if (!flags.history && isList)
    throw new UsageError('--no-history applies to the interactive console ("list" keeps none)');
  if (flags.demo && isList)
    throw new UsageError('--demo opens the interactive console; it cannot be combined with "list"');
  if (flags.readOnly && isList)
    throw new UsageError(
      '--read-only applies to the interactive console ("list", "watch" and "history" send nothing; "respond" is an answer)',
    );
}

/** --notify-cmd as given, or the profile's notify_cmd (profiles.ts): the interactive console's alone. */
function notifyCmdOption(
  flags: Pick<ProfileFlags, 'notifyCmd' | 'notifyCmdArgv'>,
  isList: boolean,
): { notifyCmd?: string[] } {
  const argv = flags.notifyCmd !== undefined ? [flags.notifyCmd] : flags.notifyCmdArgv;
  if (argv === undefined) return {};
  if (isList) throw new UsageError('--notify-cmd applies to the interactive console ("list" rings nothing)');
  if (!argv[0]?.trim()) throw new UsageError('--notify-cmd is empty: name a program');
  if (argv.some((arg) => arg.includes('\0'))) throw new UsageError('--notify-cmd holds a NUL character');
  return { notifyCmd: argv };
}

/** Where the Events come from: the relays (--relay, AEP_RELAY, the default) and --file files. */
function sourcesOf(flags: Flags, env: NodeJS.ProcessEnv): { relays: string[]; files: string[] } {
  const relayFlags = flags.relay ?? [];
  const files = checkFiles(flags.file ?? []);
  if (flags.demo && files.length) throw new UsageError('--demo starts its own relay: drop --file (or drop --demo)');
  // Files alone (no --relay, no AEP_RELAY): read the files instead of the default relay.
  const filesOnly = files.length > 0 && relayFlags.length === 0 && !env.AEP_RELAY;
  const relayArgs: string[] = relayFlags.length ? relayFlags : env.AEP_RELAY ? [env.AEP_RELAY] : [];
  if (flags.demo && relayFlags.length) throw new UsageError('--demo starts its own relay: drop --relay');
  if (flags.demoAgents !== undefined && !flags.demo) throw new UsageError('--demo-agents only applies with --demo');
  if (
    flags.demoAgents !== undefined &&
    (!Number.isInteger(flags.demoAgents) || flags.demoAgents < 1 || flags.demoAgents > 200)
  ) {
    throw new UsageError('--demo-agents must be a whole number from 1 to 200');
  }
  const relays = filesOnly ? [] : (relayArgs.length ? relayArgs : [DEFAULT_RELAY]).map(checkRelayUrl);
  // http://h:1 and ws://h:1/socket are one relay: watching it twice would list every request twice.
  if (new Set(relays.map(socketIdentity)).size !== relays.length) {
    throw new UsageError('the same relay is given twice in --relay');
  }
  return { relays, files };
}

/** The token, and the warnings about where it goes. */
function tokenFor(
  flags: Flags,
  env: NodeJS.ProcessEnv,
  relays: string[],
  fromProfile: boolean,
  profile: string | undefined,
): { token?: string; warnings: string[] } {
  let token: string | undefined;
  try {
    // A profile's token_file is the only token its relays get: AEP_TOKEN is not read for them.
    token = readToken(flags.token, flags.tokenFile, fromProfile ? {} : env);
  } catch (error) {
    throw fromProfile ? profileTokenError(error, profile) : error;
  }
  const warnings: string[] = [];
  if (flags.token !== undefined) {
    warnings.push(
      'warning: --token is visible to other users in the process list; use AEP_TOKEN or --token-file instead',
    );
  }
  if (token !== undefined) {
    const exposed = relays.filter((relay) => !isTls(relay) && !isLoopback(relay));
    if (exposed.length && !flags.insecure) {
      throw new UsageError(
        `--relay ${exposed[0]} is not on this host: use https:// or wss:// so the token does ` +
          `not cross the network in cleartext (or --insecure to send it anyway)`,
      );
    }
    if (exposed.length)
      warnings.push(
        `warning: --insecure: the token goes to ${exposed.join(', ')} in cleartext, readable by anyone on the network path`,
      );
  }
  return { token, warnings };
}

/** The interactive console or `list`. */
function parseRun(given: Flags, isList: boolean, env: NodeJS.ProcessEnv, argv: string[]): ParsedArgs {
  checkModes(given, isList);
  // The profile's keys where the command line gave none (profiles.ts); its token only to its own relays.
  const applied = applyProfile(given, argv, env, isList);
  const flags = applied.flags;
  const { relays, files } = sourcesOf(flags, env);
  const { token, warnings } = tokenFor(flags, env, relays, applied.tokenFrom === 'profile', applied.profile);
  warnings.push(...applied.warnings);
  const ca = flags.ca === undefined ? undefined : readCa(flags.ca, env);
  const rules = rulesOptions(flags, isList, env);
  if ('error' in rules) throw new UsageError(rules.error);

  return {
    kind: 'run',
    options: {
      command: isList ? 'list' : 'console',
      history: flags.history,
      agents: flags.agent ?? [],
      sessions: flags.session ?? [],
      relays,
      token,
      tokenFile: flags.tokenFile,
      ca,
      filter: buildFilter(flags.filter, flags.agent ?? [], flags.session ?? []),
      capture: checkCapture(flags.capture),
      bell: flags.bell,
      notify: flags.notify,
      ...notifyCmdOption(flags as ProfileFlags, isList),
      title: flags.title,
      inline: flags.inline,
      mouse: flags.mouse,
      screenReader: flags.screenReader,
      name: nameOption(flags.name, env),
      demo: flags.demo,
      demoAgents: flags.demoAgents,
      json: flags.json,
      files,
      ...rules,
      ...(flags.readOnly ? { readOnly: true, auto: false } : {}),
      ...(applied.profile !== undefined ? { profile: applied.profile } : {}),
      // config.json's key map: the interactive console's, the demo's too.
      ...(isList ? {} : keymapOption(env, flags.demo, warnings)),
    },
    warnings,
  };
}

/** --file paths: each must name a readable regular file now (it may grow later); no file twice. */
function checkFiles(paths: string[]): string[] {
  for (const path of paths) {
    if (!path.trim()) throw new UsageError('--file is empty');
    // Opened the way the reads open it (non-blocking, fstat): a FIFO is refused, never waited on.
    const opened = openRegularFile(path);
    if (!opened.ok) throw new UsageError(`--file ${printable(path)} ${opened.reason}`);
    closeSync(opened.fd);
  }
  if (new Set(paths.map((p) => resolve(p))).size !== paths.length)
    throw new UsageError('the same file is given twice in --file');
  return paths;
}

function checkCapture(raw: string | undefined): Capture | undefined {
  if (raw === undefined) return undefined;
  if (!(CAPTURE_LEVELS as readonly string[]).includes(raw)) {
    throw new UsageError(`--capture must be one of ${CAPTURE_LEVELS.join('|')}, not "${printable(raw)}"`);
  }
  return raw as Capture;
}
