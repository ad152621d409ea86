// Each flag's whole story, for docs/cli.md and the man page (--help has the
// short lines in flag-table.ts). Kept apart from the table so the shipped
// parser does not carry these words; typed by the table's names, so a flag
// without its description does not compile. Markdown: `code`, and links to
// the other documents in docs/ (the man page keeps their words). A key is
// named as key-labels.ts withKeys fills it (`{suspend}`: the list's action,
// `{answer.send}`: another place's), so the docs say the keys in force.
import type { FlagName } from './flag-table.js';

export const FLAG_DOCS: Record<FlagName, string> = {
  relay:
    'relay base URL (`http`, `https`, `ws`, `wss`); repeat to watch several relays in one ' +
    'inbox. Env `AEP_RELAY`; default `http://127.0.0.1:8787`. A URL carrying credentials ' +
    '(`user:password@`, a token in its query), from `--relay`, `AEP_RELAY` or a profile, is ' +
    'refused when used (exit 2, shown as `user:***@`), and its password is redacted as a ' +
    'known secret wherever it is echoed.',
  token:
    'bearer token, sent only in the `Authorization` header; never printed, logged or put in ' +
    'a URL. Env `AEP_TOKEN`. On the command line it is visible to other users in the process ' +
    'list, so `--token` prints a one-line warning suggesting `AEP_TOKEN` or `--token-file`. ' +
    'Refused with a plain `http`/`ws` relay that is not on this host (AEP-0003 §8.1: TLS ' +
    'off-host): use `https`/`wss` there, or `--insecure`.',
  tokenFile:
    'read the token from `F`; the file must not be readable or writable by group or others: ' +
    'otherwise exit 2 with the fix (`chmod 600 F`). It is re-read before every reconnect, so ' +
    'a rotated token is picked up without a restart (if it cannot be read, the last good ' +
    'token is kept and the status line says why). Like `--ca` and `--file` it must be a ' +
    'regular file: it is opened non-blocking and checked on the open descriptor, so a FIFO ' +
    'or a device is refused at once (exit 2), never waited on. A token with a character an ' +
    'HTTP header cannot carry (a control, anything beyond printable ASCII) is refused up ' +
    'front, from any source: exit 2 with one line that names the character, never the token.',
  profile:
    'use profile `NAME` of the config file `$XDG_CONFIG_HOME/aep-console/config.json` (else ' +
    '`~/.config/aep-console/config.json`): its `relays`, `token_file`, `ca`, `name`, ' +
    '`agent`, `session`, `capture`, `rules`, `auto` and `notify_cmd` (`[PROGRAM, ARG…]`). ' +
    "Env `AEP_PROFILE`; without either, the file's `default` profile (if it names one). A " +
    'flag given on the command line replaces that key of the profile: `--relay` (or ' +
    "`AEP_RELAY`) replaces the profile's relays, it does not add to them. A token goes only " +
    "where it was named for: the profile's `token_file` to the profile's relays; `--token`, " +
    "`--token-file` and `AEP_TOKEN` to relays given on the command line, or to the profile's " +
    'relays only when the profile names no token. An unknown profile is exit 2 naming the ' +
    'profiles there are; an unknown key in the file is exit 2 naming it. The file is trusted ' +
    "like the rules file (a regular file, yours or root's, writable by no one else): " +
    'otherwise it is not used (exit 2 when a profile is asked for). `aep-console profiles` ' +
    'lists the profiles, their relays and where each token comes from, never a token; a ' +
    'relay URL with `user:password@` is listed masked (`user:***@`) and marked refused. Not ' +
    'with `--demo`.',
  insecure:
    'allow sending the token over plain `http`/`ws` to a relay that is not on this host; ' +
    'anyone on the network path can read it, and a one-line warning says so. It does not ' +
    'turn off certificate checks.',
  ca:
    'also trust the CA certificate(s) in `FILE` (PEM) for `https`/`wss` relays, e.g. a ' +
    "private CA. They are added to Node's trusted roots (and `NODE_EXTRA_CA_CERTS`), not put " +
    'in their place. A regular file of at most 4 MB (`/dev/zero` or a FIFO: exit 2 with one ' +
    'line). Without it a relay whose certificate does not verify is refused, with the reason ' +
    'on the status line (`list`: exit 3). Node 20 trusts its own bundled roots, not the ' +
    "operating system's store: a CA installed system-wide is trusted through `--ca` or " +
    '`NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt`.',
  filter:
    "extra attr-match filter, ANDed with the console's own " +
    '(`{"type":["attention.*","control.*","session.*"]}`). Keys: `id type subject source ' +
    'agent session run step epoch cause severity capture` and extension names.',
  agent: 'shorthand for a filter on `agent` (repeatable: any of).',
  session: 'shorthand for a filter on `session` (repeatable).',
  capture:
    'subscription ceiling `none|metadata|redacted|full`: the relay down-levels content, for screens where prompts must not show.',
  title:
    "leave the terminal's title alone. Without it the full-screen console sets the title " +
    "(OSC 2) to how many requests wait, `aep-console: 3 waiting` (the status line's pending " +
    'count: not those whose agent is gone, snoozed, or not re-confirmed by the relay, `?`), ' +
    "at most once a second, so a tmux status line (it shows the pane's title) or a window " +
    'list says it while you look elsewhere; the title is put back on exit (inside tmux the ' +
    "pane's title as it was, elsewhere the terminal's saved title). Not in the " +
    'screen-reader mode.',
  bell:
    'no terminal bell when a new request arrives (the bell rings for new live requests at ' +
    'most once per 5 s, so a burst rings once, and never for history replayed at start-up; ' +
    'what arrives in between is counted on the status line, `12 pending (+11 since bell)`, ' +
    'until a key is pressed).',
  notify:
    'also a desktop notification (OSC 9 and OSC 777, wrapped for tmux passthrough when ' +
    '`TMUX` is set), coalesced like the bell (`3 new requests`).',
  notifyCmd:
    'word to your phone: run `PROGRAM` for each new pending request and each last call, ' +
    "with one JSON line per request on its stdin: the shape of `watch --json`'s `requested` " +
    'line (a last call\'s says `"event":"expiring"`), its `id` and `source` being what ' +
    '`respond` takes. No shell: `PROGRAM` is run as given, found on `PATH` when it has no ' +
    '`/`; the profile key `notify_cmd` takes `[PROGRAM, ARG…]`. Its stdout and stderr go to ' +
    "`/dev/null`; its environment is the console's without `AEP_TOKEN` and without any " +
    'variable holding a known secret, and every line is redacted like any output. One run at ' +
    'a time: requests arriving during a run go to the next run, one line each, never a ' +
    'count; at most 200 lines wait, and past that the oldest waiting line is dropped (said ' +
    'once on the status line). Each run is killed, with what it started, after 10 s. The ' +
    'first failure (it cannot start, a non-zero exit, killed) is said once on the status ' +
    "line. Independent of `--no-bell` and of the bell's 5 s window; never run for requests " +
    'replayed at start-up, for those a rule answers or for history read from `--file`. ' +
    'Answers come back only through `aep-console respond`, which passes the gate. The ' +
    'interactive console only. An example that posts to a push service is in [the command ' +
    'line](cli.md) under "Word to your phone".',
  readOnly:
    'for wallboards, shared tmux sessions and trainees: everything is shown, nothing is ' +
    'ever sent. Every key that would send (an answer, a batch, cancel, pause, resume, hide, ' +
    "`{answer.always}`'s rule, `{locked.resend}`, AUTO) is refused in words that say " +
    'read-only, and the relay clients send no answer, command, saved answer or open-request ' +
    'note (`attention.routed`). The status line says `read-only`. The interactive console only.',
  inline:
    "draw in the normal screen, below the shell's last lines, instead of the alternate " +
    'screen (which htop, k9s and lazygit use too: quitting or `{suspend}` gives the shell ' +
    'its screen back, and no frame reaches the scrollback).',
  mouse:
    'leave the mouse to the terminal. By default the full screen asks for button reporting ' +
    'in SGR encoding (DEC modes 1000 and 1006; no motion tracking, which would flood an SSH ' +
    "link), turned off again on quit, `{suspend}` and a crash: the wheel moves the list's " +
    'selection and scrolls the detail, help and the timeline; a click selects a request, an ' +
    'option, the Reply row or a form field. A click never sends: sending is `{answer.send}`. ' +
    "Shift (in most terminals) keeps the terminal's own selection. Never on with `--inline` " +
    'or `--screen-reader`.',
  screenReader:
    'sentences for a screen reader instead of the full screen: one region at a time, every ' +
    'state in words, nothing counting down, and what happens added as lines (see [Screen ' +
    'reader](screen-reader.md)). Also on with `INK_SCREEN_READER=true`. Drawn in the normal ' +
    'screen, as `--inline`.',
  name:
    'the sender name in commands; other consoles, the decision history and the agents see ' +
    'it as who answered. Default `$USER@host` (the login name and the hostname, each kept to ' +
    'letters, digits, `.`, `_` and `-`, others becoming `_`; at most 64 characters), so ' +
    'operators on one relay are told apart. A name given is 1-64 letters, digits, `.`, `_`, ' +
    '`-` or `@`, starting with a letter or digit (it goes into the source URI of every ' +
    'command, percent-encoded).',
  demo:
    'start an embedded loopback relay (random port, random token) with demo agents, and ' +
    "open the console on it. `npm start` runs this. `{help}` shows the demo relay's URL and " +
    'a `list` command that reads it from another terminal (the token is in a private 0600 ' +
    'file, removed when the demo stops). The demo keeps its state (the decision history ' +
    '`{history}` shows) in that private temporary directory (0700), removed when it stops: ' +
    "`aep-console history` never shows the demo's answers.",
  demoAgents:
    'with `--demo`: N demo agents instead of 3 (up to 200), to try triage at fleet scale: `npm start -- --demo-agents 40`.',
  file:
    "read Events from an AEP JSONL file (AEP-0003 §3.1: an adapter's session log, a " +
    'capture), beside or instead of relays (repeatable; given alone, no relay is contacted). ' +
    'A file is history: its requests are read, never answered (the detail says so and no key ' +
    'sends). The console follows a growing file like `tail -f` (a half-written last line ' +
    'waits for its end; a file that shrinks is read again). The file is hostile input like ' +
    'the network: lines longer than an Event may be, lines that are not JSON or break an ' +
    'envelope rule are counted and skipped, lines of another major AEP version are skipped ' +
    'and reported once, a torn last line is not applied. `list` reads a file to its end ' +
    'however large (in 64 MB steps, each folded into the store before the next), and names ' +
    'what was wrong on stderr (`aep-console: F: 24 events from 29 lines, 2 invalid, last ' +
    'line torn`).',
  history: 'keep no decision history (see the `history` command); `{history}` then says none is kept.',
  rules:
    'the rules file (see [Rules](rules.md)); default ' +
    '`$XDG_CONFIG_HOME/aep-console/rules.json` (else `~/.config/aep-console/rules.json`) ' +
    'when that file exists. A bad file (not JSON, an unknown key, a rule on content alone, ' +
    'an option id that is not a string, a `path` glob with `..`, an `until` that is not an ' +
    'RFC 3339 time in UTC) is exit 2 with one line naming the rule and the problem. A file ' +
    'that is not trusted (not a regular file; owned by someone other than you or root; ' +
    'writable by group or others; a symlink not your own, or to such a file) is not used: ' +
    'exit 2 with `--auto` or `rules test`, else the console runs without it and its status ' +
    'line says why. Edits are picked up within 2 s; a bad edit keeps the rules in force and ' +
    'the status line says why. Not for `list`.',
  auto:
    'let the rules answer from the start (`{auto}` in the console turns it on, after ' +
    '{autoPrompt.confirm}/n, and off); without it they only suggest. Needs rules.',
  json:
    'machine-readable output, one JSON object per line: `list`, a request; `watch`, an ' +
    'event; `history`, a decision; `respond`, the outcome (the fields of each are under its ' +
    'command below). Not for the interactive console.',
  option: "`respond`: answer with the option whose id is `O`; it must be one of the request's options (else exit 2).",
  text:
    '`respond`: answer with the text `T`, which the agent reads as it decides (AEP-0008); a ' +
    'form refuses it, in words: exit 2, nothing sent (answer a form with `--values`).',
  values:
    '`respond`: answer a form with a JSON object of field ids to values, checked against ' +
    "the form's fields (AEP-0006) before anything is sent.",
  source: "`respond`: the emitter's URI, when two emitters share the request's id (without it: exit 3, `ambiguous`).",
  wait:
    "`respond`: how many seconds to wait for the acknowledgement and the agent's recorded " +
    'outcome (default 30, at most 86400); past it, exit 4 and the answer stays in the outbox.',
  since: '`history`: only the decisions of the last `DURATION` (`90s`, `15m`, `2h`, `7d`, `1w`, `1h30m`).',
  help: 'print the usage, every flag in a line or two, the main keys and the exit codes; exit 0.',
  version: 'print the version; exit 0.',
};
