// Profiles instead of flags: `--profile NAME`
// (env AEP_PROFILE), else the file's `default`, supplies the flags it names.
// A flag given on the command line replaces that key of the profile
// (`--relay` replaces its relays, never adds to them; AEP_RELAY, --relay's
// own env, does the same). A token goes only where it was named for: a
// profile's `token_file` to the profile's relays; --token, --token-file and
// AEP_TOKEN to relays given on the command line, or to a profile's relays
// only when the profile names no token. `aep-console profiles` lists them,
// never a token. The file is trusted like the rules file (files/config-file.ts).
import { displayLine } from '../protocol/sanitize.js';
import { loadProfiles, type Profile, type ProfilesFile } from '../files/config-file.js';
import { credentialsIn, maskedRelay } from './relay-args.js';
import { printable, UsageError } from './usage-error.js';

/** The flags a profile can supply, as the parser holds them. */
export interface ProfileFlags {
  relay?: string[];
  token?: string;
  tokenFile?: string;
  ca?: string;
  name?: string;
  agent?: string[];
  session?: string[];
  capture?: string;
  rules?: string;
  auto?: boolean;
  profile?: string;
  demo?: boolean;
  notifyCmd?: string;
  /** The profile's notify_cmd, [PROGRAM, ARG…] (a --notify-cmd given replaces it). */
  notifyCmdArgv?: string[];
}

export interface Applied<F> {
  flags: F;
  /** The profile in use, if any. */
  profile?: string;
  /** Where the token comes from: the profile's token_file (its relays), or the command line and AEP_TOKEN. */
  tokenFrom: 'profile' | 'command line';
  /** What the command line gave that goes nowhere (said as a warning). */
  warnings: string[];
}

/** Whether `--flag` (or `--no-flag`, `--flag=…`) is on the command line. */
function given(argv: readonly string[], flag: string): boolean {
  return argv.some((arg) => arg === `--${flag}` || arg === `--no-${flag}` || arg.startsWith(`--${flag}=`));
}

function profileNames(file: ProfilesFile | undefined): string {
  const names = file ? [...file.profiles.keys()] : [];
  return names.length ? names.join(', ') : 'none';
}

/** The profile asked for (--profile, AEP_PROFILE) or the default; undefined: none. Exit 2 for a name there is not. */
function chosen(
  flags: ProfileFlags,
  env: NodeJS.ProcessEnv,
  warnings: string[],
): { name: string; profile: Profile } | undefined {
  const asked = flags.profile ?? (env.AEP_PROFILE ? env.AEP_PROFILE : undefined);
  const from = flags.profile !== undefined ? '--profile' : 'AEP_PROFILE';
  if (asked !== undefined && flags.demo) throw new UsageError(`--demo starts its own relay: drop ${from}`);
  // The demo is its own relay and token: the default profile is not its business.
  if (flags.demo) return undefined;
  const loaded = loadProfiles(env);
  if (!loaded.ok) {
    // A file that is bad, or not trusted while a profile is asked for: exit 2 (never "no profile").
    if (!loaded.untrusted || asked !== undefined) throw new UsageError(loaded.error);
    warnings.push(`warning: profiles not used: ${loaded.error}`);
    return undefined;
  }
  const file = loaded.file;
  const name = asked ?? file?.default;
  if (name === undefined) return undefined;
  const profile = file?.profiles.get(name);
  if (!profile)
    throw new UsageError(
      `${from} ${JSON.stringify(printable(name))}: no such profile (the profiles are: ` +
        `${profileNames(file)}${file ? ` in ${displayLine(file.path, 200)}` : '; there is no config file'})`,
    );
  return { name, profile };
}

