import type { AepEvent, PayloadIssue } from '../protocol/types.js';
import { hostFromSource } from '../protocol/parse.js';
import { SeenEvents } from './seen-events.js';
import { HeldEvents } from './held-events.js';
import { FlaggingTable } from './flagging-table.js';
import { ByteBudget, requestBytes } from './byte-budget.js';
import { SessionEnds } from './session-ends.js';
import { closesRequest, lifecyclePatch } from './lifecycle.js';
import { Reconfirmations } from './reconfirm.js';
import type { FoldHooks, FoldOptions, FoldSizes } from './fold-hooks.js';
import { newRequestRecord, readStoredPayload } from './new-request.js';
import type { FoldedPosition } from './positions.js';
import { commandKey, requestKey, requestKeyIn, requestKeyPrefix, subjectKey, type RequestKey } from './identity.js';
import { OPEN_STATES, type ApplyResult } from './types.js';
import { digest } from './violations.js';
import { MAX_COMMANDS_KEPT, seenCommand, withAck, withCommand } from './seen-commands.js';

const MAX_ENDED_SESSIONS = 10_000;

/**
 * The request fold: Events in, requests out. Dedupe, lifecycle matching
 * (held until their request arrives), session ends, pruning, and the
 * re-confirmation of open requests after a full replay. Written only by the
 * relay intake (through the store); pure state, no I/O.
 */
export class RequestFold extends FlaggingTable {
  private readonly held: HeldEvents;
  private readonly seen: SeenEvents;
  private readonly endedSessions = new SessionEnds(MAX_ENDED_SESSIONS);
  private readonly reconfirm = new Reconfirmations();
  readonly openCap: number;
  private readonly now: () => number;

  constructor(hooks: FoldHooks, options: FoldOptions = {}) {
    super(hooks, options.terminalCap ?? 1000, new ByteBudget(options.byteBudget), options.dedupeCap ?? 50_000);
    this.held = new HeldEvents(options.heldCap ?? 1000, this.budget);
    this.openCap = options.openCap ?? 50_000;
    this.seen = new SeenEvents(options.dedupeCap ?? 50_000);
    this.now = options.now ?? Date.now;
  }

  /** The relay is about to replay everything it holds: its open requests should come back in that replay. */
  replayBegins(relay: string): void {
    const open: RequestKey[] = [];
    for (const record of this.allRequests())
      if (record.relay === relay && OPEN_STATES.has(record.state)) open.push(record.key);
    this.reconfirm.begin(relay, open);
  }

  /** That replay completed: open requests it did not bring back are marked `unconfirmed`. */
  replayCompleted(relay: string): void {
    const isOpen = (key: RequestKey) => OPEN_STATES.has(this.record(key)?.state ?? 'stale');
    if (this.reconfirm.settle(relay, isOpen, (key) => this.replace(key, { unconfirmed: true }))) this.hooks.changed();
  }

  /** The replay was cut short (connection lost, subscription refused): it proves nothing either way. */
  replayAbandoned(relay: string): void {
    this.reconfirm.abandon(relay);
  }

  /** Counts `event` as the relay vouching for the request it is about; true when that cleared a mark. */
  private noteReconfirmed(relay: string, event: AepEvent, position: FoldedPosition | undefined): boolean {
    if (!this.reconfirm.watching(relay)) return false;
    const key = this.requestKeyOf(relay, event, position);
    return key !== undefined && this.reconfirm.vouch(relay, key, () => this.replace(key, { unconfirmed: false }));
  }

  /** The known request an event is about: the request itself, a lifecycle event or command, or an ack. */
  private requestKeyOf(relay: string, event: AepEvent, position?: FoldedPosition): RequestKey | undefined {
    if (event.type === 'attention.requested') {
      // From the emitter session's prefix when the fold keeps one (as addRequest builds the key): no tuple stringified per Event.
      const key = position
        ? requestKeyIn(
            (position.requestKeyPrefix ??= requestKeyPrefix(relay, event.session ?? '', event.source)),
            event.id,
          )
        : requestKey(relay, event.session ?? '', event.source, event.id);
      return this.holds(key) ? key : undefined;
    }
    if (event.type === 'control.accepted' || event.type === 'control.rejected') {
      return typeof event.cause === 'string' ? this.commandIndex.get(commandKey(relay, event.cause)) : undefined;
    }
    return this.findRequest(relay, event);
  }

