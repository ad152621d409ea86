import { hostFromSource, readRequestPayload } from '../protocol/parse.js';
import type { AepEvent, Answer, PayloadIssue, ResumePosition, RosterEntry } from '../protocol/types.js';
import { BoundedSet } from './bounded-set.js';
import { ByteBudget, heldEventBytes, requestBytes } from './byte-budget.js';
import { OrderedKeys } from './ordered-keys.js';
import { OwnCommands } from './own-commands.js';
import { after, positionOf, slimForHold, type Position } from './positions.js';
import { envelopeIssues, readAnswer, readCapture, readSeverity, str } from './read.js';
import { Reconfirmations } from './reconfirm.js';
import { RelayBook } from './relay-book.js';
import {
  OPEN_STATES,
  requestKey,
  type ApplyResult,
  type CommandOutcome,
  type OwnCommand,
  type RelayStatus,
  type RequestRecord,
} from './types.js';

export interface StoreOptions {
  /** Terminal requests kept before the oldest are pruned (pending never are). */
  terminalCap?: number;
  /** (relay, source, id) triples remembered for dedupe. */
  dedupeCap?: number;
  /** Lifecycle events held while their request has not arrived yet. */
  heldCap?: number;
  /** Open requests held; past it new requests are refused, with a relay warning. */
  openCap?: number;
  /** Estimated bytes held (requests and held events); see byte-budget.ts. */
  byteBudget?: number;
  now?: () => number;
}

const SEP = '\u001f';
/** Budget key prefix of a held group (request keys never start with NUL). */
const HELD = '\u0000held';
const MAX_COMMANDS_KEPT = 50;
const MAX_SESSIONS_TRACKED = 5000;
const MAX_ENDED_SESSIONS = 10_000;

/** How much the store holds; every count is capped (see `limits`). */
export interface StoreSizes {
  requests: number;
  open: number;
  held: number;
  heldGroups: number;
  dedupe: number;
  subjects: number;
  commandIndex: number;
  endedSessions: number;
  /** Resume positions over all relays (the cap is per relay). */
  positions: number;
}
/** Events only the emitter of a request may send about it. */
const EMITTER_LIFECYCLE = new Set(['attention.answered', 'attention.resolved', 'attention.timeout']);

/**
 * Folds Events from one or more relays into the console's state. Pure state:
 * no I/O, no timers, no React. Every mutation bumps `version` and notifies
 * subscribers; records are replaced, never mutated, so renderers can compare
 * by reference.
 */
export class ConsoleStore {
  private readonly requests = new Map<string, RequestRecord>();
  /** relay␟session␟subject → request keys (two emitters may share a session name). */
  private readonly bySubject = new Map<string, string[]>();
  /** relay␟command id → request key, for acks of anyone's commands. */
  private readonly commandIndex = new Map<string, string>();
  private readonly held = new Map<string, { event: AepEvent; arrival: number }[]>();
  private heldCount = 0;
  private readonly seen: BoundedSet;
  /** relay␟session␟source → the position of its session.ended (a later epoch reopens the session). */
  private readonly endedSessions = new Map<string, Position>();
  /** relay → (session, source) → the highest (epoch, seq) seen; see resumePositions. */
  private readonly positions = new Map<string, Map<string, Position & { session: string }>>();
  private readonly relayBook = new RelayBook();
  private readonly own = new OwnCommands();
  private readonly reconfirm = new Reconfirmations();
  /** Open requests marked `unconfirmed`: events about them clear the mark. */
  private readonly unconfirmedKeys = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private batchDepth = 0;
  private batchChanged = false;
  private readonly terminalCap: number;
  private readonly heldCap: number;
  private readonly openCap: number;
  private readonly budget: ByteBudget;
  private readonly now: () => number;
  private arrivalCounter = 0;
  /** Terminal request keys, oldest terminal first. */
  private readonly terminalOrder = new OrderedKeys();
  private versionCounter = 0;

  constructor(options: StoreOptions = {}) {
    this.terminalCap = options.terminalCap ?? 1000;
    this.heldCap = options.heldCap ?? 1000;
    this.openCap = options.openCap ?? 50_000;
    this.budget = new ByteBudget(options.byteBudget);
    this.seen = new BoundedSet(options.dedupeCap ?? 50_000);
    this.now = options.now ?? Date.now;
  }

