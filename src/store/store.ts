import { SessionControls, type SessionControl } from './session-control.js';
import type { AepEvent, PayloadIssue, ResumePosition, RosterEntry } from '../protocol/types.js';
import { CommandBook } from './command-book.js';
import { MAX_SESSIONS_TRACKED, RelayBook } from './relay-book.js';
import { rethrowLater, type StoreOptions, type StoreSizes } from './store-options.js';
import type { FoldedPosition } from './positions.js';
import { RequestFold } from './request-fold.js';
import type { EmitterViolation } from './violations.js';
import { RouteMemory } from './route-memory.js';
import type { ApplyResult, RelayStatus, RequestRecord } from './types.js';
import { routeRefusal, type RouteFacts } from './ledger.js';
import type { CommandLog, EventIntake, RelayStatusBook, StoreReader } from './writers.js';

export type { StoreChange } from './writers.js';
export type { StoreOptions, StoreSizes } from './store-options.js';
/**
 * The console's state, in three parts split by who writes them: the request
 * fold (Events from the relays), the relay book (status, rosters, resume
 * positions, written by the relay client) and the console's own commands
 * (written by the command sender). Each writer is handed the narrow
 * interface it needs (see writers.ts); the UI reads through StoreReader.
 * One version counter covers all three, and subscribers hear once per
 * change (or per batch) with what changed. Pure state: no I/O, no timers.
 */
export class ConsoleStore extends CommandBook implements EventIntake, RelayStatusBook, CommandLog, StoreReader {
  private readonly fold: RequestFold;
  private readonly book = new RelayBook();
  /** Who could take a command sent by session name: the gate's facts (route-memory.ts). */
  private readonly routes: RouteMemory;
  private readonly controls = new SessionControls();
  private batchNow: number | undefined;
  /** The resume-position entry of the Event being applied (undefined: none, or not asked for): applyEvent. */
  private position: FoldedPosition | undefined;

  constructor(options: StoreOptions = {}) {
    super(options.onSubscriberError ?? rethrowLater, options.now ?? Date.now);
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

  protected requestFor(key: string): RequestRecord | undefined {
    return this.fold.request(key);
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

  // ── sizes ─────────────────────────────────────────────────────────────

  sizes(): StoreSizes {
    return { ...this.fold.sizes(), positions: this.book.positionCount() };
  }

  /** The caps `sizes()` stays within (positions per relay, command index per request held). */
  get limits() {
    return { ...this.fold.limits, positionsPerRelay: MAX_SESSIONS_TRACKED };
  }
}
