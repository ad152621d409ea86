// The console's own commands (AEP-0004 §3, AEP-0003 §4.2): build a
// control.attention.respond, send it when the connection can take it, wait
// one ack window per send, resend the SAME event (same id) on silence, and
// settle on the first ack or relay refusal whose `cause` is the id. Timeout is
// a local verdict, never sent. A late ack still settles (the store shows the
// truth). A connection lost while waiting puts the command back in the queue;
// it goes out again, same id, once the next connection is live.
//
// An ack counts only when it comes from the request's emitter (command-acks.ts).
// Roster ack windows are untrusted: clamped to [1 s, 300 s] (clampAckWindow).

import { buildRespond } from '../protocol/respond.js';
import { buildControl, type ControlRequest } from '../protocol/control.js';
import type { AepEvent, Answer } from '../protocol/types.js';
import type { CommandLog, RelayStatusBook } from '../store/writers.js';
import type { CommandOrigin, CommandOutcome } from '../store/types.js';
import { clampAckWindow, later, type RelayTiming } from './timing.js';
import type { JournaledAnswer, Outbox } from './outbox.js';
import { OPEN_STATES } from '../store/types.js';
import { answerFate } from '../store/closed-reason.js';
import { answerRefusal } from '../store/ledger.js';
import { AckTargets, ackOutcome, fromTarget, refusalOutcome, targetOf, type Target } from './command-acks.js';
import { refusedOnRecheck, type Recheck } from './recheck-gate.js';

export interface CommandLink {
  /** True when the connection is live and a command may go on the wire now. */
  ready(): boolean;
  /** Puts one Event on the wire; false when it could not be written. */
  send(event: AepEvent): boolean;
  /** Messages heard on the current connection so far (-1 without one): did anything arrive since a send? */
  heard(): number;
  /** Pings the relay; the connection is dropped if nothing at all comes back in time (a half-open link). */
  probe(): void;
}

interface Pending {
  id: string;
  event: AepEvent;
  session: string;
  /** The request's emitter, when known (always for commands made by respond()). */
  target?: Target;
  /** Sends in the current round (reset by a requeue or by resend()). */
  sends: number;
  queued: boolean;
  /** Its journal write is under way: it goes on the wire only once that is done. */
  journaling?: boolean;
  windowMs: number;
  timer?: ReturnType<typeof setTimeout>;
  /** link.heard() at the last send: unchanged after the ack window means the whole link was silent. */
  heardAtSend: number;
  /** Probe rounds of the link since the last send (see ackSilence). */
  probes: number;
  /** A rule's answer: judged again before its first write (recheck-gate.ts). */
  recheck?: Recheck;
}

/** A command not sent yet in this round: queued, no probe made. */
function queuedEntry(event: AepEvent, session: string, target: Target | undefined, windowMs: number): Pending {
  return { id: event.id, event, session, target, sends: 0, queued: true, windowMs, heardAtSend: -1, probes: 0 };
}

export class CommandSender {
  private readonly pending = new Map<string, Pending>();
  private readonly targets = new AckTargets();
  private disposed = false;

  constructor(
    private readonly store: CommandLog & Pick<RelayStatusBook, 'ackWindowMs' | 'warnRelay'>,
    private readonly relay: string,
    private readonly link: CommandLink,
    private readonly timing: RelayTiming,
    private readonly identity: { name: string; host: string },
    /** The durable outbox (outbox.ts): answers survive a stop until acknowledged. */
    private readonly outbox?: Outbox,
    /** --read-only: no command is ever made, so nothing goes on the wire (the keys say why first). */
    private readonly readOnly = false,
  ) {}