  // ── subscription ──────────────────────────────────────────────────────

  get version(): number {
    return this.versionCounter;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.versionCounter++;
    if (this.batchDepth > 0) this.batchChanged = true;
    else this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Runs `apply` with notifications held: subscribers hear once at the end,
   * if anything changed. A burst of Events then costs one render, not one
   * per Event.
   */
  batch(apply: () => void): void {
    this.batchDepth++;
    try {
      apply();
    } finally {
      this.batchDepth--;
      if (this.batchDepth === 0 && this.batchChanged) {
        this.batchChanged = false;
        this.notify();
      }
    }
  }

  // ── relays (see relay-book.ts) ────────────────────────────────────────

  addRelay(relay: string): void {
    if (this.relayBook.add(relay)) this.changed();
  }

  updateRelay(relay: string, patch: Partial<RelayStatus>): void {
    this.relayBook.update(relay, patch);
    this.changed();
  }

  /** Adds a warning once (the same text is not repeated). */
  warnRelay(relay: string, warning: string): void {
    if (this.relayBook.warn(relay, warning)) this.changed();
  }

  getRelay(relay: string): RelayStatus | undefined {
    return this.relayBook.get(relay);
  }

  relays(): RelayStatus[] {
    return this.relayBook.all();
  }

  setRoster(relay: string, entries: RosterEntry[]): void {
    this.relayBook.setRoster(relay, entries, this.now());
    this.changed();
  }

  /** Live emitter claims for a session: undefined when the relay has no roster (unknown). */
  claimants(relay: string, session: string): number | undefined {
    return this.relayBook.claimants(relay, session);
  }

  /** The target's ack window from the roster, when it declared a sane one. */
  ackWindowMs(relay: string, session: string): number | undefined {
    return this.relayBook.ackWindowMs(relay, session);
  }

  // ── re-confirmation after a reconnect (see reconfirm.ts) ──────────────

  /** The relay is about to replay everything it holds: its open requests should come back in that replay. */
  replayBegins(relay: string): void {
    const open: string[] = [];
    for (const record of this.requests.values()) if (record.relay === relay && OPEN_STATES.has(record.state)) open.push(record.key);
    this.reconfirm.begin(relay, open);
  }

  /** That replay completed: open requests it did not bring back are marked `unconfirmed`. */
  replayCompleted(relay: string): void {
    let marked = false;
    for (const key of this.reconfirm.complete(relay)) {
      const record = this.requests.get(key);
      if (!record || !OPEN_STATES.has(record.state) || record.unconfirmed) continue;
      this.replace(key, { unconfirmed: true });
      this.unconfirmedKeys.add(key);
      marked = true;
    }
    for (const key of this.unconfirmedKeys) {
      const state = this.requests.get(key)?.state;
      if (!state || !OPEN_STATES.has(state)) this.unconfirmedKeys.delete(key);
    }
    if (marked) this.changed();
  }

  /** The replay was cut short (connection lost, subscription refused): it proves nothing either way. */
  replayAbandoned(relay: string): void {
    this.reconfirm.abandon(relay);
  }

  /** Counts `event` as the relay vouching for the request it is about; true when that cleared a mark. */
  private noteReconfirmed(relay: string, event: AepEvent): boolean {
    if (!this.reconfirm.active(relay) && this.unconfirmedKeys.size === 0) return false;
    const key = this.requestKeyOf(relay, event);
    if (key === undefined) return false;
    this.reconfirm.seen(relay, key);
    if (!this.unconfirmedKeys.delete(key)) return false;
    this.replace(key, { unconfirmed: false });
    return true;
  }

  /** The known request an event is about: the request itself, a lifecycle event or command, or an ack. */
  private requestKeyOf(relay: string, event: AepEvent): string | undefined {
    if (event.type === 'attention.requested') {
      const key = requestKey(relay, event.session ?? '', event.source, event.id);
      return this.requests.has(key) ? key : undefined;
    }
    if (event.type === 'control.accepted' || event.type === 'control.rejected') {
      return typeof event.cause === 'string' ? this.commandIndex.get(relay + SEP + event.cause) : undefined;
    }
    return this.findRequest(relay, event);
  }

  // ── events ────────────────────────────────────────────────────────────

  /** Applies one parsed Event from `relay`. A duplicate changes nothing. */
  applyEvent(relay: string, event: AepEvent, options: { replayed?: boolean; issues?: PayloadIssue[] } = {}): ApplyResult {
    const dedupeKey = relay + SEP + event.source + SEP + event.id;
    // Open requests are never pruned, so a flood of requests nobody ends would
    // grow without bound: past the cap new ones are refused, said on the relay,
    // and not remembered (a later replay brings them once there is room).
    if (
      event.type === 'attention.requested' &&
      this.requests.size - this.terminalOrder.size >= this.openCap &&
      !this.seen.has(dedupeKey) &&
      // A request already held is re-delivered (a replay), not new: never refused.
      !this.requests.has(requestKey(relay, event.session ?? '', event.source, event.id))
    ) {
      this.warnRelay(relay, `more than ${this.openCap} open requests: newer ones are not shown`);
      return 'ignored';
    }
    if (this.noteReconfirmed(relay, event) && this.seen.has(dedupeKey)) {
      this.changed();
      return 'duplicate';
    }
    if (!this.seen.add(dedupeKey)) return 'duplicate';
    this.trackPosition(relay, event);
    this.reopenSession(relay, event);
    const result = this.fold(relay, event, options);
    this.changed();
    return result;
  }

  private fold(relay: string, event: AepEvent, options: { replayed?: boolean; issues?: PayloadIssue[] }): ApplyResult {
    switch (event.type) {
      case 'attention.requested':
        return this.addRequest(relay, event, options.replayed ?? false);
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
      default:
        return 'ignored';
    }
  }

  private trackPosition(relay: string, event: AepEvent): void {
    if (typeof event.session !== 'string' || typeof event.seq !== 'number') return;
    const epoch = typeof event.epoch === 'number' ? event.epoch : 0;
    let sessions = this.positions.get(relay);
    if (!sessions) {
      sessions = new Map();
      this.positions.set(relay, sessions);
    }
    // Per emitter: session names collide across emitters, and their positions do not compare.
    const key = `${event.session.length}:${event.session}${event.source}`;
    const current = sessions.get(key);
    if (!current || epoch > current.epoch || (epoch === current.epoch && event.seq > current.seq)) {
      // Re-inserting keeps the map in least-recently-advanced order for the cap below.
      sessions.delete(key);
      sessions.set(key, { session: event.session, epoch, seq: event.seq });
      if (sessions.size > MAX_SESSIONS_TRACKED) sessions.delete(sessions.keys().next().value as string);
    }
  }

  /** An event positioned after a session.ended (a new epoch) means the session lives again. */
  private reopenSession(relay: string, event: AepEvent): void {
    if (this.endedSessions.size === 0 || event.type === 'session.ended' || typeof event.session !== 'string' || typeof event.seq !== 'number') return;
    const key = this.sessionKey(relay, event.session, event.source);
    const ended = this.endedSessions.get(key);
    if (ended && after(positionOf(event), ended)) this.endedSessions.delete(key);
  }

  private addRequest(relay: string, event: AepEvent, replayed: boolean): ApplyResult {
    const session = event.session ?? '';
    const key = requestKey(relay, session, event.source, event.id);
    if (this.requests.has(key)) return 'duplicate';
    // `context` is never shown, and a deeply nested one costs megabytes of heap per request: not kept.
    const { payload, issues } = readRequestPayload(event, { context: false });
    const informational = Array.isArray(payload.respondVia) && !payload.respondVia.includes('control');
    const record: RequestRecord = {
      key,
      relay,
      session,
      id: event.id,
      source: event.source,
      agent: event.agent,
      host: hostFromSource(event.source),
      severity: readSeverity(event.severity),
      capture: readCapture(event.capture),
      time: event.time,
      arrival: ++this.arrivalCounter,
      receivedAt: this.now(),
      replayed,
      payload,
      issues: withEnvelopeIssues(event, issues),
      informational,
      state: informational ? 'informational' : 'pending',
      commands: [],
      routed: [],
    };
    // Bounded bytes (issue 14): history is evicted first; a request that still does not fit is refused, visibly.
    const bytes = requestBytes(record);
    if (!this.makeRoom(bytes)) return this.refuseForBytes(relay, event);
    this.budget.charge(key, bytes);
    this.requests.set(key, record);
    const subjectKey = relay + SEP + session + SEP + event.id;
    this.bySubject.set(subjectKey, [...(this.bySubject.get(subjectKey) ?? []), key]);
    const ended = this.endedSessions.size ? this.endedSessions.get(this.sessionKey(relay, session, event.source)) : undefined;
    if (ended && !after(positionOf(event), ended)) {
      this.replace(key, { state: 'stale', staleAt: event.time, terminalArrival: record.arrival });
      this.countTerminal(record);
    }
    const waiting = this.held.get(subjectKey);
    if (waiting) {
      this.held.delete(subjectKey);
      this.budget.release(HELD + subjectKey);
      this.heldCount -= waiting.length;
      for (const item of waiting) this.applyLifecycle(relay, item.event);
    }
    this.prune();
    return 'applied';
  }

  /**
   * Finds the request a lifecycle event or command refers to. Only the
   * emitter that raised a request may answer, resolve or time it out: those
   * must come from the request's own source (session names and ids collide
   * across emitters). Routing notes and commands come from anyone.
   */
  private findRequest(relay: string, event: AepEvent): string | undefined {
    if (typeof event.subject !== 'string' || typeof event.session !== 'string') return undefined;
    const keys = this.bySubject.get(relay + SEP + event.session + SEP + event.subject);
    if (!keys || keys.length === 0) return undefined;
    if (EMITTER_LIFECYCLE.has(event.type)) return keys.find((key) => this.requests.get(key)?.source === event.source);
    if (keys.length === 1) return keys[0];
    return keys.find((key) => this.requests.get(key)?.agent === event.agent) ?? keys[0];
  }

  private hasSubject(relay: string, event: AepEvent): boolean {
    return (this.bySubject.get(relay + SEP + (event.session ?? '') + SEP + (event.subject ?? ''))?.length ?? 0) > 0;
  }

  private applyLifecycle(relay: string, event: AepEvent): ApplyResult {
    const key = this.findRequest(relay, event);
    // A known subject from the wrong emitter is ignored, not held for later.
    if (!key) return this.hasSubject(relay, event) ? 'ignored' : this.hold(relay, event);
    const record = this.requests.get(key)!;
    const data = event.data ?? {};
    switch (event.type) {
      case 'attention.answered': {
        const answered = {
          answer: readAnswer(data.answer),
          by: str(data.by),
          via: str(data.via),
          cause: event.cause,
          time: event.time,
        };
        const terminal = !OPEN_STATES.has(record.state);
        this.replace(key, terminal ? { answered } : { answered, state: 'answered' });
        break;
      }
      case 'attention.resolved':
        this.replace(key, {
          state: 'resolved',
          resolution: { resolution: str(data.resolution) ?? 'answered', latencyMs: num(data.latency_ms), time: event.time },
          terminalArrival: ++this.arrivalCounter,
        });
        this.countTerminal(record);
        break;
      case 'attention.timeout':
        this.replace(key, {
          state: 'timeout',
          timeout: { afterMs: num(data.after_ms), time: event.time },
          terminalArrival: ++this.arrivalCounter,
        });
        this.countTerminal(record);
        break;
      // These two append to lists: one re-delivered after the dedupe memory
      // forgot its id (a replay longer than the memory) must not append twice.
      case 'attention.routed':
        if (record.routed.some((note) => note.id === event.id && note.source === event.source)) break;
        this.replace(key, { routed: [...record.routed, { id: event.id, source: event.source, by: event.agent, to: str(data.to), via: str(data.via) }].slice(-20) });
        break;
      case 'control.attention.respond': {
        if (record.commands.some((seen) => seen.id === event.id && seen.source === event.source)) break;
        const command = { id: event.id, source: event.source, agent: event.agent, answer: readAnswer(data.answer), time: event.time };
        this.commandIndex.set(relay + SEP + event.id, key);
        const commands = [...record.commands, command];
        for (const dropped of commands.slice(0, Math.max(0, commands.length - MAX_COMMANDS_KEPT))) this.commandIndex.delete(relay + SEP + dropped.id);
        this.replace(key, { commands: commands.slice(-MAX_COMMANDS_KEPT) });
        break;
      }
    }
    return 'applied';
  }

  private applyAck(relay: string, event: AepEvent): ApplyResult {
    if (typeof event.cause !== 'string') return 'ignored';
    const key = this.commandIndex.get(relay + SEP + event.cause);
    if (!key) return 'ignored';
    const record = this.requests.get(key);
    if (!record || record.source !== event.source) return 'ignored';
    const data = event.data ?? {};
    const ack = event.type === 'control.accepted' ? { accepted: true } : { accepted: false, reason: str(data.reason), detail: str(data.detail) };
    this.replace(key, {
      commands: record.commands.map((command) => (command.id === event.cause && !command.ack ? { ...command, ack } : command)),
    });
    return 'applied';
  }

  private hold(relay: string, event: AepEvent): ApplyResult {
    if (typeof event.subject !== 'string' || typeof event.session !== 'string') return 'ignored';
    // Drop the oldest held group: memory stays bounded even under a flood of orphans.
    if (this.heldCount >= this.heldCap) this.dropOldestHeld();
    const slim = slimForHold(event);
    const bytes = heldEventBytes(slim);
    while (!this.budget.fits(bytes) && this.held.size > 0) this.dropOldestHeld();
    if (!this.budget.fits(bytes)) return 'ignored';
    const subjectKey = relay + SEP + event.session + SEP + event.subject;
    this.held.set(subjectKey, [...(this.held.get(subjectKey) ?? []), { event: slim, arrival: ++this.arrivalCounter }]);
    this.budget.add(HELD + subjectKey, bytes);
    this.heldCount++;
    return 'held';
  }

  private sessionKey(relay: string, session: string, source: string): string {
    return relay + SEP + session + SEP + source;
  }

  private endSession(relay: string, event: AepEvent): ApplyResult {
    const session = event.session ?? '';
    const key = this.sessionKey(relay, session, event.source);
    this.endedSessions.delete(key);
    this.endedSessions.set(key, positionOf(event));
    if (this.endedSessions.size > MAX_ENDED_SESSIONS) this.endedSessions.delete(this.endedSessions.keys().next().value as string);
    for (const record of this.requests.values()) {
      // Session names collide across emitters: only the emitter's own requests end with it.
      if (record.relay !== relay || record.session !== session || record.source !== event.source) continue;
      if (!OPEN_STATES.has(record.state)) continue;
      this.replace(record.key, { state: 'stale', staleAt: event.time, terminalArrival: ++this.arrivalCounter });
      this.countTerminal(record);
    }
    return 'applied';
  }

  private replace(key: string, patch: Partial<RequestRecord>): void {
    const record = this.requests.get(key);
    if (record) this.requests.set(key, { ...record, ...patch });
  }

  private countTerminal(before: RequestRecord): void {
    // Re-inserting moves the key to the back: the order is terminal arrival.
    this.terminalOrder.delete(before.key);
    this.terminalOrder.add(before.key);
    this.prune();
  }

  /** Prunes terminal requests oldest-first past the cap; open ones are never dropped. */
  private prune(): void {
    while (this.terminalOrder.size > this.terminalCap) this.evictOldestTerminal();
  }

  private dropOldestHeld(): void {
    const oldest = this.held.keys().next().value;
    if (oldest === undefined) return;
    this.heldCount -= this.held.get(oldest)?.length ?? 0;
    this.held.delete(oldest);
    this.budget.release(HELD + oldest);
  }

  /** Room for `bytes` more: oldest history first, then held events; false when open requests alone fill the budget. */
  private makeRoom(bytes: number): boolean {
    while (!this.budget.fits(bytes) && this.terminalOrder.size > 0) this.evictOldestTerminal();
    while (!this.budget.fits(bytes) && this.held.size > 0) this.dropOldestHeld();
    return this.budget.fits(bytes);
  }

  /** Not remembered as seen, like a request past the open cap: a later replay brings it once there is room. */
  private refuseForBytes(relay: string, event: AepEvent): ApplyResult {
    this.seen.delete(relay + SEP + event.source + SEP + event.id);
    this.warnRelay(relay, `memory budget full (${Math.round(this.budget.limit / 1048576)} MB of open requests): newer requests are not shown until some close`);
    return 'ignored';
  }

  private evictOldestTerminal(): void {
    const key = this.terminalOrder.shift() as string;
    const record = this.requests.get(key);
    if (!record || OPEN_STATES.has(record.state)) return;
    this.requests.delete(key);
    this.budget.release(key);
    const subjectKey = record.relay + SEP + record.session + SEP + record.id;
    const rest = (this.bySubject.get(subjectKey) ?? []).filter((k) => k !== key);
    if (rest.length) this.bySubject.set(subjectKey, rest);
    else this.bySubject.delete(subjectKey);
    for (const command of record.commands) this.commandIndex.delete(record.relay + SEP + command.id);
  }

  // ── the console's own commands (see own-commands.ts) ──────────────────

  /** Records a command the console is about to send (queued until a socket takes it). */
  commandCreated(relay: string, requestKeyValue: string, event: AepEvent, answer: Answer, ackWindowMs: number): OwnCommand {
    const command = this.own.create(relay, requestKeyValue, event, answer, ackWindowMs, this.now());
    this.changed();
    return command;
  }

  /** A (re)send went onto the wire. */
  commandSent(commandId: string): void {
    if (this.own.sent(commandId)) this.changed();
  }

  /** Back to the queue: the connection was lost before an ack, or a timed-out command is resent while offline. */
  commandQueued(commandId: string): void {
    if (this.own.queued(commandId)) this.changed();
  }

  commandSettled(commandId: string, outcome: CommandOutcome): void {
    if (this.own.settled(commandId, outcome, this.now())) this.changed();
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

  // ── queries ───────────────────────────────────────────────────────────

  request(key: string): RequestRecord | undefined {
    return this.requests.get(key);
  }

  allRequests(): RequestRecord[] {
    return [...this.requests.values()];
  }

  /** Estimated bytes held and the budget they stay within (byte-budget.ts). */
  memory(): { bytes: number; limit: number } {
    return { bytes: this.budget.total, limit: this.budget.limit };
  }

  sizes(): StoreSizes {
    let positions = 0;
    for (const sessions of this.positions.values()) positions += sessions.size;
    return {
      requests: this.requests.size,
      open: this.requests.size - this.terminalOrder.size,
      held: this.heldCount,
      heldGroups: this.held.size,
      dedupe: this.seen.size,
      subjects: this.bySubject.size,
      commandIndex: this.commandIndex.size,
      endedSessions: this.endedSessions.size,
      positions,
    };
  }

  /** The caps `sizes()` stays within (positions per relay, command index per request held). */
  get limits() {
    return {
      terminal: this.terminalCap,
      open: this.openCap,
      held: this.heldCap,
      dedupe: this.seen.cap,
      endedSessions: MAX_ENDED_SESSIONS,
      positionsPerRelay: MAX_SESSIONS_TRACKED,
      commandsPerRequest: MAX_COMMANDS_KEPT,
    };
  }

  resumePositions(relay: string): ResumePosition[] {
    const sessions = this.positions.get(relay);
    if (!sessions) return [];
    // `from` names bare sessions: where emitters share a session name, resume from the
    // lowest of their positions, so none of them loses events (the overlap is deduped).
    const lowest = new Map<string, Position>();
    for (const { session, epoch, seq } of sessions.values()) {
      const known = lowest.get(session);
      if (!known || after(known, { epoch, seq })) lowest.set(session, { epoch, seq });
    }
    return [...lowest].map(([session, position]) => ({ session, epoch: position.epoch, seq: position.seq }));
  }
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The payload's issues, after the envelope's when it has any (rarely: no copy otherwise). */
function withEnvelopeIssues(event: AepEvent, issues: PayloadIssue[]): PayloadIssue[] {
  const envelope = envelopeIssues(event);
  return envelope.length ? [...envelope, ...issues] : issues;
}
