// What the console asks the world to do, in one list: every effect an update
// returns, and the one performer (app-effects.ts) that does it once the
// update is committed. What it learns comes back as a message. A key's
// `Step` (below) is not an effect: the update resolves it in the same
// message, into model changes and effects from this list.

import type { Answer } from '../protocol/types.js';
import type { ControlRequest } from '../protocol/control.js';
import type { Rule } from '../protocol/rules.js';
import type { RuleBasis } from '../store/rule-recheck.js';
import type { Pins } from '../relay/event-collector.js';

/** What a read is for: `rows` reads the causes of many open requests of one relay at once (row-causes.ts). */
export type FetchKind = 'cause' | 'timeline' | 'rule' | 'rows';

export type Effect =
  /**
   * An answer to the request's relay. `batch`: one of this many sent at once (the history says so); `by`: a rule's
   * name, and `basis` what the rule decided on (judged again before the answer is first written: store/rule-recheck.ts).
   */
  | { type: 'send'; key: string; answer: Answer; batch?: number; by?: string; basis?: RuleBasis }
  /** The same command again, same id (r after an ack timeout), or a held one asked at the gate again. */
  | { type: 'resend'; commandId: string }
  /** A held answer dropped (request.drop): nothing is sent; the history records the drop. */
  | { type: 'drop'; commandId: string }
  /** Cancel / pause / resume to the request's session. */
  | { type: 'control'; key: string; request: ControlRequest }
  /**
   * A read of Events (a cause, a timeline, a rule's cause, the rows' causes on one relay: `key` is then the relay);
   * `pin`: the read's own Event (or Events), kept however many others the relay sends.
   */
  | {
      type: 'fetch';
      kind: FetchKind;
      key: string;
      relay: string;
      filter: Record<string, unknown>;
      limit: number;
      pin?: Pins;
    }
  | { type: 'bell' }
  | { type: 'notify'; title: string; body: string }
  /** --notify-cmd: these requests to the operator's command, one line each (new ones, or last calls). */
  | { type: 'phone'; keys: string[]; event: 'requested' | 'expiring' }
  /** y: the request's id on the terminal's clipboard (OSC 52). */
  | { type: 'copy'; text: string }
  /** d → y: the request is hidden from this console (the history records it). */
  | { type: 'hide'; key: string }
  /** z: the request set aside until `until` (the history records it). */
  | { type: 'snooze'; key: string; until: number }
  /** Z (or from the history view): a hide undone (the history records it). */
  | { type: 'unhide'; key: string }
  /** a → y: add this rule to the rules file (the file is the CLI's). */
  | { type: 'saveRule'; rule: Rule }
  /** rules.delete → y: the rule out of the rules file (`inFile`) or out of this console (answered with `ruleDeleted`). */
  | { type: 'deleteRule'; rule: Rule; inFile: boolean }
  /** H: read the decision history (answered with a `history` message). */
  | { type: 'readHistory' }
  /** The terminal's title (OSC 2): how many requests wait. */
  | { type: 'title'; text: string }
  | { type: 'suspend' }
  | { type: 'quit' }
  /** The rest of a read's keys, folded once the effects before it have been performed (update.ts). */
  | { type: 'then'; keys: string; read?: number };

/** What a key asks of the model beyond the inbox: resolved by the update in the same message (update.ts onKey). */
export type Step =
  /** A: AUTO on or off (the rules answer). */
  | { type: 'auto'; on: boolean }
  /** a → y: a rule made from a request (kept in memory, and saved unless it is for a run or session). */
  | { type: 'always'; key: string; rule: Rule; save: boolean }
  /** t: read the session's timeline. */
  | { type: 'timeline'; key: string };