  /** Builds and sends (or queues) an answer; '' when the request is unknown on this relay. `by`: a rule's name, for a rule's answer. */
  respond(requestKey: string, answer: Answer, by?: string, recheck?: Recheck): string {
    if (this.disposed || this.readOnly) return '';
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return '';
    // The ledger, asked again on the way to the wire: one live answer per request, and no route to another agent.
    const refused = answerRefusal(this.store, record);
    if (refused) {
      this.store.warnRelay(this.relay, `an answer was not sent: ${refused.why}`);
      return '';
    }
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer,
      name: this.identity.name,
      host: this.identity.host,
      fields: record.payload.fields,
    });
    // Journaled before it can go on the wire (enqueue): a stop after that point cannot lose it.
    return this.enqueue(requestKey, record, event, answer, by === undefined ? {} : { by }, recheck);
  }

  /**
   * Builds and sends (or queues) a session-level command (AEP-0004 §5) for
   * the session of `requestKey`: cancel its run or session, pause, resume.
   * Same discipline as an answer: journaled, one ack window per send, the
   * same id on every retry, settled only by the request's emitter.
   */
  control(requestKey: string, request: ControlRequest): string {
    if (this.disposed || this.readOnly) return '';
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return '';
    if (request.verb === 'cancel' && request.scope !== 'session' && !record.run) return '';
    const event = buildControl({
      ...request,
      session: record.session,
      run: record.run,
      cause: record.id,
      name: this.identity.name,
      host: this.identity.host,
    });
    return this.enqueue(requestKey, record, event, {});
  }

  private enqueue(
    requestKey: string,
    record: { session: string; source: string; agent: string },
    event: AepEvent,
    answer: Answer,
    origin: CommandOrigin = {},
    recheck?: Recheck,
  ): string {
    const windowMs = clampAckWindow(this.store.ackWindowMs(this.relay, record.session), this.timing);
    const target = targetOf(record);
    this.store.commandCreated(this.relay, requestKey, event, answer, windowMs, origin);
    const entry: Pending = { ...queuedEntry(event, record.session, target, windowMs), recheck };
    this.targets.remember(entry.id, target);
    this.pending.set(entry.id, entry);
    const journal = this.outbox?.record({
      relay: this.relay,
      requestKey,
      event,
      answer,
      ackWindowMs: windowMs,
      createdAt: Date.now(),
    });
    if (!journal) {
      if (this.link.ready()) this.transmit(entry);
      return entry.id;
    }
    // Journaled before it can go on the wire: the write runs off the event
    // loop (the key's frame does not wait for it), the send waits for it.
    entry.journaling = true;
    void journal.then((journaled) => {
      entry.journaling = false;
      // A directory that is not the operator's own is said once on the status line (outbox notes), not per answer.
      if (!journaled.ok && !journaled.unfit)
        this.store.warnRelay(
          this.relay,
          `${event.type === 'control.attention.respond' ? 'an answer' : 'a command'} could not be saved to disk (${journaled.reason}): it is lost if the console stops before the agent acknowledges it`,
        );
      if (this.disposed || this.pending.get(entry.id) !== entry || !entry.queued) return;
      if (this.link.ready()) this.transmit(entry);
    });
    return entry.id;
  }

  /**
   * An answer journaled by an earlier console whose request is open here:
   * queued again with its original id (the target dedupes a command it
   * already applied and re-sends its ack).
   */
  adopt(journaled: JournaledAnswer): void {
    if (this.disposed || this.readOnly || this.pending.has(journaled.event.id)) return;
    const record = this.store.request(journaled.requestKey);
    if (!record) return;
    const windowMs = clampAckWindow(journaled.ackWindowMs, this.timing);
    // It is the earlier console's answer, given then: the detail and `respond` say so, never "you sent".
    this.store.commandCreated(this.relay, journaled.requestKey, journaled.event, journaled.answer, windowMs, {
      savedAt: journaled.createdAt,
    });
    const target = targetOf(record);
    this.targets.remember(journaled.event.id, target);
    this.pending.set(journaled.event.id, queuedEntry(journaled.event, record.session, target, windowMs));
  }

  /** Journaled answers whose request has closed (or is gone) are no longer needed on disk. */
  dropClosed(): void {
    if (!this.outbox) return;
    for (const id of this.outbox.ids()) {
      const command = this.store.command(id);
      if (!command || command.relay !== this.relay) continue;
      const request = this.store.request(command.requestKey);
      if (!request || !OPEN_STATES.has(request.state)) this.outbox.clear(id);
    }
  }

  /** `r`: a timed-out command goes out again with the same id and a fresh set of retries. */
  resend(commandId: string): void {
    if (this.disposed || this.readOnly) return;
    const command = this.store.command(commandId);
    if (!command || command.relay !== this.relay || command.state !== 'timeout' || this.pending.has(commandId)) return;
    const target = this.targetFor(command.id, command.requestKey);
    const windowMs = clampAckWindow(command.ackWindowMs, this.timing);
    const entry = queuedEntry(command.event, command.event.session ?? '', target, windowMs);
    this.pending.set(entry.id, entry);
    if (this.link.ready()) this.transmit(entry);
    else this.store.commandQueued(entry.id);
  }

  /**
   * Sends every queued command, oldest first (the connection just became
   * usable, and any replay burst has ended). An answer whose request the
   * replay shows closed, or answered by someone else, is not sent: a queued
   * "allow" must never go out after another operator has answered.
   */
  flush(): void {
    for (const entry of [...this.pending.values()]) {
      if (!this.link.ready()) return;
      if (!entry.queued || !this.pending.has(entry.id)) continue;
      if (this.closedMeanwhile(entry)) continue;
      this.transmit(entry);
    }
  }

  /** Settles a queued answer whose request is no longer there to answer; true when it did. */
  private closedMeanwhile(entry: Pending): boolean {
    if (entry.event.type !== 'control.attention.respond') return false;
    const command = this.store.command(entry.id);
    const request = command && this.store.request(command.requestKey);
    if (!command || !request) return false;
    const fate = answerFate(request, entry.id);
    if (fate.kind === 'open') return false;
    clearTimeout(entry.timer);
    this.pending.delete(entry.id);
    this.outbox?.clear(entry.id);
    if (fate.kind === 'applied') {
      // The ack was lost with the connection, but the emitter recorded this very answer.
      this.store.commandSettled(entry.id, { state: 'accepted' });
      return true;
    }
    const again = command.attempts > 0 ? 'not sent again' : 'not sent';
    this.store.commandSettled(entry.id, {
      state: 'not-sent',
      reason: `${again}: the request closed while you were offline (${fate.why})`,
    });
    return true;
  }

  /**
   * Something arrived on the link: a command that was probing it (see
   * ackSilence) has its answer, the link is alive, so the silence was the
   * agent's after all: carry on at once (resend, or time out).
   */
  linkHeard(): void {
    // Runs for every frame heard (a replay's 50,000 Events): no iterator when nothing waits for an ack.
    if (this.pending.size === 0) return;
    for (const entry of this.pending.values()) {
      if (entry.probes === 0 || entry.queued || this.link.heard() === entry.heardAtSend) continue;
      clearTimeout(entry.timer);
      this.ackSilence(entry);
    }
  }

  /** The connection dropped: commands waiting for an ack go back to the queue. */
  disconnected(): void {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (entry.queued) continue;
      entry.queued = true;
      entry.sends = 0;
      this.store.commandQueued(entry.id);
    }
  }

  /** An Event arrived: settles our command when it is an ack caused by it. */
  onEvent(event: AepEvent): void {
    if (typeof event.cause !== 'string') return;
    if (event.type !== 'control.accepted' && event.type !== 'control.rejected') return;
    const command = this.store.command(event.cause);
    if (!command || command.relay !== this.relay) return;
    if (
      typeof event.session === 'string' &&
      command.event.session !== undefined &&
      event.session !== command.event.session
    )
      return;
    const target = this.pending.get(command.id)?.target ?? this.targets.get(command.id);
    if (!fromTarget(event, this.store.request(command.requestKey), target)) return;
    this.settle(event.cause, ackOutcome(event));
  }

  /** A relay `error` frame with a `cause`: true when it settled (or concerned) one of our commands. */
  onRelayRefusal(cause: string, code: string, detail: unknown): boolean {
    return this.settle(cause, refusalOutcome(code, detail));
  }

  /**
   * The client stopped: nothing more goes on the wire. Commands still waiting
   * (in flight or queued) settle as `stopped-waiting`: no ack was seen, but
   * that is not the agent's silence, it is ours (a quit, respond's --wait
   * over). They stay in the outbox for the next console. Never sent.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const entries = [...this.pending.values()];
    for (const entry of entries) clearTimeout(entry.timer);
    this.pending.clear();
    for (const entry of entries) {
      const command = this.store.command(entry.id);
      if (command && command.relay === this.relay && command.state === 'sending')
        this.store.commandSettled(entry.id, { state: 'stopped-waiting' });
    }
  }

  /** The target remembered for a command, else its request's emitter (then remembered). */
  private targetFor(commandId: string, requestKey: string): Target | undefined {
    const known = this.targets.get(commandId);
    if (known) return known;
    const request = this.store.request(requestKey);
    if (!request) return undefined;
    const target = targetOf(request);
    this.targets.remember(commandId, target);
    return target;
  }

  private settle(commandId: string, outcome: CommandOutcome): boolean {
    const command = this.store.command(commandId);
    if (!command || command.relay !== this.relay) return false;
    const entry = this.pending.get(commandId);
    if (entry) {
      clearTimeout(entry.timer);
      this.pending.delete(commandId);
    }
    // Acknowledged (or refused outright): nothing left to resend after a restart.
    if (outcome.state !== 'timeout') this.outbox?.clear(commandId);
    // The first ack wins; a late one after a local timeout still tells the truth.
    if (command.state === 'sending' || command.state === 'timeout') this.store.commandSettled(commandId, outcome);
    return true;
  }

  private transmit(entry: Pending): void {
    // Not journaled yet: sent when the write is done (enqueue). A rule's answer is judged again in this step.
    if (entry.journaling || refusedOnRecheck(entry, this.store, this.pending, this.outbox)) return;
    // The roster may have changed since the command was made: its (clamped) window wins.
    const fromRoster = this.store.ackWindowMs(this.relay, entry.session);
    entry.windowMs = clampAckWindow(
      fromRoster ?? this.store.command(entry.id)?.ackWindowMs ?? entry.windowMs,
      this.timing,
    );
    if (!this.link.send(entry.event)) {
      entry.queued = true;
      return;
    }
    entry.queued = false;
    entry.sends++;
    entry.heardAtSend = this.link.heard();
    entry.probes = 0;
    this.store.commandSent(entry.id);
    clearTimeout(entry.timer);
    entry.timer = later(() => this.ackSilence(entry), entry.windowMs);
  }

  private ackSilence(entry: Pending): void {
    entry.timer = undefined;
    if (this.pending.get(entry.id) !== entry || entry.queued) return;
    // Nothing at all came over the link since the send: the silence may be the
    // link's (half-open), not the agent's. Resending into a dead socket and then
    // blaming the agent loses answers: probe it first. A dead link is
    // dropped, and disconnected() puts the command back in the queue for the
    // next connection, same id. A link that answers was merely quiet.
    if (this.link.ready() && this.link.heard() === entry.heardAtSend && entry.probes < 2) {
      entry.probes++;
      this.link.probe();
      entry.timer = later(() => this.ackSilence(entry), this.timing.probeTimeoutMs);
      return;
    }
    if (entry.probes >= 2 && this.link.heard() === entry.heardAtSend) {
      // Probed and still silent, yet not closed: never the agent's fault; wait for the next connection.
      entry.queued = true;
      entry.sends = 0;
      this.store.commandQueued(entry.id);
      return;
    }
    if (entry.sends < this.timing.maxSends) {
      if (this.link.ready()) {
        this.transmit(entry);
        return;
      }
      entry.queued = true;
      entry.sends = 0;
      this.store.commandQueued(entry.id);
      return;
    }
    this.pending.delete(entry.id);
    this.store.commandSettled(entry.id, { state: 'timeout' });
  }
}
