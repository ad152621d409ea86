import type { AepEvent, Answer } from '../protocol/types.js';
import type { CommandOutcome, OwnCommand } from './types.js';

/** Session-level commands remembered per session (the newest). */
const MAX_PER_SESSION = 20;

/**
 * The commands this console sent, by id and by request. Each mutator returns
 * whether anything changed, so the store notifies only on real transitions.
 */
export class OwnCommands {
  private readonly byId = new Map<string, OwnCommand>();
  private readonly byRequest = new Map<string, string[]>();
  private readonly bySession = new Map<string, string[]>();

  /** `source`: the emitter of the request it was sent from (the session the operator meant, of the agents sharing its name). */
  create(relay: string, requestKey: string, source: string, event: AepEvent, answer: Answer, ackWindowMs: number, now: number): OwnCommand {
    const command: OwnCommand = {
      id: event.id,
      relay,
      requestKey,
      event,
      answer,
      state: 'sending',
      queued: true,
      attempts: 0,
      ackWindowMs,
      createdAt: now,
    };
    this.byId.set(command.id, command);
    // Cancel / pause / resume are about the session, not the request they were
    // sent from: they never lock (or show as) the request's answer. Kept per
    // (source, session) like the session state they act on (session-control.ts).
    if (event.type !== 'control.attention.respond') {
      const at = relay + '\u001f' + source + '\u001f' + (event.session ?? '');
      this.bySession.set(at, [...(this.bySession.get(at) ?? []), command.id].slice(-MAX_PER_SESSION));
      return command;
    }
    this.byRequest.set(requestKey, [...(this.byRequest.get(requestKey) ?? []), command.id]);
    return command;
  }

  sent(id: string): boolean {
    const command = this.byId.get(id);
    if (!command) return false;
    this.byId.set(id, { ...command, state: 'sending', queued: false, attempts: command.attempts + 1, settledAt: undefined });
    return true;
  }

  queued(id: string): boolean {
    const command = this.byId.get(id);
    if (!command || (command.state !== 'sending' && command.state !== 'timeout')) return false;
    this.byId.set(id, { ...command, state: 'sending', queued: true, settledAt: undefined });
    return true;
  }

  settled(id: string, outcome: CommandOutcome, now: number): boolean {
    const command = this.byId.get(id);
    if (!command) return false;
    this.byId.set(id, {
      ...command,
      state: outcome.state,
      queued: false,
      settledAt: now,
      reason: outcome.state === 'rejected' || outcome.state === 'not-sent' ? outcome.reason : undefined,
      code: outcome.state === 'refused-by-relay' ? outcome.code : undefined,
      detail: outcome.state === 'rejected' || outcome.state === 'refused-by-relay' ? outcome.detail : undefined,
    });
    return true;
  }

  get(id: string): OwnCommand | undefined {
    return this.byId.get(id);
  }

  forRequest(requestKey: string): OwnCommand[] {
    return (this.byRequest.get(requestKey) ?? []).map((id) => this.byId.get(id)).filter((c): c is OwnCommand => c !== undefined);
  }

  forSession(relay: string, source: string, session: string): OwnCommand[] {
    return (this.bySession.get(relay + '\u001f' + source + '\u001f' + session) ?? []).map((id) => this.byId.get(id)).filter((c): c is OwnCommand => c !== undefined);
  }

  lastFor(requestKey: string): OwnCommand | undefined {
    const ids = this.byRequest.get(requestKey);
    return ids && ids.length ? this.byId.get(ids[ids.length - 1]) : undefined;
  }

  inFlight(): OwnCommand[] {
    return [...this.byId.values()].filter((command) => command.state === 'sending');
  }
}
