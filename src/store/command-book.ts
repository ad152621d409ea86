// The console's own commands as the store keeps them (own-commands.ts) and
// tells of them: each change heard by the store's subscribers. The base of
// ConsoleStore (store.ts), which says which request a command is about.

import type { AepEvent, Answer } from '../protocol/types.js';
import { ChangeNotifier } from './change-notifier.js';
import { OwnCommands } from './own-commands.js';
import { OPEN_STATES, type CommandOrigin, type CommandOutcome, type OwnCommand, type RequestRecord } from './types.js';

export abstract class CommandBook extends ChangeNotifier {
  protected readonly own = new OwnCommands();

  constructor(
    onSubscriberError: (error: unknown) => void,
    protected readonly now: () => number,
  ) {
    super(onSubscriberError);
  }

  /** The request a command is about, while the store holds it. */
  protected abstract requestFor(key: string): RequestRecord | undefined;

  /** The console's own cancel / pause / resume commands for emitter `source`'s session, oldest first. */
  controlCommandsFor(relay: string, source: string, session: string): OwnCommand[] {
    return this.own.forSession(relay, source, session);
  }

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
    const source = this.requestFor(requestKey)?.source ?? '';
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
      const request = this.requestFor(command.requestKey);
      return request !== undefined && OPEN_STATES.has(request.state);
    });
  }

  protected commandChanged(commandId: string): void {
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
}
