// Which acks settle one of the console's commands, and what they say.
//
// An ack counts only when it comes from the target: its `source` must be the
// source of the request the command answers (a different emitter that shares
// the session name must not settle it, or the real ack would then be ignored).
// When the request record is gone from the store, the ack must carry the same
// session and agent as the request had (remembered when the command was made).

import type { AepEvent } from '../protocol/types.js';
import type { CommandOutcome } from '../store/types.js';
import { displayLine } from '../protocol/sanitize.js';

/** Who must ack a command: the emitter of the request it answers. */
export interface Target {
  source: string;
  agent: string;
  session: string;
}

/** Targets kept for late acks (after a local timeout); oldest dropped beyond this. */
const MAX_TARGETS = 1_000;

/** The emitter of a request, as its command's target. */
export function targetOf(request: { source: string; agent: string; session: string }): Target {
  return { source: request.source, agent: request.agent, session: request.session };
}

/** command id → the request's emitter, bounded: it outlives the pending command so a late ack can still be checked. */
export class AckTargets {
  private readonly targets = new Map<string, Target>();

  get(commandId: string): Target | undefined {
    return this.targets.get(commandId);
  }

  remember(commandId: string, target: Target): void {
    this.targets.delete(commandId);
    this.targets.set(commandId, target);
    while (this.targets.size > MAX_TARGETS) {
      const oldest = this.targets.keys().next().value;
      if (oldest === undefined) break;
      this.targets.delete(oldest);
    }
  }
}

/** Does this ack come from the emitter of the request (or, with the request gone, from its remembered target)? */
export function fromTarget(
  event: AepEvent,
  request: { source: string } | undefined,
  target: Target | undefined,
): boolean {
  if (request) return event.source === request.source;
  // The request record is gone (pruned): same session and same agent as it had.
  if (!target) return false;
  return event.session === target.session && event.agent === target.agent;
}

/** What a `control.accepted` or `control.rejected` says about its command. */
export function ackOutcome(event: AepEvent): CommandOutcome {
  if (event.type === 'control.accepted') return { state: 'accepted' };
  const data = event.data ?? {};
  const reason = typeof data.reason === 'string' ? data.reason : 'unspecified';
  const detail = typeof data.detail === 'string' ? data.detail : undefined;
  return detail === undefined ? { state: 'rejected', reason } : { state: 'rejected', reason, detail };
}

/** What a relay `error` frame caused by a command says about it (its detail made safe to show). */
export function refusalOutcome(code: string, detail: unknown): CommandOutcome {
  const text = detail === undefined || detail === null ? undefined : displayLine(detail, 200);
  return text === undefined ? { state: 'refused-by-relay', code } : { state: 'refused-by-relay', code, detail: text };
}
