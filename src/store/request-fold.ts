import { hostFromSource, readRequestPayload } from '../protocol/parse.js';
import type { AepEvent, PayloadIssue } from '../protocol/types.js';
import { OrderedKeys } from './ordered-keys.js';
import { HeldEvents } from './held-events.js';
import { SeenEvents } from './seen-events.js';
import { SessionEnds } from './session-ends.js';
import { SubjectIndex } from './subject-index.js';
import { num, readAnswer, readCapture, readSeverity, str, withEnvelopeIssues } from './read.js';
import { Reconfirmations } from './reconfirm.js';
import { OPEN_STATES, requestKey, type ApplyResult, type RequestRecord } from './types.js';

export interface FoldOptions {
  /** Terminal requests kept before the oldest are pruned (pending never are). */
  terminalCap?: number;
  /** (relay, source, id) triples remembered for dedupe. */
  dedupeCap?: number;
  /** Lifecycle events held while their request has not arrived yet. */
  heldCap?: number;
  /** Open requests held; past it new requests are refused, with a relay warning. */
  openCap?: number;
  now?: () => number;
}

/** What the fold tells the store it lives in: changes (for the one version counter), fresh events, warnings. */
export interface FoldHooks {
  /** Something changed: bump the version, notify (or hold it for the batch). */
  changed(): void;
  /** Request `key` was added (`added`), replaced or pruned. */
  touch(key: string, added: boolean): void;
  /** An Event passed dedupe (resume positions are kept from these). */
  fresh(relay: string, event: AepEvent): void;
  warn(relay: string, warning: string): void;
}

export interface FoldSizes {
  requests: number;
  open: number;
  held: number;
  heldGroups: number;
  dedupe: number;
  subjects: number;
  commandIndex: number;
  endedSessions: number;
}

const SEP = '\u001f';
const WITHOUT_CONTEXT = { context: false } as const;
const MAX_COMMANDS_KEPT = 50;
const MAX_ENDED_SESSIONS = 10_000;
/** Events only the emitter of a request may send about it. */
const EMITTER_LIFECYCLE = new Set(['attention.answered', 'attention.resolved', 'attention.timeout']);

/**
 * The request fold: Events in, requests out. Dedupe, lifecycle matching
 * (held until their request arrives), session ends, pruning, and the
 * re-confirmation of open requests after a full replay. Written only by the
 * relay intake (through the store); pure state, no I/O.
 */
export class RequestFold {
  private readonly requests = new Map<string, RequestRecord>();
  /** (relay, session, subject) → request keys (two emitters may share a session name). */
  private readonly bySubject = new SubjectIndex();
  /** relay␟command id → request key, for acks of anyone's commands. */
  private readonly commandIndex = new Map<string, string>();
  private readonly held: HeldEvents;
  private readonly seen: SeenEvents;
  private readonly endedSessions = new SessionEnds(MAX_ENDED_SESSIONS);
  private readonly reconfirm = new Reconfirmations();
  /** Open requests marked `unconfirmed`: events about them clear the mark. */
  private readonly unconfirmedKeys = new Set<string>();
  private readonly terminalCap: number;
  readonly openCap: number;
  private readonly now: () => number;
  private arrivalCounter = 0;
  /** Terminal request keys, oldest terminal first. */
  private readonly terminalOrder = new OrderedKeys();

  constructor(
    private readonly hooks: FoldHooks,
    options: FoldOptions = {},
  ) {
    this.terminalCap = options.terminalCap ?? 1000;
    this.held = new HeldEvents(options.heldCap ?? 1000);
    this.openCap = options.openCap ?? 50_000;
    this.seen = new SeenEvents(options.dedupeCap ?? 50_000);
    this.now = options.now ?? Date.now;
  }

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
    if (marked) this.hooks.changed();
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