  /** Applies one parsed Event from `relay`. A duplicate changes nothing. */
  applyEvent(
    relay: string,
    event: AepEvent,
    options: { replayed?: boolean; issues?: PayloadIssue[] } = {},
  ): ApplyResult {
    // Before anything may drop it as a duplicate: a second Event under a cause's identity is what this looks for.
    if (this.noteCauseSeen(relay, event)) this.hooks.changed();
    // Open requests are never pruned, so a flood of requests nobody ends would
    // grow without bound: past the cap new ones are refused, said on the relay,
    // and not remembered (a later replay brings them once there is room).
    if (
      event.type === 'attention.requested' &&
      this.requestCount - this.terminalOrder.size >= this.openCap &&
      !this.seen.has(relay, event.source, event.id) &&
      // A request already held is re-delivered (a replay), not new: never refused.
      !this.holds(requestKey(relay, event.session ?? '', event.source, event.id))
    ) {
      this.hooks.warn(relay, `more than ${this.openCap} open requests: newer ones are not shown`);
      return 'ignored';
    }
    const position = this.hooks.position(relay, event);
    if (position) {
      // The entry's copies of the names, not the ones this Event's JSON made:
      // the dedupe memory, records and indexes then share one copy per
      // emitter (hashed once, kept once) instead of holding one per Event.
      event.source = position.source;
      event.session = position.session;
      if (event.agent === position.agent) event.agent = position.agent;
    }
    // The dedupe memory keeps each Event's digest: a redelivery is checked against the first.
    const identity = digest(event);
    const state = position ? (position.dedupeState ??= this.seen.sourceState(event.source)) : undefined;
    if (this.noteReconfirmed(relay, event, position) && this.seen.has(relay, event.source, event.id, state)) {
      this.flagViolations(relay, event, [
        this.emitterRules.redelivered(relay, event, this.seen.get(relay, event.source, event.id, state), identity),
      ]);
      this.hooks.changed();
      return 'duplicate';
    }
    if (!this.seen.add(relay, event.source, event.id, identity, state)) {
      if (
        this.flagViolations(relay, event, [
          this.emitterRules.redelivered(relay, event, this.seen.get(relay, event.source, event.id, state), identity),
        ])
      )
        this.hooks.changed();
      return 'duplicate';
    }
    const broken = this.emitterRules.admit(relay, event, position);
    this.endedSessions.reopen(relay, event);
    const result = this.fold(relay, event, options, position);
    // After the fold: a request that broke a rule exists only now.
    this.flagViolations(relay, event, broken);
    this.hooks.changed();
    return result;
  }

  private fold(
    relay: string,
    event: AepEvent,
    options: { replayed?: boolean; issues?: PayloadIssue[] },
    position: FoldedPosition | undefined,
  ): ApplyResult {
    switch (event.type) {
      case 'attention.requested':
        return this.addRequest(relay, event, options.replayed ?? false, position);
      case 'attention.answered':
      case 'attention.resolved':
      case 'attention.timeout':
      case 'attention.routed':
      case 'control.attention.respond':
        return this.applyLifecycle(relay, event);
      case 'control.accepted':
      case 'control.rejected':
        return this.applyAck(relay, event);
      case 'session.ended':
        return this.endSession(relay, event);
      case 'run.finished':
      case 'run.failed':
      case 'run.cancelled':
        // Counted only: a run's end concerns no request (its state lives in session-control.ts).
        this.flagViolations(relay, event, [this.emitterRules.runEnded(relay, event)]);
        return 'ignored';
      default:
        return 'ignored';
    }
  }

  private addRequest(
    relay: string,
    event: AepEvent,
    replayed: boolean,
    position: FoldedPosition | undefined,
  ): ApplyResult {
    const session = event.session ?? '';
    const prefix = position
      ? (position.requestKeyPrefix ??= requestKeyPrefix(relay, session, event.source))
      : requestKeyPrefix(relay, session, event.source);
    if (this.holdsRequest(relay, session, event.source, event.id)) return 'duplicate';
    const key = requestKeyIn(prefix, event.id);
    const { payload, issues } = readStoredPayload(event);
    const record = newRequestRecord(relay, event, {
      key,
      session,
      host: position ? (position.host ??= hostFromSource(event.source)) : undefined,
      payload,
      issues,
      arrival: ++this.arrivalCounter,
      receivedAt: this.now(),
      replayed,
    });
    // History is evicted first; a request that still does not fit is refused,
    // visibly, and not remembered as seen, so a later replay brings it once there is room.
    const bytes = requestBytes(record);
    record.bytes = bytes;
    while (!this.budget.fits(bytes) && (this.terminalOrder.size > 0 || this.held.groupCount > 0)) {
      if (this.terminalOrder.size > 0) this.evictOldestTerminal();
      else this.held.dropOldest();
    }
    if (!this.budget.fits(bytes)) {
      this.seen.delete(relay, event.source, event.id);
      this.hooks.warn(
        relay,
        `memory budget full (${Math.round(this.budget.limit / 1048576)} MB of open requests): ` +
          `newer requests are not shown until some close`,
      );
      return 'ignored';
    }
    this.budget.hold(bytes);
    this.insert(record);
    this.hooks.touch(key, true);
    if (this.endedSessions.endedBefore(relay, session, event)) {
      this.flagViolations(relay, event, [this.emitterRules.requestAfterEnd(relay, event)]);
      this.replace(key, { state: 'stale', staleAt: event.time, terminalArrival: record.arrival });
      this.countTerminal(record);
    }
    if (this.held.count > 0) {
      for (const waiting of this.held.take(subjectKey(relay, session, event.id)) ?? [])
        this.applyLifecycle(relay, waiting);
    }
    this.prune();
    return 'applied';
  }

