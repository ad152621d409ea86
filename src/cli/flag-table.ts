// The command line's one flag table. The parser (meow's flag types in
// args.ts, the missing-value check in args-values.ts), `--help` (help.ts),
// docs/cli.md and man/aep-console.1 (scripts/docs/) are all made from it;
// each flag's long description is in flag-docs.ts, keyed by the same names.
// A flag is added here, and `npm run docs` writes the documents again (a
// test fails while they are stale).

/** One flag as the parser reads it and as --help lists it. */
export interface FlagSpec {
  readonly type: 'string' | 'boolean' | 'number';
  readonly isMultiple?: true;
  readonly default?: string | boolean | number;
  readonly shortFlag?: string;
  /** The value's name in usage (`--relay URL`); none for a switch. */
  readonly value?: string;
  /** What the value is, for "--relay needs a URL" (every flag with a value has one). */
  readonly what?: string;
  /** The usage a missing value's message gives, when not `--flag VALUE`. */
  readonly usage?: string;
  /** How it is written when it differs from `--flag`: a switch on by default is given as `--no-flag`. */
  readonly spelled?: string;
  /** Its lines in --help's Options, as wrapped there (none: it is only in Usage); a key as `{auto}` (key-labels.ts withKeys). */
  readonly help: readonly string[];
  /** Read by `respond` itself, before the rest goes to the one parser (respond-args.ts), not by meow. */
  readonly respondOnly?: true;
}

