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
import { BY_OPERATOR, type CommandOrigin, type CommandOutcome, type SendFacts } from '../store/types.js';
import { clampAckWindow, type RelayTiming } from './timing.js';
import type { JournaledAnswer, Outbox } from '../files/outbox.js';
import { OPEN_STATES } from '../store/types.js';
import { answerRefusal, gateRefusal, type Refusal } from '../store/ledger.js';
import { AckTargets, ackOutcome, fromTarget, refusalOutcome, targetOf, type Target } from './command-acks.js';
import { CommandWire, type CommandLink, type WireParts } from './command-wire.js';
import { queuedEntry, type WireEntry } from './wire-entry.js';
import type { AnswerSend, Recheck } from './types.js';

export type { CommandLink } from './command-wire.js';

export class CommandSender {
  private readonly targets = new AckTargets();
  private readonly wire: CommandWire;
  private readonly pending: Map<string, WireEntry>;
  private disposed = false;

  private readonly store: WireParts['store'];
  private readonly relay: string;
  private readonly link: CommandLink;
  private readonly timing: RelayTiming;

  constructor(
    parts: WireParts,
    private readonly identity: { name: string; host: string },
    /** The durable outbox (outbox.ts): answers survive a stop until acknowledged. */
    private readonly outbox?: Outbox,
    /** --read-only: no command is ever made, so nothing goes on the wire (the keys say why first). */
    private readonly readOnly = false,
    /** respond: every answer waits for an ended read of its session made since the link came back (gate.ts). */
    private readonly answersOnProof = false,
  ) {
    ({ store: this.store, relay: this.relay, link: this.link, timing: this.timing } = parts);
    this.wire = new CommandWire(parts, outbox, (id, key) => this.targetFor(id, key));
    this.pending = this.wire.pending;
  }

  /** `r`: a timed-out command again, same id, or a held one asked at the gate again (wire: its refusal if it still refuses). */
  resend(commandId: string): Refusal | undefined {
    if (this.disposed || this.readOnly) return undefined;
    return this.wire.resend(commandId);
  }

  /** A held answer the operator drops: not sent, out of the outbox; true when it was held. */
  drop(commandId: string): boolean {
    return this.wire.drop(commandId);
  }

  /** A read of `session` the gate was waiting for ended: what waited on it is asked again. */
  gateReadDone(session: string): void {
    this.wire.gateReadDone(session);
  }

  /** Sends every queued command, oldest first (the connection just became usable, and any replay burst has ended). */
  flush(): void {
    this.wire.flush();
  }

  /** Something arrived on the link (see CommandWire.linkHeard). */
  linkHeard(): void {
    this.wire.linkHeard();
  }

  /** The connection dropped: commands waiting for an ack go back to the queue. */
  disconnected(): void {
    this.wire.disconnected();
  }

