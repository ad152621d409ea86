import { SessionControls, type SessionControl } from './session-control.js';
import type { AepEvent, Answer, PayloadIssue, ResumePosition, RosterEntry } from '../protocol/types.js';
import { OwnCommands } from './own-commands.js';
import { MAX_SESSIONS_TRACKED, RelayBook } from './relay-book.js';
import type { FoldOptions, FoldSizes } from './fold-hooks.js';
import type { FoldedPosition } from './positions.js';
import { RequestFold } from './request-fold.js';
import type { EmitterViolation } from './violations.js';
import { RouteMemory } from './route-memory.js';
import { ChangeNotifier } from './change-notifier.js';
import {
  OPEN_STATES,
  type ApplyResult,
  type CommandOrigin,
  type CommandOutcome,
  type OwnCommand,
  type RelayStatus,
  type RequestRecord,
} from './types.js';
import { routeRefusal, type RouteFacts } from './ledger.js';
import type { CommandLog, EventIntake, RelayStatusBook, StoreReader } from './writers.js';

export type { StoreChange } from './writers.js';
export interface StoreOptions extends FoldOptions {
  /**
   * A subscriber threw. The others still hear the change and the mutation
   * that notified completes (a command created is then journaled and sent,
   * never left half-done); the error goes here. By default it is thrown
   * again on a microtask, so the process's crash guard still sees the bug.
   */
  onSubscriberError?: (error: unknown) => void;
  /** Sessions whose speakers are remembered (default 5,000): tests make it small to see the memory forget. */
  sessionsRemembered?: number;
}

/** How much the store holds; every count is capped (see `limits`). */
export interface StoreSizes extends FoldSizes {
  /** Resume positions over all relays (the cap is per relay). */
  positions: number;
}

/**
 * The console's state, in three parts split by who writes them: the request
 * fold (Events from the relays), the relay book (status, rosters, resume
 * positions, written by the relay client) and the console's own commands
 * (written by the command sender). Each writer is handed the narrow
 * interface it needs (see writers.ts); the UI reads through StoreReader.
 * One version counter covers all three, and subscribers hear once per
 * change (or per batch) with what changed. Pure state: no I/O, no timers.
 */
