export const HELP = `
aep-console: see every AI agent waiting for a human on an AEP relay, and answer it.

Usage
  aep-console [--relay URL]... [--token T | --token-file F] [--filter JSON]
              [--agent NAME]... [--session ID]... [--capture LEVEL]
              [--no-bell] [--notify] [--name NAME] [--demo [--demo-agents N]] [--file F]...
              [--rules F] [--auto] [--inline] [--screen-reader]
  aep-console list [same connection flags] [--file F]... [--json]
  aep-console watch [same connection flags] [--json]
  aep-console respond ID (--option O | --text T | --values JSON) [--session S]
              [--source URI] [--wait SECONDS] [same connection flags] [--json]
  aep-console rules test [--rules F] [same connection flags] [--file F]...
  aep-console history [--json] [--since DURATION] [--agent NAME]... [--session ID]...
  aep-console --help | --version

Options (a flag shown with a value needs one)
  --relay URL        relay base URL (http, https, ws, wss); repeat to watch several.
                     Env AEP_RELAY. Default http://127.0.0.1:8787
  --token T          the relay's token, sent only in the Authorization header. Env AEP_TOKEN
                     (a --token shows in the process list: prefer AEP_TOKEN or --token-file)
  --token-file F     read the token from F (must not be readable by other users);
                     re-read at each reconnect: rotating it needs no restart
  --insecure         allow the token over plain http/ws to a relay off this host
                     (it does not turn off certificate checks)
  --ca FILE          also trust the CA certificate(s) in FILE (PEM) for https/wss
  --filter JSON      extra attr-match filter ANDed with the console's own,
                     e.g. '{"severity":{"gte":"warning"}}'
  --agent NAME       only requests from this agent (repeatable)
  --session ID       only requests from this session (repeatable)
  --capture LEVEL    subscription ceiling: none|metadata|redacted|full
  --no-bell          no terminal bell on a new pending request
  --notify           also a desktop notification (OSC 9 / OSC 777, passes through tmux)
  --name NAME        sender name in commands; others see it as who answered (default aep-console)
  --demo             start an embedded loopback relay with demo agents and open the console on it
                     (? shows the relay and the list command that reads it from another terminal)
  --demo-agents N    with --demo: N demo agents (default 3; 40 to try triage at fleet scale)
  --file F           read Events from an AEP JSONL file (a session log, a capture), beside
                     or instead of relays (repeatable); history: read, never answered.
                     The console follows a growing file (tail -f)
  --no-history       keep no decision history (default: every answer, cancel, pause and
                     resume is kept with its outcome in $XDG_STATE_HOME/aep-console/history.jsonl)
  --rules F          rules that suggest (or with --auto, give) routine answers (default
                     $XDG_CONFIG_HOME/aep-console/rules.json when present; README "Rules")
  --auto             let the rules answer (A in the console toggles it)
  --inline           draw in the normal screen (default: the alternate screen, which
                     gives the shell its screen back on quit and Ctrl-Z)
  --screen-reader    sentences for a screen reader, one part at a time, in the normal
                     screen; what happens is added as lines (also INK_SCREEN_READER=true)
  --json             (list) one JSON object per request; (history) one per decision;
                     (watch) one per event; (respond) the outcome
  --option O         (respond) answer with option O (one of the request's options)
  --text T           (respond) answer with text T (a form: refused in words)
  --values JSON      (respond) answer a form: {"field": value, ...}, checked against it
  --source URI       (respond) whose request, when two emitters share the id
  --wait SECONDS     (respond) how long to wait for the agent's outcome (default 30)
  --since DURATION   (history) only decisions of the last 90s, 15m, 2h, 7d, 1h30m…

Keys (? in the console lists them all)
  j/k move   Enter open/send   1-9 open on option N   Space/* mark for a batch answer
  / filter   Esc back (keeps a draft)   H decision history   Ctrl-L redraw
  Ctrl-Z suspend   q quit

Exit codes
  0 normal quit   1 internal error (a crash report is written)   2 usage error
  3 a relay could not be read or refused the token (list: the others are still
    printed, the failed ones named on stderr; respond); history file not yours (history);
    refused, rejected, no route, not pending, informational or ambiguous id (respond)
  4 no acknowledgement or no outcome within --wait (respond)
  128+N stopped by signal N
`;
