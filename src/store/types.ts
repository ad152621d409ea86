import type {
  AepEvent,
  Answer,
  AttentionRequestPayload,
  Capture,
  PayloadIssue,
  RosterEntry,
  Severity,
} from '../protocol/types.js';
import type { CommandState, NotSentCode } from './answer/state.js';
import type { RequestKey } from './identity.js';
import type { ViolationRule } from './violations.js';

export type RequestState = 'pending' | 'answered' | 'resolved' | 'timeout' | 'stale' | 'informational';

export const OPEN_STATES: ReadonlySet<RequestState> = new Set(['pending', 'answered', 'informational']);

export interface AnsweredInfo {
  answer: Answer;
  by?: string;
  via?: string;
  /** The command (or other event) the emitter says caused this answer. */
  cause?: string;
  time: string;
}

/** A control.attention.respond seen on the wire for a request (anyone's). */
export interface SeenCommand {
  id: string;
  source: string;
  agent: string;
  answer: Answer;
  time: string;
  ack?: { accepted: boolean; reason?: string; detail?: string };
}

export interface RequestRecord {
  /** Store key: relay, session, source and id (identity.ts requestKey). */
  key: RequestKey;
  relay: string;
  session: string;
  id: string;
  source: string;
  agent: string;
  /** Host part of `source` (provenance), "" when the URI has none. */
  host: string;
  /** The run it belongs to (envelope `run`), if any: what `x` cancels. */
  run?: string;
  /** The id of the Event that led to it (envelope `cause`), e.g. a tool.requested. */
  cause?: string;
  severity: Severity;
  capture: Capture;
  time: string;
  /** Arrival order within the store; the only ordering authority we trust. */
  arrival: number;
  /** Wall-clock ms when the console first saw it (for ages). */
  receivedAt: number;
  /** Whether it arrived in a replay of history (no bell for those). */
  replayed: boolean;
  payload: AttentionRequestPayload;
  issues: PayloadIssue[];
  /** respond_via present without "control": the answer belongs to the agent's UI. */
  informational: boolean;
  state: RequestState;
  answered?: AnsweredInfo;
  resolution?: { resolution: string; latencyMs?: number; time: string };
  timeout?: { afterMs?: number; time: string };
  staleAt?: string;
  /** Arrival order of the event that made it terminal (recent list order). */
  terminalArrival?: number;
  commands: SeenCommand[];
  /** Routing notes (attention.routed); `at`: when it counts as sent, for its age (protocol/routed.ts routedAt). */
  routed: { id?: string; source?: string; by: string; to?: string; via?: string; at?: number }[];
  /**
   * The relay replayed everything it holds after a (re)connect and this open
   * request was not in it (the relay restarted or evicted it): still listed,
   * but no longer vouched for. Cleared by any later event about it.
   */
  unconfirmed?: boolean;
  /**
   * Protocol rules its emitter broke about this request (see violations.ts),
   * e.g. `ended-with-pending-attention`: the session ended without a terminal.
   */
  violations?: ViolationRule[];
  /** What holding it is estimated to cost (byte-budget.ts), worked out once when it arrives. */
  bytes?: number;
  /**
   * Prints (protocol/event-print.ts) of the Events that arrived live under
   * its cause's identity (same relay, source, session and id) while it was
   * open: at most two different ones. Two, or one that differs from the
   * cause read, make the cause unreadable (store/cause.ts withLiveCause).
   */
  causeSeen?: readonly string[];
}

/** What the store keeps of an answer's state: store/answer/, with the union every view reads. */
export type { CommandState };

/** A command this console sent (or is about to send). */
export interface OwnCommand {
  id: string;
  relay: string;
  requestKey: string;
  event: AepEvent;
  answer: Answer;
  state: CommandState;
  /** True while waiting for a connection to send it on. */
  queued: boolean;
  attempts: number;
  ackWindowMs: number;
  createdAt: number;
  settledAt?: number;
  reason?: string;
  detail?: string;
  code?: string;
  /** Not sent because the gate refused it: the refusal's code (`unknown`, `route`, `twin`…). */
  refused?: string;
  /** Who made it: `you` (the operator) or `rule NAME`; absent: a saved answer an earlier console made. */
  by?: string;
  /** The cause the screen showed when it was made, in the history's words (SendFacts). */
  cause?: string;
  /** Made as one of a batch of this many. */
  batch?: number;
  /** A saved answer an earlier console journaled and this one took over: when it was given there. */
  savedAt?: number;
  /** `waiting`: the gate could not tell whether the route is safe and a read of the session is under way. */
  gate?: 'waiting';
}