/** The flags with the profile's keys filled in where the command line gave none. */
export function applyProfile<F extends ProfileFlags>(
  flags: F,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  isList: boolean,
): Applied<F> {
  const warnings: string[] = [];
  const picked = chosen(flags, env, warnings);
  if (!picked) return { flags, tokenFrom: 'command line', warnings };
  const { name, profile } = picked;
  const cliRelays = (flags.relay?.length ?? 0) > 0 || Boolean(env.AEP_RELAY);
  const next: F = { ...flags };
  if (!cliRelays) next.relay = profile.relays;
  // The profile's token goes to its relays alone; the command line's does not go there.
  let tokenFrom: Applied<F>['tokenFrom'] = 'command line';
  if (!cliRelays && profile.token_file !== undefined) {
    tokenFrom = 'profile';
    for (const flag of ['token', 'tokenFile'] as const) {
      if (flags[flag] === undefined) continue;
      warnings.push(
        `warning: ${flag === 'token' ? '--token' : '--token-file'} is not used: profile "${name}" names its own token_file for its relays`,
      );
    }
    delete next.token;
    next.tokenFile = profile.token_file;
  }
  if (flags.ca === undefined && profile.ca !== undefined) next.ca = profile.ca;
  if (flags.name === undefined && profile.name !== undefined) next.name = profile.name;
  if (!flags.agent?.length && profile.agent) next.agent = profile.agent;
  if (!flags.session?.length && profile.session) next.session = profile.session;
  if (flags.capture === undefined && profile.capture !== undefined) next.capture = profile.capture;
  // `list` answers nothing: a profile's rules are the interactive console's.
  if (!isList) {
    if (flags.rules === undefined && profile.rules !== undefined) next.rules = profile.rules;
    if (!given(argv, 'auto') && profile.auto !== undefined) next.auto = profile.auto;
    if (flags.notifyCmd === undefined && profile.notify_cmd !== undefined) next.notifyCmdArgv = profile.notify_cmd;
  }
  return { flags: next, profile: name, tokenFrom, warnings };
}

/** A token file error, said of the profile's key rather than of a flag never given. */
export function profileTokenError(error: unknown, profile: string | undefined): unknown {
  if (!(error instanceof UsageError) || profile === undefined || !error.message.startsWith('--token-file '))
    return error;
  return new UsageError(`profile "${profile}": token_file ${error.message.slice('--token-file '.length)}`);
}

/** `aep-console profiles`: each profile, its relays and where its token comes from; never the token itself. */
export function profilesText(env: NodeJS.ProcessEnv): string {
  const loaded = loadProfiles(env);
  if (!loaded.ok) throw new UsageError(loaded.error);
  const file = loaded.file;
  if (!file || file.profiles.size === 0) {
    return (
      'No profiles. Put them in $XDG_CONFIG_HOME/aep-console/config.json (else ' +
      '~/.config/aep-console/config.json):\n  {"default": "prod", "profiles": {"prod": ' +
      '{"relays": ["https://relay.example:8787"], "token_file": ' +
      '"~/.config/aep-console/prod.token"}}}'
    );
  }
  const lines = [
    `Profiles in ${displayLine(file.path, 200)}${env.AEP_PROFILE ? ` (AEP_PROFILE=${printable(env.AEP_PROFILE)})` : ''}:`,
  ];
  for (const [name, profile] of file.profiles) {
    lines.push(`  ${name}${file.default === name ? ' (default)' : ''}`);
    // A URL with user:password@ is listed masked, and said to be refused (relay-args.ts refuses it when used).
    const relay = (r: string) => {
      const refused = credentialsIn(r);
      return `${displayLine(maskedRelay(r), 200)}${refused ? ` (refused: ${refused})` : ''}`;
    };
    lines.push(`    relays  ${profile.relays.map(relay).join(', ')}`);
    lines.push(
      `    token   ${
        profile.token_file !== undefined
          ? `from ${displayLine(profile.token_file, 200)}`
          : 'none named: --token, --token-file or AEP_TOKEN'
      }`,
    );
    const rest = (['name', 'ca', 'capture', 'rules', 'auto', 'agent', 'session', 'notify_cmd'] as const).filter(
      (key) => profile[key] !== undefined,
    );
    if (rest.length)
      lines.push(`    also    ${rest.map((key) => `${key} ${displayLine(String(profile[key]), 80)}`).join(' · ')}`);
  }
  return lines.join('\n');
}
