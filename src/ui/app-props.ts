import type { Rule } from '../protocol/rules.js';
import type { RelayHandle } from '../relay/types.js';
import type { ConsoleStore } from '../store/store.js';
import type { HistorySource } from './history/history-state.js';
import type { TerminalSize } from './model.js';
import type { RequestRecord } from '../store/types.js';

export interface AppProps {
  store: ConsoleStore;
  clients: RelayHandle[];
  bell?: boolean;
  notify?: boolean;
  /**
   * --notify-cmd: the new requests (`requested`) and last calls (`expiring`) for the operator's command;
   * `say` puts a word on the status line (the command's failure, once).
   */
  phone?: (records: readonly RequestRecord[], event: 'requested' | 'expiring', say: (text: string) => void) => void;
  /** Fixed size (tests, embedders); otherwise the terminal's, tracked on resize. */
  size?: TerminalSize;
  now?: () => number;
  /** Clock tick for ages and countdowns; 0 disables (tests). */
  tickMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Where bells and notifications go (defaults to the terminal). */
  write?: (data: string) => void;
  onQuit?: () => void;
  /** Ctrl-Z: the CLI stops the process the way a shell expects and repaints on `fg`; or says why it cannot (shown as a notice). */
  onSuspend?: () => string | undefined | void;
  /** Ctrl-L: the CLI clears the screen and draws the frame again whole. */
  onRedraw?: () => void;
  /**
   * The CLI asked the terminal to mark pastes (bracketed paste). With a TERM
   * known to honour it, no run of typed keys is then guessed to be a paste
   * (paste-marks.ts); absent or false, the guess stands.
   */
  pasteMarks?: boolean;
  /** The CLI turned mouse reporting on (mouse.ts): clicks and the wheel act on the frame's cells. */
  mouse?: boolean;
  /** The terminal's title says how many wait (OSC 2); the CLI saves and restores the title around the console. */
  title?: boolean;
  /** A word for the footer once known (the tmux passthrough check at start: notifications that will not get through). */
  laterNotice?: Promise<string | undefined>;
  /** --screen-reader: sentences, one region at a time (screen-reader/view.tsx); also on when Ink's screen-reader rendering is. */
  screenReader?: boolean;
  /** --demo: the embedded relay's URL and the `list` command that reads it (shown in `?`). */
  demo?: { relay: string; listCommand: string };
  /** The decision history (H); absent: none is kept (--no-history). */
  /** How long an agent is gone from the roster before its requests move to "No agent connected" (default 60 s; tests shorten it). */
  noAgentAfterMs?: number;
  history?: HistorySource;
  /** The rules (--rules F), and whether they answer from the start (--auto). */
  rules?: readonly Rule[];
  auto?: boolean;
  /** Why the rules file is not used (not trusted), for the status line. */
  rulesNote?: string;
  /** Follows the rules file: the listener hears each edit (its rules, or why it is not used); returns the unsubscribe. */
  rulesFile?: (listener: (update: { rules?: readonly Rule[]; note?: string }) => void) => () => void;
  /** a → y: adds a rule to the rules file; absent: rules made with `a` are kept for this console only. */
  /** `byHand`: the rule's JSON, when the file cannot be written (read-only): it goes on the clipboard to be added by hand. */
  /** --read-only: every key that would send is refused in words (read-only.ts); the clients send nothing either. */
  readOnly?: boolean;
  saveRule?: (rule: Rule) => { ok: true; path: string } | { ok: false; reason: string; byHand?: string };
  /** rules.delete → y: takes a rule out of the rules file, written as `a` writes it; absent: no rules file. */
  deleteRule?: (rule: Rule) => { ok: true; path: string } | { ok: false; reason: string };
}