  /** Applies one parsed Event from `relay`. A duplicate changes nothing. */
  applyEvent(relay: string, event: AepEvent, options: { replayed?: boolean; issues?: PayloadIssue[] } = {}): ApplyResult {
    // Open requests are never pruned, so a flood of requests nobody ends would
    // grow without bound: past the cap new ones are refused, said on the relay,
    // and not remembered (a later replay brings them once there is room).
    if (
      event.type === 'attention.requested' &&
      this.requests.size - this.terminalOrder.size >= this.openCap &&
      !this.seen.has(relay, event.source, event.id) &&
      // A request already held is re-delivered (a replay), not new: never refused.
      !this.requests.has(requestKey(relay, event.session ?? '', event.source, event.id))
    ) {
      this.hooks.warn(relay, `more than ${this.openCap} open requests: newer ones are not shown`);
      return 'ignored';
    }
    if (this.noteReconfirmed(relay, event) && this.seen.has(relay, event.source, event.id)) {
      this.hooks.changed();
      return 'duplicate';
    }
    if (!this.seen.add(relay, event.source, event.id)) return 'duplicate';
    this.hooks.fresh(relay, event);
    this.endedSessions.reopen(relay, event);
    const result = this.fold(relay, event, options);
    this.hooks.changed();
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

  private addRequest(relay: string, event: AepEvent, replayed: boolean): ApplyResult {
    const session = event.session ?? '';
    const key = requestKey(relay, session, event.source, event.id);
    if (this.requests.has(key)) return 'duplicate';
    // `context` is never shown, and a deeply nested one costs megabytes of heap per request: not kept.
    const { payload, issues } = readRequestPayload(event, WITHOUT_CONTEXT);
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
    this.requests.set(key, record);
    this.hooks.touch(key, true);
    this.bySubject.add(relay, session, event.id, key);
    if (this.endedSessions.endedBefore(relay, session, event)) {
      this.replace(key, { state: 'stale', staleAt: event.time, terminalArrival: record.arrival });
      this.countTerminal(record);
    }
    if (this.held.count > 0) {
      for (const waiting of this.held.take(relay + SEP + session + SEP + event.id) ?? []) this.applyLifecycle(relay, waiting);
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
    const keys = this.bySubject.keys(relay, event.session, event.subject);
    if (keys.length === 0) return undefined;
    if (EMITTER_LIFECYCLE.has(event.type)) return keys.find((key) => this.requests.get(key)?.source === event.source);
    if (keys.length === 1) return keys[0];
    return keys.find((key) => this.requests.get(key)?.agent === event.agent) ?? keys[0];
  }

  private hasSubject(relay: string, event: AepEvent): boolean {
    return this.bySubject.keys(relay, event.session ?? '', event.subject ?? '').length > 0;
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
    this.held.hold(relay + SEP + event.session + SEP + event.subject, event);
    ++this.arrivalCounter;
    return 'held';
  }

  private endSession(relay: string, event: AepEvent): ApplyResult {
    const session = event.session ?? '';
    this.endedSessions.end(relay, event);
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
    if (!record) return;
    this.requests.set(key, { ...record, ...patch });
    this.hooks.touch(key, false);
  }

  private countTerminal(before: RequestRecord): void {
    // Re-inserting moves the key to the back: the order is terminal arrival.
    this.terminalOrder.delete(before.key);
    this.terminalOrder.add(before.key);
    this.prune();
  }

  /** Prunes terminal requests oldest-first past the cap; open ones are never dropped. */
  private prune(): void {
    while (this.terminalOrder.size > this.terminalCap) {
      const key = this.terminalOrder.shift() as string;
      const record = this.requests.get(key);
      if (!record || OPEN_STATES.has(record.state)) continue;
      this.requests.delete(key);
      this.hooks.touch(key, false);
      this.bySubject.remove(record.relay, record.session, record.id, key);
      for (const command of record.commands) this.commandIndex.delete(record.relay + SEP + command.id);
    }
  }

  request(key: string): RequestRecord | undefined {
    return this.requests.get(key);
  }

  allRequests(): RequestRecord[] {
    return [...this.requests.values()];
  }

  sizes(): FoldSizes {
    return {
      requests: this.requests.size,
      open: this.requests.size - this.terminalOrder.size,
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
