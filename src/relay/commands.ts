// The console's own commands (AEP-0004 §3, AEP-0003 §4.2): build a
// control.attention.respond, send it when the connection can take it, wait
// one ack window per send, resend the SAME event (same id) on silence, and
// settle on the first ack or relay refusal whose `cause` is the id. Timeout is
// a local verdict, never sent. A late ack still settles (the store shows the
// truth). A connection lost while waiting puts the command back in the queue;
// it goes out again, same id, once the next connection is live.

import { buildRespond } from '../protocol/respond.js';
import type { AepEvent, Answer } from '../protocol/types.js';
import type { ConsoleStore } from '../store/store.js';
import type { CommandOutcome } from '../store/types.js';
import { oneLine } from './text.js';
import { later, type RelayTiming } from './timing.js';

export interface CommandLink {
  /** True when the connection is live and a command may go on the wire now. */
  ready(): boolean;
  /** Puts one Event on the wire; false when it could not be written. */
  send(event: AepEvent): boolean;
}

interface Pending {
  id: string;
  event: AepEvent;
  session: string;
  /** Sends in the current round (reset by a requeue or by resend()). */
  sends: number;
  queued: boolean;
  windowMs: number;
  timer?: ReturnType<typeof setTimeout>;
}

export class CommandSender {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly store: ConsoleStore,
    private readonly relay: string,
    private readonly link: CommandLink,
    private readonly timing: RelayTiming,
    private readonly identity: { name: string; host: string },
  ) {}

  /** Builds and sends (or queues) an answer; '' when the request is unknown on this relay. */
  respond(requestKey: string, answer: Answer): string {
    const record = this.store.request(requestKey);
    if (!record || record.relay !== this.relay) return '';
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer,
      name: this.identity.name,
      host: this.identity.host,
      fields: record.payload.fields,
    });
    const windowMs = this.store.ackWindowMs(this.relay, record.session) ?? this.timing.defaultAckWindowMs;
    this.store.commandCreated(this.relay, requestKey, event, answer, windowMs);
    const entry: Pending = { id: event.id, event, session: record.session, sends: 0, queued: true, windowMs };
    this.pending.set(entry.id, entry);
    if (this.link.ready()) this.transmit(entry);
    return entry.id;
  }

  /** `r`: a timed-out command goes out again with the same id and a fresh set of retries. */
  resend(commandId: string): void {
    const command = this.store.command(commandId);
    if (!command || command.relay !== this.relay || command.state !== 'timeout' || this.pending.has(commandId)) return;
    const entry: Pending = {
      id: command.id,
      event: command.event,
      session: command.event.session ?? '',
      sends: 0,
      queued: true,
      windowMs: command.ackWindowMs,
    };
    this.pending.set(entry.id, entry);
    if (this.link.ready()) this.transmit(entry);
    else this.store.commandQueued(entry.id);
  }

  /** Sends every queued command, oldest first (the connection just became usable). */
  flush(): void {
    for (const entry of [...this.pending.values()]) {
      if (!this.link.ready()) return;
      if (entry.queued && this.pending.has(entry.id)) this.transmit(entry);
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
    if (typeof event.session === 'string' && command.event.session !== undefined && event.session !== command.event.session) return;
    if (event.type === 'control.accepted') {
      this.settle(event.cause, { state: 'accepted' });
      return;
    }
    const data = event.data ?? {};
    const reason = typeof data.reason === 'string' ? data.reason : 'unspecified';
    const detail = typeof data.detail === 'string' ? data.detail : undefined;
    this.settle(event.cause, detail === undefined ? { state: 'rejected', reason } : { state: 'rejected', reason, detail });
  }

  /** A relay `error` frame with a `cause`: true when it settled (or concerned) one of our commands. */
  onRelayRefusal(cause: string, code: string, detail: unknown): boolean {
    const text = detail === undefined || detail === null ? undefined : oneLine(detail);
    return this.settle(cause, text === undefined ? { state: 'refused-by-relay', code } : { state: 'refused-by-relay', code, detail: text });
  }

  dispose(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  private settle(commandId: string, outcome: CommandOutcome): boolean {
    const command = this.store.command(commandId);
    if (!command || command.relay !== this.relay) return false;
    const entry = this.pending.get(commandId);
    if (entry) {
      clearTimeout(entry.timer);
      this.pending.delete(commandId);
    }
    // The first ack wins; a late one after a local timeout still tells the truth.
    if (command.state === 'sending' || command.state === 'timeout') this.store.commandSettled(commandId, outcome);
    return true;
  }

  private transmit(entry: Pending): void {
    const command = this.store.command(entry.id);
    entry.windowMs = this.store.ackWindowMs(this.relay, entry.session) ?? command?.ackWindowMs ?? entry.windowMs;
    if (!this.link.send(entry.event)) {
      entry.queued = true;
      return;
    }
    entry.queued = false;
    entry.sends++;
    this.store.commandSent(entry.id);
    clearTimeout(entry.timer);
    entry.timer = later(() => this.ackSilence(entry), entry.windowMs);
  }

  private ackSilence(entry: Pending): void {
    entry.timer = undefined;
    if (this.pending.get(entry.id) !== entry || entry.queued) return;
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