export class ConsoleStore extends ChangeNotifier implements EventIntake, RelayStatusBook, CommandLog, StoreReader {
  private readonly fold: RequestFold;
  private readonly book = new RelayBook();
  private readonly own = new OwnCommands();
  /** Who could take a command sent by session name: the gate's facts (route-memory.ts). */
  private readonly routes: RouteMemory;
  private readonly controls = new SessionControls();
  private batchNow: number | undefined;
  /** The resume-position entry of the Event being applied (undefined: none, or not asked for): applyEvent. */
  private position: FoldedPosition | undefined;
  private readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    super(
      options.onSubscriberError ??
        ((error) =>
          queueMicrotask(() => {
            throw error;
          })),
    );
    this.now = options.now ?? Date.now;
    this.routes = new RouteMemory(
      {
        sameSubject: (relay, session, id) => this.fold.sameSubject(relay, session, id),
        inSession: (relay, session) => this.fold.inSession(relay, session),
        claimingAgents: (relay, session) => this.book.claimingAgents(relay, session),
      },
      options.sessionsRemembered,
    );
    this.fold = new RequestFold(
      {
        changed: () => this.changed(),
        // What changed is only collected for someone to hear it (a subscriber
        // arriving later starts from the whole store, as App does).
        touch: (key, added) => {
          if (this.listeners.size === 0) return;
          if (added) this.pending.added.push(key);
          this.pending.requests.add(key);
        },
        // Kept for applyEvent, which hands it to the session emitters (see there).
        position: (relay, event) => (this.position = this.book.trackPosition(relay, event)),
        warn: (relay, warning) => this.warnRelay(relay, warning),
        forgot: (record) => this.routes.forgot(record, this.fold.arrivalClock),
        // Counted on the relay's status line; no notification of its own (the Event's change carries it).
        violated: (relay, count) => {
          this.book.update(relay, { violations: count });
          this.pending.relays = true;
        },
      },
      // One reading of the clock per batch (a burst of Events, a replay): a
      // request's arrival time is for its age in seconds, and the clock per
      // Event cost more than anything else in taking a request in but its key.
      { ...options, now: () => (this.batchDepth > 0 ? (this.batchNow ??= this.now()) : this.now()) },
    );
  }

  protected override batchEnded(): void {
    this.batchNow = undefined;
  }

  // ── the request fold (see request-fold.ts) ────────────────────────────

  /**
   * Applies one parsed Event from `relay`. A duplicate changes nothing. The
   * Event's `source`, `session` and `agent` may be swapped for equal strings
   * the store already holds (one copy per emitter, request-fold.ts).
   */
  applyEvent(
    relay: string,
    event: AepEvent,
    options: { replayed?: boolean; issues?: PayloadIssue[] } = {},
  ): ApplyResult {
    this.position = undefined;
    const result = this.fold.applyEvent(relay, event, options);
    // Who speaks in each session, in arrival order (session-emitters.ts): whether an answer's route is safe.
    // The emitter's entry is kept on its session's resume-position entry, which the fold has just looked up.
    if (result !== 'duplicate') this.routes.observe(relay, event, this.fold.arrivalClock, this.position);
    // Session-level commands and their outcomes (session-control.ts): the fold dedupes first.
    if (result !== 'duplicate' && this.controls.observe(relay, event)) {
      this.changed();
    }
    return result;
  }

  /**
   * What cancel / pause / resume commands did to emitter `source`'s session
   * (anyone's commands, seen on the wire): keyed like requests, since two
   * agents may share a session name (session-control.ts).
   */
  sessionControl(relay: string, source: string, session: string): SessionControl | undefined {
    return this.controls.get(relay, source, session);
  }

  /** The console's own cancel / pause / resume commands for emitter `source`'s session, oldest first. */
  controlCommandsFor(relay: string, source: string, session: string): OwnCommand[] {
    return this.own.forSession(relay, source, session);
  }

  /** Everything the gate at the wire weighs for a command about `record` (ledger.ts gateRefusal; route-memory.ts). */
  routeFacts(record: RequestRecord): RouteFacts {
    return this.routes.facts(record);
  }

  /** Why an answer for `record` could reach another emitter sharing its session name (undefined: none known; ledger.ts). */
  unsafeRoute(record: RequestRecord): string | undefined {
    return routeRefusal(record, this.routes.facts(record))?.risk;
  }

  /** The open requests emitter `source` has in (relay, session): a session command concerns them all. */
  openRequestsOf(relay: string, source: string, session: string): RequestRecord[] {
    return this.routes.openRequestsOf(relay, source, session);
  }

  /** A read of (relay, session) for the gate starts now: the arrival clock it starts at (whole from here on). */
  sessionReadStarts(relay: string, session: string): number {
    const clock = this.fold.arrivalClock;
    this.routes.readStarts(relay, session, clock);
    return clock;
  }

  /** A read of (relay, session) started at `clock` ended, with these Events in the relay's order: the gate may now know. */
  sessionRead(relay: string, session: string, clock: number, events: readonly AepEvent[]): void {
    this.routes.readEnded(relay, session, clock, events);
    this.relaysChanged();
  }

  /** The command types the session's single live claimant accepts (undefined: no roster, or not one claimant). */
  accepts(relay: string, session: string): string[] | undefined {
    return this.book.accepts(relay, session);
  }

  /** Part of the session's history is gone from the relay's buffer (replay-exhausted): the gate then reads it before it trusts it. */
  sessionHistoryLost(relay: string, session: string): void {
    this.routes.lost(relay, session, this.fold.arrivalClock);
  }

  /** The relay is about to replay everything it holds: its open requests should come back in that replay. */
  replayBegins(relay: string): void {
    this.fold.replayBegins(relay);
  }

  /** That replay completed: open requests it did not bring back are marked `unconfirmed`. */
  replayCompleted(relay: string): void {
    this.fold.replayCompleted(relay);
  }

  /** The replay was cut short (connection lost, subscription refused): it proves nothing either way. */
  replayAbandoned(relay: string): void {
    this.fold.replayAbandoned(relay);
  }

  request(key: string): RequestRecord | undefined {
    return this.fold.request(key);
  }

  allRequests(): RequestRecord[] {
    return this.fold.allRequests();
  }

  /** Estimated bytes held and the budget they stay within (byte-budget.ts). */
  memory(): { bytes: number; limit: number } {
    return this.fold.memory();
  }

  /** Emitter protocol violations seen (all relays), and the most recent of them. */
  violations(): { total: number; recent: EmitterViolation[] } {
    return this.fold.violations();
  }

  // ── the relay book (see relay-book.ts) ────────────────────────────────

  addRelay(relay: string): void {
    if (this.book.add(relay)) this.relaysChanged();
  }

  updateRelay(relay: string, patch: Partial<RelayStatus>): void {
    this.book.update(relay, patch);
    this.relaysChanged();
  }

  /** Adds a warning once (the same text is not repeated). */
  warnRelay(relay: string, warning: string): void {
    if (this.book.warn(relay, warning)) this.relaysChanged();
  }

  setRoster(relay: string, entries: RosterEntry[]): void {
    this.book.setRoster(relay, entries, this.now());
    this.relaysChanged();
  }

  private relaysChanged(): void {
    this.pending.relays = true;
    this.changed();
  }

  getRelay(relay: string): RelayStatus | undefined {
    return this.book.get(relay);
  }

  relays(): RelayStatus[] {
    return this.book.all();
  }

  /** Live emitter claims for a session: undefined when the relay has no roster (unknown). */
  claimants(relay: string, session: string): number | undefined {
    return this.book.claimants(relay, session);
  }

  /** Since when the session has been missing from the relay's roster (undefined: claimed now, or no roster). */
  absentSince(relay: string, session: string): number | undefined {
    return this.book.absentSince(relay, session);
  }

  /** The target's ack window from the roster, when it declared a sane one. */
  ackWindowMs(relay: string, session: string): number | undefined {
    return this.book.ackWindowMs(relay, session);
  }

  resumePositions(relay: string): ResumePosition[] {
    return this.book.resumePositions(relay);
  }

  // ── the console's own commands (see own-commands.ts) ──────────────────

  /** Records a command the console is about to send (queued until a socket takes it). */
  commandCreated(
    relay: string,
    requestKey: string,
    event: AepEvent,
    answer: Answer,
    ackWindowMs: number,
    origin: CommandOrigin = {},
  ): OwnCommand {
    // The request it was sent from names the emitter (a journal may outlive it: then none).
    const source = this.fold.request(requestKey)?.source ?? '';
    const command = this.own.create(relay, requestKey, source, event, answer, ackWindowMs, this.now(), origin);
    this.commandChanged(command.id);
    return command;
  }

  /** A (re)send went onto the wire. */
  commandSent(commandId: string): void {
    if (this.own.sent(commandId)) this.commandChanged(commandId);
  }

  /** Back to the queue: the connection was lost before an ack, or a timed-out command is resent while offline. */
  commandQueued(commandId: string): void {
    if (this.own.queued(commandId)) this.commandChanged(commandId);
  }

  /** The gate refuses a command already written once (or a saved one): held, not sent, kept (ledger.ts). */
  commandHeld(commandId: string, reason: string): void {
    if (this.own.held(commandId, reason)) this.commandChanged(commandId);
  }

  /** The gate waits for a read of the command's session (true), or no longer (false). */
  commandGateWaiting(commandId: string, waiting: boolean): void {
    if (this.own.gateWaiting(commandId, waiting)) this.commandChanged(commandId);
  }

  commandSettled(commandId: string, outcome: CommandOutcome): void {
    if (!this.own.settled(commandId, outcome, this.now())) return;
    this.commandChanged(commandId);
    // Bounded: settled commands of closed (or pruned) requests are forgotten past a cap.
    this.own.prune((command) => {
      const request = this.fold.request(command.requestKey);
      return request !== undefined && OPEN_STATES.has(request.state);
    });
  }

  private commandChanged(commandId: string): void {
    this.pending.commands.add(commandId);
    this.changed();
  }

  command(commandId: string): OwnCommand | undefined {
    return this.own.get(commandId);
  }

  commandsFor(key: string): OwnCommand[] {
    return this.own.forRequest(key);
  }

  lastCommandFor(key: string): OwnCommand | undefined {
    return this.own.lastFor(key);
  }

  inFlightCommands(): OwnCommand[] {
    return this.own.inFlight();
  }

  // ── sizes ─────────────────────────────────────────────────────────────

  sizes(): StoreSizes {
    return { ...this.fold.sizes(), positions: this.book.positionCount() };
  }

  /** The caps `sizes()` stays within (positions per relay, command index per request held). */
  get limits() {
    return { ...this.fold.limits, positionsPerRelay: MAX_SESSIONS_TRACKED };
  }
}