export const FLAG_TABLE = {
  relay: {
    type: 'string',
    isMultiple: true,
    value: 'URL',
    what: 'a URL',
    help: [
      'relay base URL (http, https, ws, wss); repeat to watch several.',
      'Env AEP_RELAY. Default http://127.0.0.1:8787',
    ],
  },
  token: {
    type: 'string',
    value: 'T',
    what: 'a token',
    help: [
      "the relay's token, sent only in the Authorization header. Env AEP_TOKEN",
      '(a --token shows in the process list: prefer AEP_TOKEN or --token-file)',
    ],
  },
  tokenFile: {
    type: 'string',
    value: 'F',
    what: 'a file name',
    help: [
      'read the token from F (must not be readable by other users);',
      're-read at each reconnect: rotating it needs no restart',
    ],
  },
  profile: {
    type: 'string',
    value: 'NAME',
    what: 'a profile name',
    help: [
      'the relays, token file and flags of profile NAME in the config file',
      '(env AEP_PROFILE; default: its "default"); a flag given replaces that key',
    ],
  },
  insecure: {
    type: 'boolean',
    default: false,
    help: ['allow the token over plain http/ws to a relay off this host', '(it does not turn off certificate checks)'],
  },
  ca: {
    type: 'string',
    value: 'FILE',
    what: 'a file name',
    help: ['also trust the CA certificate(s) in FILE (PEM) for https/wss'],
  },
  filter: {
    type: 'string',
    value: 'JSON',
    what: 'a JSON filter',
    usage: '--filter JSON, e.g. --filter \'{"agent":"codex"}\'',
    help: ["extra attr-match filter ANDed with the console's own,", 'e.g. \'{"severity":{"gte":"warning"}}\''],
  },
  agent: {
    type: 'string',
    isMultiple: true,
    value: 'NAME',
    what: 'an agent name',
    help: ['only requests from this agent (repeatable)'],
  },
  session: {
    type: 'string',
    isMultiple: true,
    value: 'ID',
    what: 'a session id',
    help: ['only requests from this session (repeatable)'],
  },
  capture: {
    type: 'string',
    value: 'LEVEL',
    what: 'a level',
    usage: '--capture none|metadata|redacted|full',
    help: ['subscription ceiling: none|metadata|redacted|full'],
  },
  bell: { type: 'boolean', default: true, spelled: 'no-bell', help: ['no terminal bell on a new pending request'] },
  notify: {
    type: 'boolean',
    default: false,
    help: ['also a desktop notification (OSC 9 / OSC 777, passes through tmux)'],
  },
  notifyCmd: {
    type: 'string',
    value: 'PROGRAM',
    what: 'a program',
    help: [
      'run PROGRAM (no shell) for each new request and last call, one JSON',
      "line per request on its stdin (watch --json's); killed after 10 s",
    ],
  },
  title: {
    type: 'boolean',
    default: true,
    spelled: 'no-title',
    help: ['leave the terminal\'s title alone (else it reads "aep-console: 3 waiting")'],
  },
  name: {
    type: 'string',
    value: 'NAME',
    what: 'a name',
    help: ['sender name in commands; others see it as who answered (default $USER@host)'],
  },
  demo: {
    type: 'boolean',
    default: false,
    help: [
      'start an embedded loopback relay with demo agents and open the console on it',
      '({help} shows the relay and the list command that reads it from another terminal)',
    ],
  },
  demoAgents: {
    type: 'number',
    value: 'N',
    what: 'a number',
    help: ['with --demo: N demo agents (default 3; 40 to try triage at fleet scale)'],
  },
  file: {
    type: 'string',
    isMultiple: true,
    value: 'F',
    what: 'a file name',
    help: [
      'read Events from an AEP JSONL file (a session log, a capture), beside',
      'or instead of relays (repeatable); history: read, never answered.',
      'The console follows a growing file (tail -f)',
    ],
  },
  history: {
    type: 'boolean',
    default: true,
    spelled: 'no-history',
    help: [
      'keep no decision history (default: every answer, cancel, pause and',
      'resume is kept with its outcome in $XDG_STATE_HOME/aep-console/history.jsonl)',
    ],
  },
  rules: {
    type: 'string',
    value: 'F',
    what: 'a file name',
    help: [
      'rules that suggest (or with --auto, give) routine answers (default',
      '$XDG_CONFIG_HOME/aep-console/rules.json when present; README "Rules")',
    ],
  },
  auto: { type: 'boolean', default: false, help: ['let the rules answer ({auto} in the console toggles it)'] },
  readOnly: {
    type: 'boolean',
    default: false,
    help: [
      'a wallboard: everything is shown, nothing is ever sent (no answer,',
      'cancel, pause, hide, rule or open-request note)',
    ],
  },
  inline: {
    type: 'boolean',
    default: false,
    help: [
      'draw in the normal screen (default: the alternate screen, which',
      'gives the shell its screen back on quit and {suspend})',
    ],
  },
  mouse: {
    type: 'boolean',
    default: true,
    spelled: 'no-mouse',
    help: [
      'leave the mouse to the terminal (default in the full screen: the wheel',
      'scrolls and moves the selection, a click selects; sending is always {answer.send})',
    ],
  },
  screenReader: {
    type: 'boolean',
    default: false,
    help: [
      'sentences for a screen reader, one part at a time, in the normal',
      'screen; what happens is added as lines (also INK_SCREEN_READER=true)',
    ],
  },
  json: {
    type: 'boolean',
    default: false,
    help: [
      '(list) one JSON object per request; (history) one per decision;',
      '(watch) one per event; (respond) the outcome',
    ],
  },
  option: {
    type: 'string',
    value: 'O',
    respondOnly: true,
    help: ["(respond) answer with option O (one of the request's options)"],
  },
  text: {
    type: 'string',
    value: 'T',
    respondOnly: true,
    help: ['(respond) answer with text T (a form: refused in words)'],
  },
  values: {
    type: 'string',
    value: 'JSON',
    respondOnly: true,
    help: ['(respond) answer a form: {"field": value, ...}, checked against it'],
  },
  source: {
    type: 'string',
    value: 'URI',
    respondOnly: true,
    help: ['(respond) whose request, when two emitters share the id'],
  },
  wait: {
    type: 'string',
    value: 'SECONDS',
    respondOnly: true,
    help: ["(respond) how long to wait for the agent's outcome (default 30)"],
  },
  since: {
    type: 'string',
    value: 'DURATION',
    what: 'a duration',
    usage: '--since DURATION, e.g. --since 15m',
    help: ['(history) only decisions of the last 90s, 15m, 2h, 7d, 1h30m…'],
  },
  help: { type: 'boolean', default: false, shortFlag: 'h', help: [] },
  version: { type: 'boolean', default: false, help: [] },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof FLAG_TABLE;

type Table = typeof FLAG_TABLE;
type MeowName = { [K in FlagName]: Table[K] extends { respondOnly: true } ? never : K }[FlagName];
type MeowKey = 'type' | 'isMultiple' | 'default' | 'shortFlag';

/** meow's flags: the table's parser fields, for every flag meow reads (its types are inferred from these literals). */
export type MeowFlags = { [K in MeowName]: { [P in Extract<keyof Table[K], MeowKey>]: Table[K][P] } };

export const FLAG_NAMES = Object.keys(FLAG_TABLE) as FlagName[];

/** A camelCase name in kebab-case, as flags are written: `tokenFile` is `token-file`. */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A flag's spelling on the command line: `tokenFile` is `--token-file`, `bell` is `--no-bell`. */
export function flagText(name: FlagName): string {
  const spec: FlagSpec = FLAG_TABLE[name];
  return `--${spec.spelled ?? kebabCase(name)}`;
}

/** `--relay URL`, `--no-bell`: how the flag is shown with its value's name. */
export function flagUsage(name: FlagName): string {
  const spec: FlagSpec = FLAG_TABLE[name];
  return spec.value ? `${flagText(name)} ${spec.value}` : flagText(name);
}

export function meowFlags(): MeowFlags {
  const picked: Record<string, Record<string, unknown>> = {};
  for (const name of FLAG_NAMES) {
    const spec: FlagSpec = FLAG_TABLE[name];
    if (spec.respondOnly) continue;
    const { type, isMultiple, default: fallback, shortFlag } = spec;
    picked[name] = {
      type,
      ...(isMultiple ? { isMultiple } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
      ...(shortFlag ? { shortFlag } : {}),
    };
  }
  return picked as MeowFlags;
}

/** Each flag meow reads that takes a value, by its kebab-case name: what the value is and the usage to show when it is missing. */
export function valueFlags(): Record<string, { what: string; usage: string }> {
  const flags: Record<string, { what: string; usage: string }> = {};
  for (const name of FLAG_NAMES) {
    const spec: FlagSpec = FLAG_TABLE[name];
    if (spec.what === undefined || spec.respondOnly) continue;
    flags[flagText(name).slice(2)] = { what: spec.what, usage: spec.usage ?? flagUsage(name) };
  }
  return flags;
}
