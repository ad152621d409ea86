// What the command line parsed into: the options every command reads, and
// the parser's outcome. Types only, so the parsers of each command
// (args.ts, history-args.ts, rules-args.ts) share them without importing
// one another.
import type { Rule } from '../protocol/rules.js';
import type { Answer, Capture } from '../protocol/types.js';
import type { Bindings } from '../ui/key-table.js';

/** `respond`: which request, the answer, and how long to wait for its outcome. */
export interface RespondSpec {
  id: string;
  answer: Answer;
  /** --source URI: which emitter's request, when two share the id. */
  source?: string;
  waitMs: number;
}

export interface ConsoleOptions {
  command: 'console' | 'list' | 'history' | 'rules-test' | 'watch' | 'respond';
  /** Keep the decision history (false with --no-history; absent: kept). */
  history?: boolean;
  /** `history --since`: how far back, in ms. */
  sinceMs?: number;
  /** `history --agent` / `--session`: which decisions to print (for the console and `list` they are folded into `filter`). */
  agents?: string[];
  sessions?: string[];
  relays: string[];
  token?: string;
  /** --token-file as given: re-read before every reconnect (see tokenSource). */
  tokenFile?: string;
  /** Extra trusted CA certificates (PEM), added to Node's own roots for https/wss. */
  ca?: string[];
  filter?: Record<string, unknown>;
  capture?: Capture;
  bell: boolean;
  notify: boolean;
  /** --notify-cmd PROGRAM (or the profile's notify_cmd: [PROGRAM, ARG…]): run for each new request and last call (notify-cmd.ts). */
  notifyCmd?: string[];
  /** --no-title: leave the terminal's title alone. */
  title?: boolean;
  /** --inline: draw in the normal screen, not the alternate one. */
  inline?: boolean;
  /** --no-mouse (false): no mouse reporting; it is on only in the full screen (never --inline or the screen reader). */
  mouse?: boolean;
  /** --screen-reader: sentences, one region at a time, in the normal screen (also INK_SCREEN_READER=true). */
  screenReader?: boolean;
  name: string;
  demo: boolean;
  /** --demo-agents N: how many demo agents (default 3), to try triage at fleet scale. */
  demoAgents?: number;
  json: boolean;
  /** --file: AEP JSONL files read as history (AEP-0003 §3.1), as given. */
  files: string[];
  /** The rules (`--rules F` or the default file), in order, and the file `a` saves to; `auto` (--auto): they answer. */
  rules?: Rule[];
  rulesPath?: string;
  /** The rules file is not trusted (files/read.ts): the console runs without rules and its status line says why. */
  rulesNote?: string;
  auto?: boolean;
  /** `respond`: the request and the answer. */
  respond?: RespondSpec;
  /** --read-only: the interactive console sends nothing (no answer, command, hide, rule or open-request note). */
  readOnly?: boolean;
  /** The profile in use (--profile, AEP_PROFILE or the config file's default). */
  profile?: string;
  /** config.json's `keys` applied over the shipped bindings (cli/keys.ts); absent: as shipped. */
  keys?: Bindings;
}

export type ParsedArgs =
  | { kind: 'run'; options: ConsoleOptions; warnings: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'version'; text: string }
  /** A command that only prints what it read (`profiles`, `keys`): to stdout, exit 0. */
  | { kind: 'print'; text: string }
  | { kind: 'usage-error'; message: string };
