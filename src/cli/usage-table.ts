// The command line's commands, usage lines and exit codes: beside the flag
// table (flag-table.ts), what --help, docs/cli.md and the man page are made
// from. `npm run docs` writes the documents again after a change here.

/** The usage lines, as --help prints them (the synopsis of docs/cli.md and the man page). */
export const USAGE: readonly string[] = [
  'aep-console [--profile NAME] [--relay URL]... [--token T | --token-file F]',
  '            [--filter JSON] [--agent NAME]... [--session ID]... [--capture LEVEL]',
  '            [--no-bell] [--notify] [--no-title] [--name NAME] [--file F]...',
  '            [--demo [--demo-agents N]] [--rules F] [--auto] [--read-only]',
  '            [--inline] [--screen-reader] [--no-mouse] [--notify-cmd PROGRAM]',
  'aep-console list [same connection flags] [--file F]... [--json]',
  'aep-console watch [same connection flags] [--json]',
  'aep-console respond ID (--option O | --text T | --values JSON) [--session S]',
  '            [--source URI] [--wait SECONDS] [same connection flags] [--json]',
  'aep-console rules test [--rules F] [same connection flags] [--file F]...',
  'aep-console history [--json] [--since DURATION] [--agent NAME]... [--session ID]...',
  'aep-console profiles',
  'aep-console keys',
  'aep-console --help | --version',
];

/** Each command in a sentence (docs/cli.md has the whole story of each). */
export const COMMANDS: readonly { name: string; does: string }[] = [
  { name: '(none)', does: 'the interactive console: every pending request on the relays, answered with the keyboard.' },
  {
    name: 'list',
    does: "read every relay's history once, print every request (pending first, then recent with its outcome), exit.",
  },
  {
    name: 'watch',
    does: 'one line per thing that happens (a request, an answer, an outcome, the relay connection), until stopped.',
  },
  { name: 'respond ID', does: "answer one request from a script, wait for the agent's outcome, exit with it." },
  {
    name: 'rules test',
    does: "put every request in the relays' history to the rules and print what each rule would have done; nothing is sent.",
  },
  {
    name: 'history',
    does: 'print the decisions this console made (answers, cancels, pauses) with their outcomes; reads the history file only.',
  },
  {
    name: 'profiles',
    does: "list the profiles of the config file: each one's relays and where its token comes from (never the token).",
  },
  {
    name: 'keys',
    does: "print every key in force, one line per action id (`PLACE.ACTION`), with config.json's `keys` applied; a bad key map is exit 2.",
  },
];

export interface ExitCode {
  code: string;
  /** Its lines in --help (short entries share a line). */
  help: readonly string[];
  /** The whole meaning, for docs/cli.md and the man page. */
  doc: string;
}

export const EXIT_CODES: readonly ExitCode[] = [
  {
    code: '0',
    help: ['normal quit'],
    doc: 'normal quit; `respond`: the agent accepted the answer and recorded it as applied',
  },
  {
    code: '1',
    help: ['internal error (a crash report is written)'],
    doc: 'internal error (a crash report is written)',
  },
  {
    code: '2',
    help: ['usage error'],
    doc:
      'usage error (one line on stderr naming the problem); `respond`: also an answer that ' +
      'does not fit the request (an option it does not offer, `--values` its form refuses)',
  },
  {
    code: '3',
    help: [
      'a relay could not be read or refused the token (list: the others are still',
      'printed, the failed ones named on stderr; respond); history file not yours (history);',
      'refused, rejected, no route, not pending, informational, ambiguous id, an answer ' +
        'already on its way, or a route another agent could take (respond)',
    ],
    doc:
      'could not connect or not authorized (`list`: any relay that could not be read, or ' +
      'whose read did not end, though what was read is printed and those relays named on ' +
      'stderr; `respond`; the interactive console and `watch` keep retrying and say why); a ' +
      'history file that is not yours (`history`: it is not read, and stderr says why; a torn ' +
      'last line is only said, exit 0); `respond`: no such request, not pending, ' +
      'informational, an id two emitters share (give `--source`), refused by the relay ' +
      '(`no-route`, `ambiguous`…), rejected by the agent',
  },
  {
    code: '4',
    help: ['no acknowledgement or no outcome within --wait (respond)'],
    doc: '`respond`: no acknowledgement, or no outcome recorded, within `--wait` (the answer stays in the outbox)',
  },
  {
    code: '128+N',
    help: ['stopped by signal N'],
    doc:
      'stopped by signal N (`143` SIGTERM, `129` SIGHUP, ' +
      '`130` SIGINT: Ctrl-C in `watch`, or sent with `kill`; in the console Ctrl-C is a key). ' +
      '`watch` ends only this way.',
  },
];

/** Environment variables the console reads, for docs/cli.md and the man page. */
export const ENVIRONMENT: readonly { name: string; does: string }[] = [
  { name: 'AEP_RELAY', does: 'the relay, when no `--relay` is given.' },
  {
    name: 'AEP_TOKEN',
    does:
      "the relay's token, when neither `--token` nor `--token-file` is given; never sent to a " +
      "profile's relays when the profile names its own `token_file`.",
  },
  { name: 'AEP_PROFILE', does: 'the profile, when no `--profile` is given (`aep-console profiles` lists them).' },
  { name: 'INK_SCREEN_READER', does: '`true`: as `--screen-reader`.' },
  {
    name: 'XDG_STATE_HOME',
    does:
      'where the outbox, the decision history and crash reports go ' +
      '(`$XDG_STATE_HOME/aep-console/`, else `~/.local/state/aep-console/`).',
  },
  {
    name: 'XDG_CACHE_HOME',
    does:
      "where the bin keeps V8's code cache of the console, for a faster start " +
      '(`$XDG_CACHE_HOME/aep-console/code-cache`, else in `~/.cache/aep-console/`); only the ' +
      "user's own file is read, and only for the very bundle it was made from.",
  },
  { name: 'AEP_CODE_CACHE', does: '`off`: the bin neither reads nor writes the code cache.' },
  {
    name: 'XDG_CONFIG_HOME',
    does:
      'where the default rules file and the profiles are ' +
      '(`$XDG_CONFIG_HOME/aep-console/rules.json` and `config.json`, else in ' +
      '`~/.config/aep-console/`).',
  },
  { name: 'NO_COLOR', does: 'no colours (it and `FORCE_COLOR` as Ink reads them).' },
  {
    name: 'LC_ALL, LC_CTYPE, LANG',
    does: 'a locale that is not UTF-8 (`LANG=C`): every mark the console draws is ASCII.',
  },
  {
    name: 'TERM',
    does:
      '`dumb`: the full-screen console refuses and points to `watch`, `list` and `respond`; ' +
      'with `--demo` the demo relay starts and is followed as lines, as `watch` follows one.',
  },
];