  /**
   * Builds and sends (or queues) an answer; '' when the request is unknown on this relay. `send`: who, the cause
   * shown, the batch, a rule's recheck.
   */
  respond(requestKey: string, answer: Answer, send: AnswerSend = BY_OPERATOR): string {
    if (this.disposed || this.readOnly) return '';
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return '';
    // The ledger, where the answer is made: one live answer per request, and no route to another agent.
    // A route it cannot prove yet ("unknown") is the gate's to settle: the answer waits there for a read.
    const refused = answerRefusal(this.store, record);
    if (refused && refused.code !== 'unknown') {
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
    const { recheck, ...facts } = send;
    return this.enqueue(requestKey, record, event, answer, facts, recheck);
  }

  /**
   * Builds and sends (or queues) a session-level command (AEP-0004 §5) for
   * the session of `requestKey`: cancel its run or session, pause, resume.
   * Same discipline as an answer: journaled, one ack window per send, the
   * same id on every retry, settled only by the request's emitter.
   */
  control(requestKey: string, request: ControlRequest, facts: SendFacts = BY_OPERATOR): string {
    if (this.disposed || this.readOnly) return '';
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return '';
    if (request.verb === 'cancel' && request.scope !== 'session' && !record.run) return '';
    // A session command the gate refuses now is said and not made (an unknown route waits at the gate for a read).
    const refused = gateRefusal(this.store, record, 'control');
    if (refused && refused.code !== 'unknown') {
      this.store.warnRelay(this.relay, `a ${request.verb} was not sent: ${refused.why}`);
      return '';
    }
    const event = buildControl({
      ...request,
      session: record.session,
      run: record.run,
      cause: record.id,
      name: this.identity.name,
      host: this.identity.host,
    });
    return this.enqueue(requestKey, record, event, {}, facts);
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
    // Made on a live link: the gate's first answer about it is the send's own (a refusal is then said, not kept).
    const entry = queuedEntry(requestKey, event, record.session, target, windowMs, this.link.ready());
    if (recheck) entry.recheck = recheck;
    if (this.answersOnProof && event.type === 'control.attention.respond') entry.proof = true;
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
      if (this.link.ready()) this.wire.transmit(entry);
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
          `${event.type === 'control.attention.respond' ? 'an answer' : 'a command'} could not be ` +
            `saved to disk (${journaled.reason}): it is lost if the console stops before the agent ` +
            `acknowledges it`,
        );
      if (this.disposed || this.pending.get(entry.id) !== entry || !entry.queued) return;
      if (this.link.ready()) this.wire.transmit(entry);
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
    const entry = queuedEntry(journaled.requestKey, journaled.event, record.session, target, windowMs);
    // Taken over on an ended read's word (outbox-recovery.ts); the gate asks for that read again if the link changed.
    entry.proof = true;
    this.pending.set(journaled.event.id, entry);
    if (this.link.ready()) this.wire.transmit(entry);
  }

  /**
   * The operator answers a request whose saved answer has not been written yet
   * (it waits for its proof): the operator's answer wins. The saved one is
   * not sent and leaves the outbox; its journal entry is returned for the history.
   */
  supersedeSaved(requestKey: string): JournaledAnswer | undefined {
    // The request's last command is the saved one, if any (a request has at most one live answer): no scan of the queue.
    const last = this.store.lastCommandFor(requestKey);
    const entry = last && this.pending.get(last.id);
    const command = entry?.proof ? last : undefined;
    if (!entry || !command || command.savedAt === undefined || command.attempts > 0) return undefined;
    this.wire.forget(entry.id);
    this.outbox?.clear(entry.id);
    this.store.commandSettled(entry.id, {
      state: 'not-sent',
      reason: "you answered the request here yourself, so the earlier console's answer was not sent (superseded)",
    });
    return {
      relay: this.relay,
      requestKey,
      event: command.event,
      answer: command.answer,
      ackWindowMs: command.ackWindowMs,
      createdAt: command.savedAt,
    };
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
    // Held answers stay held (and in the outbox): the next console decides them on proof.
    const entries = this.wire.clear();
    for (const entry of entries) {
      const command = this.store.command(entry.id);
      if (!command || command.relay !== this.relay || command.state !== 'sending') continue;
      // A first send still waiting at the gate never went out: not kept (the gate never said yes).
      if (entry.first && entry.waiting) {
        this.outbox?.clear(entry.id);
        this.store.commandSettled(entry.id, {
          state: 'not-sent',
          reason: 'not sent: the console stopped before a read of the session could prove its route',
          code: 'gate',
        });
      } else this.store.commandSettled(entry.id, { state: 'stopped-waiting' });
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
    this.wire.forget(commandId);
    // Acknowledged (or refused outright): nothing left to resend after a restart.
    if (outcome.state !== 'timeout') this.outbox?.clear(commandId);
    // The first ack wins; a late one after a local timeout still tells the truth.
    // A held answer was written once: its ack (or refusal) still settles it.
    if (command.state === 'sending' || command.state === 'timeout' || command.state === 'held')
      this.store.commandSettled(commandId, outcome);
    return true;
  }
}
