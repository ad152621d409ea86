// The wire side of the console's commands (commands.ts makes them): every
// frame goes out through the gate (gate.ts), asked in the same step as the
// write; one ack window per send, the same id on every retry, a probe of a
// link that went silent, the queue across an outage, and the answers the
// gate holds (an answer written once, or saved, that it now refuses: kept,
// not sent, until the operator's `r` or a drop).

import type { CommandLog, RelayStatusBook } from '../store/writers.js';
import { clampAckWindow, later, type RelayTiming } from './timing.js';
import type { Outbox } from '../files/outbox.js';
import { answerFate } from '../store/closed-reason.js';
import type { Target } from './command-acks.js';
import type { ClearedFrame, GateVerdict, WireGate } from './gate.js';
import { queuedEntry, type WireEntry } from './wire-entry.js';
import type { Refusal } from '../store/ledger.js';

export interface CommandLink {
  /** True when the connection is live and a command may go on the wire now. */
  ready(): boolean;
  /** Puts one command frame the gate cleared on the wire (gate.ts: nothing else is taken); false when it could not be written. */
  send(frame: ClearedFrame): boolean;
  /** Messages heard on the current connection so far (-1 without one): did anything arrive since a send? */
  heard(): number;
  /** Pings the relay; the connection is dropped if nothing at all comes back in time (a half-open link). */
  probe(): void;
}

/** What a command sender and its wire share: the store, the relay, the link, the timers and the gate. */
export interface WireParts {
  store: CommandLog & Pick<RelayStatusBook, 'ackWindowMs' | 'warnRelay'>;
  relay: string;
  link: CommandLink;
  timing: RelayTiming;
  /** The one way to the wire: asked for every frame (gate.ts). */
  gate: Pick<WireGate, 'ask'>;
}

export class CommandWire {
  /** Commands on their way: queued, waiting at the gate, or waiting for an ack. */
  readonly pending = new Map<string, WireEntry>();
  /** Answers the gate refused after they were written once (or saved): kept, not sent, until `r` or a drop. */
  readonly held = new Map<string, WireEntry>();

  private readonly store: WireParts['store'];
  private readonly relay: string;
  private readonly link: CommandLink;
  private readonly timing: RelayTiming;
  private readonly gate: WireParts['gate'];

  constructor(
    parts: WireParts,
    private readonly outbox: Outbox | undefined,
    /** The emitter a command's ack must come from (commands.ts). */
    private readonly targetFor: (commandId: string, requestKey: string) => Target | undefined,
  ) {
    ({ store: this.store, relay: this.relay, link: this.link, timing: this.timing, gate: this.gate } = parts);
  }

  /** Takes the command out of the queue and the held list (it settled); its timer stops. */
  forget(commandId: string): void {
    const entry = this.pending.get(commandId) ?? this.held.get(commandId);
    if (entry) clearTimeout(entry.timer);
    this.pending.delete(commandId);
    this.held.delete(commandId);
  }

  /** Stops everything (the client stopped): the held stay held in the store and the outbox. */
  clear(): WireEntry[] {
    const entries = [...this.pending.values()];
    for (const entry of entries) clearTimeout(entry.timer);
    this.pending.clear();
    this.held.clear();
    return entries;
  }

  /**
   * `r`: a timed-out command goes out again with the same id and a fresh set
   * of retries; a held one is asked at the gate again. The gate's refusal
   * when it still refuses (the command stays held), else undefined.
   */
  resend(commandId: string): Refusal | undefined {
    const command = this.store.command(commandId);
    if (!command || command.relay !== this.relay || this.pending.has(commandId)) return undefined;
    let entry = this.held.get(commandId);
    if (entry) {
      this.held.delete(commandId);
      entry.sends = 0;
      entry.queued = true;
    } else {
      if (command.state !== 'timeout') return undefined;
      const target = this.targetFor(command.id, command.requestKey);
      const windowMs = clampAckWindow(command.ackWindowMs, this.timing);
      entry = queuedEntry(command.requestKey, command.event, command.event.session ?? '', target, windowMs);
    }
    this.pending.set(entry.id, entry);
    this.store.commandQueued(entry.id);
    if (this.link.ready()) this.transmit(entry);
    return this.held.get(commandId)?.refusal;
  }

