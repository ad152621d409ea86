import type { AepEvent } from '../../src/protocol/types.js';
import { event } from './events.js';

// Lifecycle events for UI tests, addressed to a request the way an emitter
// (or another console) would send them.

/** An attention.answered from the agent, recording what it applied. */
export function answered(
  request: AepEvent,
  answer: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  cause?: string,
): AepEvent {
  return event({
    type: 'attention.answered',
    subject: request.id,
    cause: cause ?? request.id,
    session: request.session,
    source: request.source,
    agent: request.agent,
    data: { answer, via: 'control', ...extra },
  });
}

export function resolved(request: AepEvent, data: Record<string, unknown> = { resolution: 'answered' }): AepEvent {
  return event({
    type: 'attention.resolved',
    subject: request.id,
    cause: request.id,
    session: request.session,
    source: request.source,
    agent: request.agent,
    data,
  });
}

export function timedOut(request: AepEvent, afterMs = 30_000): AepEvent {
  return event({
    type: 'attention.timeout',
    subject: request.id,
    session: request.session,
    source: request.source,
    agent: request.agent,
    data: { after_ms: afterMs },
  });
}

export function sessionEnded(request: AepEvent): AepEvent {
  return event({
    type: 'session.ended',
    session: request.session,
    source: request.source,
    agent: request.agent,
    data: {},
  });
}

/** Another console's command for the request, as the relay fans it out. */
export function foreignRespond(request: AepEvent, answer: Record<string, unknown>, agent = 'other-console'): AepEvent {
  const e = event({
    type: 'control.attention.respond',
    subject: request.id,
    cause: request.id,
    session: request.session,
    source: `aep://host-b/agent/${agent}`,
    agent,
    capture: 'metadata',
    data: { answer },
  });
  delete e.seq;
  return e;
}

/** `n` pending permission requests from distinct agents `agent-00`…, oldest first. */
export function manyRequests(n: number, extra: Partial<AepEvent> = {}): AepEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `agent-${String(i).padStart(2, '0')}`;
    return permissionFrom(name, `sess-${i}`, `prompt number ${i}`, extra);
  });
}

/** A permission request from a given agent and session (distinct source). */
export function permissionFrom(
  agent: string,
  session: string,
  prompt: string,
  extra: Partial<AepEvent> = {},
): AepEvent {
  return event({
    type: 'attention.requested',
    severity: 'notice',
    capture: 'redacted',
    agent,
    session,
    source: `aep://host-a/agent/${agent}/session/${session}`,
    data: {
      kind: 'permission',
      prompt,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
      respond_via: ['control'],
    },
    ...extra,
  });
}