/**
 * What the decision history records of a command that only its sender
 * knows, carried with the send so the history's line is written once, at
 * the send, from the command alone (files/decision-recorder.ts).
 */
export interface SendFacts {
  /** Who decided: `you` (the operator: keys, a batch, `respond`) or `rule NAME` (a rule with AUTO). */
  by: string;
  /** The request's cause Event in a few words, as the screen showed it (opaque here: the UI's words). */
  cause?: string;
  /** Sent as one of a batch of this many. */
  batch?: number;
}

/** The operator's send with nothing known beyond who (a library caller, `respond`, a default). */
export const BY_OPERATOR: Readonly<SendFacts> = Object.freeze({ by: 'you' });

/** Where a command came from, beyond the answer itself: what its send carried, or when a saved one was given. */
export interface CommandOrigin extends Partial<SendFacts> {
  savedAt?: number;
}

export type CommandOutcome =
  | { state: 'accepted' }
  | { state: 'rejected'; reason: string; detail?: string }
  | { state: 'timeout' }
  | { state: 'refused-by-relay'; code: string; detail?: string }
  /** `refused`: the gate's refusal code, when the gate refused it (`respond` says `unknown` from it). */
  | { state: 'not-sent'; reason: string; code?: NotSentCode; refused?: string }
  | { state: 'stopped-waiting' }
  /** Not a settlement: the outcome line of a command the gate holds (decisions.ts). */
  | { state: 'held'; reason: string };

export type ConnectionState =
  /** `reason`: why the previous connection failed, shown while this attempt runs. */
  | { kind: 'connecting'; reason?: string }
  | { kind: 'live' }
  | { kind: 'reconnecting'; retryAt: number; reason?: string }
  | { kind: 'unauthorized'; detail?: string }
  /** `retryAt`: when the next attempt starts (the relay may be upgraded). */
  | { kind: 'version-unsupported'; detail?: string; retryAt?: number }
  | { kind: 'closed' };

export interface RelayStatus {
  /** Display form of the relay URL (never carries a token). */
  relay: string;
  connection: ConnectionState;
  /** The relay runs without auth or refused a command `unauthorized`. */
  watchOnly: boolean;
  watchOnlyReason?: string;
  /** Hello capabilities we rely on. */
  replayAll: boolean;
  roster: boolean;
  /** Visible warnings: replay gaps, missing replay.all, refused subscription. */
  warnings: string[];
  /**
   * What the status line must keep saying about this relay's saved answers
   * (the outbox): not saved to disk and why, answers kept until a complete
   * replay, unreadable files kept aside, answers for relays not watched.
   * Replaced whole on every change; absent or empty when there is nothing to say.
   */
  outboxNotes?: string[];
  subscriptionError?: { code: string; detail?: string };
  /** Frames that were not JSON objects, counted and ignored. */
  undecodable: number;
  /** Events whose envelope broke a rule, counted and ignored. */
  invalid: number;
  lastInvalid?: string;
  /** Whether the initial replay is still being received. */
  replaying: boolean;
  /** Emitter protocol violations seen on this relay (absent when none). */
  violations?: number;
  /** Set when this "relay" is an AEP JSONL file (AEP-0003 §3.1): history, never answered. */
  file?: { path: string; following: boolean };
  /** How `list` read the history: SSE single pass, or the WebSocket and a quiet timer. */
  readVia?: 'sse' | 'websocket' | 'file';
  /** The `source` of this console's own open-request notes here: never shown as another console's (store/open-elsewhere.ts). */
  noticeSource?: string;
}

export interface RosterInfo {
  entries: RosterEntry[];
  receivedAt: number;
}

export type ApplyResult = 'applied' | 'duplicate' | 'held' | 'ignored';

// Built in identity.ts, with every other key; here for the modules that import them with the record types.
export { requestKey, requestKeyPrefix, type RequestKey } from './identity.js';