  /** A held answer the operator drops: not sent, out of the outbox; true when it was held. */
  drop(commandId: string): boolean {
    const entry = this.held.get(commandId);
    if (!entry) return false;
    this.held.delete(commandId);
    this.outbox?.clear(commandId);
    this.store.commandSettled(commandId, {
      state: 'not-sent',
      reason: 'dropped by the operator while held',
      code: 'dropped',
    });
    return true;
  }

  /** A read of `session` the gate was waiting for ended: the commands waiting on it are asked again (no second read). */
  gateReadDone(session: string): void {
    for (const entry of [...this.pending.values()]) {
      if (!entry.waiting || entry.session !== session) continue;
      entry.waiting = false;
      this.store.commandGateWaiting(entry.id, false);
      if (this.link.ready() && entry.queued) this.transmit(entry, false);
    }
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
  private closedMeanwhile(entry: WireEntry): boolean {
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
      // Queued across an outage (or unacknowledged) it is a saved answer: it goes only on a read made after
      // the link is back, and refused then, it is held, not dropped. Cancel, pause and resume are not answers.
      entry.first = false;
      if (entry.event.type === 'control.attention.respond') entry.proof = true;
      if (entry.queued) continue;
      entry.queued = true;
      entry.sends = 0;
      this.store.commandQueued(entry.id);
    }
  }

  /**
   * Puts the entry's frame on the wire if the gate, asked now, says yes: the
   * ask and the write are one synchronous step. `mayRead`: an unknown route
   * may start a read of the session (not when one just ended).
   */
  transmit(entry: WireEntry, mayRead = true): void {
    // Not journaled yet: sent when the write is done (enqueue).
    if (entry.journaling) return;
    // A rule's answer never written yet: the rule itself is one of the gate's questions.
    const command = entry.recheck && this.store.command(entry.id);
    const recheck = command && command.attempts === 0 ? entry.recheck : undefined;
    const verdict = this.gate.ask(entry.requestKey, entry.event, mayRead, recheck, entry.proof);
    // Folding what had arrived may have settled it (an ack, a close): nothing left to send.
    if (this.pending.get(entry.id) !== entry) return;
    if (!verdict.ok) return this.refusedAtGate(entry, verdict);
    // The roster may have changed since the command was made: its (clamped) window wins.
    const fromRoster = this.store.ackWindowMs(this.relay, entry.session);
    entry.windowMs = clampAckWindow(
      fromRoster ?? this.store.command(entry.id)?.ackWindowMs ?? entry.windowMs,
      this.timing,
    );
    entry.first = false;
    entry.proof = false;
    if (!this.link.send(verdict.frame)) {
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

  /**
   * The gate refused the entry: it waits for a read of its session; or,
   * a first send, an answer whose request closed, and any cancel, pause or
   * resume are not sent and not kept (said); an answer written once, or
   * saved, is held: its retries stop, it stays in the outbox.
   */
  private refusedAtGate(entry: WireEntry, verdict: Extract<GateVerdict, { ok: false }>): void {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (verdict.waiting) {
      entry.waiting = true;
      entry.queued = true;
      this.store.commandGateWaiting(entry.id, true);
      return;
    }
    const { refusal } = verdict;
    if (refusal.code === 'closed' && this.closedMeanwhile(entry)) return;
    const answer = entry.event.type === 'control.attention.respond';
    if (!answer || entry.first || refusal.code === 'closed' || refusal.code === 'rule') {
      this.pending.delete(entry.id);
      this.outbox?.clear(entry.id);
      this.store.commandSettled(entry.id, {
        state: 'not-sent',
        reason: refusal.why,
        code: 'gate',
        refused: refusal.code,
      });
      return;
    }
    this.pending.delete(entry.id);
    entry.queued = true;
    entry.waiting = false;
    entry.refusal = refusal;
    this.held.set(entry.id, entry);
    this.store.commandHeld(entry.id, refusal.why);
  }

  private ackSilence(entry: WireEntry): void {
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