  private applyLifecycle(relay: string, event: AepEvent): ApplyResult {
    const slot = this.findSlot(relay, event);
    // A known subject from the wrong emitter is ignored, not held for later.
    if (!slot) return this.hasSubject(relay, event) ? 'ignored' : this.hold(relay, event);
    const record = slot.record;
    const key = record.key;
    if (event.type !== 'control.attention.respond') {
      const patch = lifecyclePatch(record, event, this.now());
      if (patch) {
        const terminal = closesRequest(event.type);
        // The patch is fresh (lifecyclePatch made it): stamped in place, not copied.
        if (terminal) patch.terminalArrival = ++this.arrivalCounter;
        this.replaceIn(slot, patch);
        if (terminal) this.countTerminalIn(slot);
      }
      return 'applied';
    }
    // Anyone's command for the request, indexed so its ack finds it; re-delivered ones are not appended twice.
    if (record.commands.some((seen) => seen.id === event.id && seen.source === event.source)) return 'applied';
    this.commandIndex.set(commandKey(relay, event.id), key);
    const { kept, dropped } = withCommand(record.commands, seenCommand(event));
    for (const command of dropped) this.commandIndex.delete(commandKey(relay, command.id));
    this.replace(key, { commands: kept });
    return 'applied';
  }

  private applyAck(relay: string, event: AepEvent): ApplyResult {
    if (typeof event.cause !== 'string') return 'ignored';
    const key = this.commandIndex.get(commandKey(relay, event.cause));
    if (!key) return 'ignored';
    const record = this.record(key);
    if (!record || record.source !== event.source) return 'ignored';
    this.replace(key, { commands: withAck(record.commands, event) });
    return 'applied';
  }

  private hold(relay: string, event: AepEvent): ApplyResult {
    if (typeof event.subject !== 'string' || typeof event.session !== 'string') return 'ignored';
    if (!this.held.hold(subjectKey(relay, event.session, event.subject), event)) return 'ignored';
    ++this.arrivalCounter;
    return 'held';
  }

  private endSession(relay: string, event: AepEvent): ApplyResult {
    const session = event.session ?? '';
    this.endedSessions.end(relay, event);
    const pending: RequestKey[] = [];
    // Session names collide across emitters: only the emitter's own requests end with it (the index is per emitter).
    for (const key of this.sessionKeys(relay, session, event.source)) {
      const record = this.record(key);
      if (!record || !OPEN_STATES.has(record.state)) continue;
      pending.push(record.key);
      this.replace(record.key, { state: 'stale', staleAt: event.time, terminalArrival: ++this.arrivalCounter });
      this.countTerminal(record);
    }
    // AEP-0002 §7.2: the emitter had to close these before ending the session.
    // They stay `stale` here (nobody will take an answer now) and carry the rule.
    for (const violation of this.emitterRules.sessionEnded(relay, event, pending.length)) {
      if (violation.rule === 'ended-with-pending-attention')
        for (const key of pending) this.flagRecord(key, violation.rule);
      this.hooks.violated(violation.relay, this.emitterRules.count(violation.relay));
    }
    return 'applied';
  }

  sizes(): FoldSizes {
    return {
      requests: this.requestCount,
      waitingForKeys: this.waitingForKeys,
      open: this.requestCount - this.terminalOrder.size,
      held: this.held.count,
      heldGroups: this.held.groupCount,
      dedupe: this.seen.size,
      subjects: this.bySubject.size,
      commandIndex: this.commandIndex.size,
      endedSessions: this.endedSessions.size,
    };
  }

  get limits() {
    return {
      terminal: this.terminalCap,
      open: this.openCap,
      held: this.held.cap,
      dedupe: this.seen.cap,
      endedSessions: MAX_ENDED_SESSIONS,
      commandsPerRequest: MAX_COMMANDS_KEPT,
    };
  }
}
