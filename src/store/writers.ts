import type { AepEvent, Answer, PayloadIssue, ResumePosition, RosterEntry } from '../protocol/types.js';
import type { SessionControl } from './session-control.js';
import type { RouteFacts } from './ledger.js';
import type { ApplyResult, CommandOrigin, CommandOutcome, OwnCommand, RelayStatus, RequestRecord } from './types.js';

// The store's narrow faces, one per writer: each layer is handed only what
// it writes (and the little it must read back), so who changes what is
// visible in the types.

/**
 * What one notification covers: the UI's update decides alerts, selection
 * and rejection feedback from this instead of rescanning every request.
 */
export interface StoreChange {
  version: number;
  /** Requests first seen (in arrival order). */
  added: string[];
  /** Requests added, replaced or pruned. */
  requests: Set<string>;
  /** The console's own commands that changed state. */
  commands: Set<string>;
  /** Relay status, warnings or rosters changed. */
  relays: boolean;
}

/** The relay intake: Events into the request fold, a burst at a time. */
export interface EventIntake {
  applyEvent(relay: string, event: AepEvent, options?: { replayed?: boolean; issues?: PayloadIssue[] }): ApplyResult;
  batch(apply: () => void): void;
  replayBegins(relay: string): void;
  replayCompleted(relay: string): void;
  replayAbandoned(relay: string): void;
  /** The relay says part of a session's history is gone from its buffer: who spoke there is no longer known whole. */
  sessionHistoryLost(relay: string, session: string): void;
}

/** The relay client's book keeping: connection status, warnings, roster, resume positions. */
export interface RelayStatusBook {
  addRelay(relay: string): void;
  updateRelay(relay: string, patch: Partial<RelayStatus>): void;
  warnRelay(relay: string, warning: string): void;
  setRoster(relay: string, entries: RosterEntry[]): void;
  getRelay(relay: string): RelayStatus | undefined;
  claimants(relay: string, session: string): number | undefined;
  ackWindowMs(relay: string, session: string): number | undefined;
  resumePositions(relay: string): ResumePosition[];
}

/** The command sender's log of the console's own commands. */
export interface CommandLog {
  /** `origin`: a rule's answer (`by`), or a saved answer taken over from an earlier console (`savedAt`). */
  commandCreated(
    relay: string,
    requestKey: string,
    event: AepEvent,
    answer: Answer,
    ackWindowMs: number,
    origin?: CommandOrigin,
  ): OwnCommand;
  commandSent(commandId: string): void;
  commandQueued(commandId: string): void;
  commandSettled(commandId: string, outcome: CommandOutcome): void;
  commandHeld(commandId: string, reason: string): void;
  commandGateWaiting(commandId: string, waiting: boolean): void;
  command(commandId: string): OwnCommand | undefined;
  request(key: string): RequestRecord | undefined;
  /** The ledger's reads (ledger.ts): the sender asks it before an answer is made; the gate before every frame. */
  lastCommandFor(key: string): OwnCommand | undefined;
  routeFacts(record: RequestRecord): RouteFacts;
  openRequestsOf(relay: string, source: string, session: string): RequestRecord[];
  unsafeRoute(record: RequestRecord): string | undefined;
}

/** What the UI reads: it never writes to the store (answers go out as effects). */
export interface StoreReader {
  readonly version: number;
  subscribe(listener: (change: StoreChange) => void): () => void;
  request(key: string): RequestRecord | undefined;
  allRequests(): RequestRecord[];
  relays(): RelayStatus[];
  command(id: string): OwnCommand | undefined;
  lastCommandFor(key: string): OwnCommand | undefined;
  inFlightCommands(): OwnCommand[];
  claimants(relay: string, session: string): number | undefined;
  /** Why an answer for the request could reach another emitter sharing its session name (ledger.ts). */
  unsafeRoute(record: RequestRecord): string | undefined;
  /** What the gate weighs of the request's route (ledger.ts). */
  routeFacts(record: RequestRecord): RouteFacts;
  openRequestsOf(relay: string, source: string, session: string): RequestRecord[];
  /** Since when the session has been missing from the relay's roster (undefined: claimed now, or no roster). */
  absentSince(relay: string, session: string): number | undefined;
  sessionControl(relay: string, source: string, session: string): SessionControl | undefined;
  controlCommandsFor(relay: string, source: string, session: string): OwnCommand[];
  accepts(relay: string, session: string): string[] | undefined;
}
