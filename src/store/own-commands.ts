import type { AepEvent, Answer } from '../protocol/types.js';
import { emitterSessionKey, type EmitterSessionKey } from './identity.js';
import type { CommandOrigin, CommandOutcome, OwnCommand } from './types.js';

/** Session-level commands remembered per session (the newest). */
const MAX_PER_SESSION = 20;
/** Commands remembered; past it the oldest settled ones nobody needs are forgotten. */
export const MAX_COMMANDS_REMEMBERED = 2_000;

/**
 * The commands this console sent, by id and by request. Each mutator returns
 * whether anything changed, so the store notifies only on real transitions.
 */
export class OwnCommands {
  private readonly byId = new Map<string, OwnCommand>();
  private readonly byRequest = new Map<string, string[]>();
  private readonly bySession = new Map<EmitterSessionKey, string[]>();
  /** A session-level command's entry in bySession, so forgetting it removes it from there (the command does not keep its source). */
  private readonly sessionOf = new Map<string, EmitterSessionKey>();

  /** `source`: the emitter of the request it was sent from (the session the operator meant, of the agents sharing its name). */
  create(
    relay: string,
    requestKey: string,
    source: string,
    event: AepEvent,
    answer: Answer,
    ackWindowMs: number,
    now: number,
    origin: CommandOrigin = {},
  ): OwnCommand {
    const command: OwnCommand = {
      ...(origin.by !== undefined ? { by: origin.by } : {}),
      ...(origin.cause !== undefined ? { cause: origin.cause } : {}),
      ...(origin.batch !== undefined ? { batch: origin.batch } : {}),
      ...(origin.savedAt !== undefined ? { savedAt: origin.savedAt } : {}),
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
      const at = emitterSessionKey(relay, source, event.session ?? '');
      this.bySession.set(at, [...(this.bySession.get(at) ?? []), command.id].slice(-MAX_PER_SESSION));
      this.sessionOf.set(command.id, at);
      return command;
    }
    this.byRequest.set(requestKey, [...(this.byRequest.get(requestKey) ?? []), command.id]);
    return command;
  }

  sent(id: string): boolean {
    const command = this.byId.get(id);
    if (!command) return false;
    this.byId.set(id, {
      ...command,
      state: 'sending',
      queued: false,
      attempts: command.attempts + 1,
      settledAt: undefined,
      gate: undefined,
      reason: undefined,
    });
    return true;
  }

  queued(id: string): boolean {
    const command = this.byId.get(id);
    if (!command || (command.state !== 'sending' && command.state !== 'timeout' && command.state !== 'held'))
      return false;
    if (command.state === 'sending' && command.queued) return false;
    this.byId.set(id, { ...command, state: 'sending', queued: true, settledAt: undefined, reason: undefined });
    return true;
  }

  /** The gate refuses a command already written once (or a saved one): held, with the gate's words. */
  held(id: string, reason: string): boolean {
    const command = this.byId.get(id);
    if (!command || (command.state === 'held' && command.reason === reason)) return false;
    this.byId.set(id, { ...command, state: 'held', queued: false, gate: undefined, reason });
    return true;
  }

  /** The gate waits for a read of the command's session (true), or that read ended (false). */
  gateWaiting(id: string, waiting: boolean): boolean {
    const command = this.byId.get(id);
    if (!command || command.state !== 'sending' || (command.gate === 'waiting') === waiting) return false;
    this.byId.set(id, { ...command, gate: waiting ? 'waiting' : undefined });
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
      gate: undefined,
      reason: outcome.state === 'rejected' || outcome.state === 'not-sent' ? outcome.reason : undefined,
      code:
        outcome.state === 'refused-by-relay' ? outcome.code : outcome.state === 'not-sent' ? outcome.code : undefined,
      detail: outcome.state === 'rejected' || outcome.state === 'refused-by-relay' ? outcome.detail : undefined,
      refused: outcome.state === 'not-sent' ? outcome.refused : undefined,
    });
    return true;
  }

  get(id: string): OwnCommand | undefined {
    return this.byId.get(id);
  }

  forRequest(requestKey: string): OwnCommand[] {
    return (this.byRequest.get(requestKey) ?? [])
      .map((id) => this.byId.get(id))
      .filter((c): c is OwnCommand => c !== undefined);
  }

  forSession(relay: string, source: string, session: string): OwnCommand[] {
    return (this.bySession.get(emitterSessionKey(relay, source, session)) ?? [])
      .map((id) => this.byId.get(id))
      .filter((c): c is OwnCommand => c !== undefined);
  }

  lastFor(requestKey: string): OwnCommand | undefined {
    const ids = this.byRequest.get(requestKey);
    return ids && ids.length ? this.byId.get(ids[ids.length - 1]) : undefined;
  }

  get size(): number {
    return this.byId.size;
  }

  /** How many requests and (emitter) sessions hold command lists: each list lives only as long as a command in it. */
  get indexSizes(): { requests: number; sessions: number } {
    return { requests: this.byRequest.size, sessions: this.bySession.size };
  }

  /** Below this size nothing is scanned (after a prune that could not free enough, not before it grows again). */
  private pruneAbove = MAX_COMMANDS_REMEMBERED;

  /**
   * Forgets the oldest settled commands once more than MAX_COMMANDS_REMEMBERED
   * are held, sparing any `keep` still needs (their request is open: the
   * command is what locks it against a second answer). Returns the ids forgotten.
   */
  prune(keep: (command: OwnCommand) => boolean): string[] {
    if (this.byId.size <= this.pruneAbove) return [];
    const target = Math.floor(MAX_COMMANDS_REMEMBERED * 0.9);
    const forgotten: string[] = [];
    for (const [id, command] of this.byId) {
      if (this.byId.size - forgotten.length <= target) break;
      if (command.state !== 'sending' && command.state !== 'held' && !keep(command)) forgotten.push(id);
    }
    for (const id of forgotten) this.forget(id);
    this.pruneAbove = Math.max(MAX_COMMANDS_REMEMBERED, this.byId.size + 200);
    return forgotten;
  }

  private forget(id: string): void {
    const command = this.byId.get(id);
    if (!command) return;
    this.byId.delete(id);
    // By the keys create filed it under (a session-level command's emitter session, not a key rebuilt without its source).
    const session = this.sessionOf.get(id);
    this.sessionOf.delete(id);
    unlist(this.byRequest, command.requestKey, id);
    if (session !== undefined) unlist(this.bySession, session, id);
  }

  inFlight(): OwnCommand[] {
    return [...this.byId.values()].filter((command) => command.state === 'sending');
  }
}

/** Takes `id` out of the list at `key`; an emptied list goes. */
function unlist<K>(lists: Map<K, string[]>, key: K, id: string): void {
  const ids = lists.get(key);
  if (!ids?.includes(id)) return;
  const kept = ids.filter((other) => other !== id);
  if (kept.length) lists.set(key, kept);
  else lists.delete(key);
}
